import { useTranslation } from 'react-i18next';
import { completionPercent } from '@vowa/shared/bucket-lists/bucket-list-rules';
import { ProgressBar } from '../../components/ui/progress-bar';
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
      <ProgressBar value={percent} label={label} />
      <p className="text-xs text-ink-muted">
        {t('home.glance.bucketLists', { count: own.length })}
      </p>
    </div>
  );
}
