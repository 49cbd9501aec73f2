import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, Search, UserRound } from 'lucide-react';
import { Banner } from '../../components/ui/banner';
import { focusRing } from '../../components/ui/button-variants';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { usePublicBucketLists } from './bucket-api';
import { listGradient } from './bucket-visuals';

const SEARCH_DELAY_MS = 300;

/** Others' public lists, searchable; choosing one opens it read-only. */
export function DiscoverDialog({
  open,
  onOpenChange,
  onOpenList,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenList: (listId: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = usePublicBucketLists(query, open);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('bucket.publicLists.title')}
      description={t('bucket.publicLists.description')}
      closeLabel={t('bucket.close')}
      className="sm:max-w-lg"
    >
      <TextInput
        label={t('bucket.publicLists.search')}
        type="search"
        placeholder={t('bucket.publicLists.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        trailing={<Search aria-hidden="true" className="mr-2.5 size-4 text-ink-muted" />}
      />
      <div className="mt-4" aria-live="polite" aria-busy={results.isFetching || undefined}>
        {results.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : results.isError ? (
          <Banner tone="error">{errorMessage(results.error)}</Banner>
        ) : results.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-muted">{t('bucket.publicLists.empty')}</p>
        ) : (
          <ul className="space-y-2">
            {results.data.map((list) => (
              <li key={list.id} className="flex items-stretch gap-2">
                <button
                  type="button"
                  onClick={() => onOpenList(list.id)}
                  className={cn(
                    'flex min-w-0 flex-1 items-center gap-3 rounded-xl border border-line p-3 text-left hover:bg-raised',
                    focusRing,
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="size-11 shrink-0 rounded-lg"
                    style={{ backgroundImage: listGradient(list.color) }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{list.name}</span>
                    <span className="block truncate text-xs text-ink-muted">
                      {t('bucket.publicLists.owner', { owner: list.ownerName })} ·{' '}
                      {t('bucket.itemCount', { count: list.itemCount })} ·{' '}
                      {t('bucket.completedCount', { count: list.completedCount })}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 text-ink-muted" />
                </button>
                {/* The owner's public profile (what their privacy settings let others see). */}
                <Link
                  to={`/users/${encodeURIComponent(list.ownerId)}`}
                  aria-label={t('publicProfile.ownerProfile', { name: list.ownerName })}
                  title={t('publicProfile.ownerProfile', { name: list.ownerName })}
                  className={cn(
                    'flex w-11 shrink-0 items-center justify-center rounded-xl border border-line text-ink-muted hover:bg-raised hover:text-ink',
                    focusRing,
                  )}
                >
                  <UserRound aria-hidden="true" className="size-5" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
