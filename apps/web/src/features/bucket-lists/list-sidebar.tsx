import { useTranslation } from 'react-i18next';
import { Globe, Users } from 'lucide-react';
import type { BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { Card } from '../../components/ui/card';
import { focusRing } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { listGradient } from './bucket-visuals';

/** 'Your Lists': colour, name, item count, owner and the shared/public markers. */
export function ListSidebar({
  lists,
  selectedId,
  userId,
  onSelect,
}: {
  lists: readonly BucketList[];
  selectedId: string | null;
  userId: string | undefined;
  onSelect: (listId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="p-3">
      <h2 id="your-lists" className="px-2 pt-1 pb-2 text-sm font-semibold text-ink-muted uppercase">
        {t('bucket.yourLists')}
      </h2>
      <ul aria-labelledby="your-lists" className="space-y-1">
        {lists.map((list) => {
          const selected = list.id === selectedId;
          const shared = list.ownerId !== userId;
          return (
            <li key={list.id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(list.id)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl px-2 py-2.5 text-left transition-colors',
                  selected ? 'bg-raised ring-1 ring-line' : 'hover:bg-raised/70',
                  focusRing,
                )}
              >
                <span
                  aria-hidden="true"
                  className="size-10 shrink-0 rounded-lg shadow-sm"
                  style={{ backgroundImage: listGradient(list.color) }}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-ink">{list.name}</span>
                  <span className="block truncate text-xs text-ink-muted">
                    {t('bucket.itemCount', { count: list.items.length })} ·{' '}
                    {t('bucket.by', { owner: list.ownerName })}
                  </span>
                  {shared || list.isPublic ? (
                    <span className="mt-1 flex flex-wrap gap-1.5 text-xs font-medium">
                      {shared ? (
                        <span className="inline-flex items-center gap-1 text-violet-700 dark:text-violet-300">
                          <Users aria-hidden="true" className="size-3.5" />
                          {t('bucket.sharedWithYou')}
                        </span>
                      ) : null}
                      {list.isPublic ? (
                        <span className="inline-flex items-center gap-1 text-sky-700 dark:text-sky-300">
                          <Globe aria-hidden="true" className="size-3.5" />
                          {t('bucket.public')}
                        </span>
                      ) : null}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
