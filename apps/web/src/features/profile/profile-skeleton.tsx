import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';

/** A profile's shape while it loads (own or someone else's), announced by its label. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-6">
      <p className="flex items-center gap-2 text-ink-muted">
        <Spinner />
        {label}
      </p>
      <Skeleton className="h-40" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64" />
        <Skeleton className="h-64 lg:col-span-2" />
      </div>
    </div>
  );
}
