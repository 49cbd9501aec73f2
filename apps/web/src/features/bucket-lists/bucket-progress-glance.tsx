import { useTranslation } from 'react-i18next';
import { completionPercent } from '@vowa/shared/bucket-lists/bucket-list-rules';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session-context';
import { useBucketLists } from './bucket-api';

/** The home screen's bucket-list progress: places done of all the person's own lists. */
export function BucketProgressGlance() {
  const { t } = useTranslation();
  const { user } = useSession();
  const lists = useBucketLists();

  if (lists.isPending) return <Skeleton className="h-10" />;
  const own = (lists.data ?? []).filter((list) => list.ownerId === user?.id);
  const items = own.flatMap((list) => list.items);
  if (items.length === 0) {
    return <p className="text-sm text-ink-muted">{t('home.glance.bucketEmpty')}</p>;
  }
  const done = items.filter((item) => item.isCompleted).length;
  const percent = completionPercent(items);
  const label = t('home.glance.bucketProgress', { done, total: items.length });
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-raised"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-sky-500 to-violet-600"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-ink-muted">
        {t('home.glance.bucketLists', { count: own.length })}
      </p>
    </div>
  );
}
