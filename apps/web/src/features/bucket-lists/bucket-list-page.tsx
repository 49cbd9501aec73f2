import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Compass, Globe, ListPlus, LogOut, Plus, Settings2, SearchX, Users } from 'lucide-react';
import {
  bucketCategories,
  type BucketCategory,
} from '@vowa/shared/bucket-lists/bucket-list-constants';
import {
  completionPercent,
  filterBucketItems,
  statusCounts,
  type BucketStatusFilter,
} from '@vowa/shared/bucket-lists/bucket-list-rules';
import type { BucketItem, BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { ConfirmDialogOnDemand } from '../../components/ui/confirm-dialog-on-demand';
import { EmptyState } from '../../components/ui/empty-state';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { focusRing } from '../../components/ui/button-variants';
import { ApiError, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-context';
import { useFirstScreenSettled } from '../../lib/use-first-screen-settled';
import { useRevealInSteps } from '../../lib/use-reveal-in-steps';
import { useWatchActions } from '../../lib/watch-actions-context';
import {
  useBucketList,
  useBucketLists,
  useDeleteItem,
  useRemoveShare,
  useToggleCompletion,
} from './bucket-api';
import { listGradient } from './bucket-visuals';
import { preloadBucketDialogs } from './bucket-dialog-code';
import { DiscoverDialog, ItemDialog, ListDialog } from './bucket-dialogs';
import { InvitationsPanel } from './invitations-panel';
import { ItemCard, type ItemCardActions } from './item-card';
import { ListSidebar } from './list-sidebar';

/** /travel/bucket-list (part 1 §2): my lists, the selected list, its items and the modals. */
/** Item cards rendered in the first pass and in each later one (two rows of three, widest). */
const ITEMS_PER_STEP = 6;

export function BucketListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const lists = useBucketLists();
  const [creating, setCreating] = useState(false);
  const [discovering, setDiscovering] = useState(false);
  const screenSettled = useFirstScreenSettled();
  // The dialogs' code is fetched in an idle moment, so a first click opens one at once.
  useEffect(() => {
    if (screenSettled) preloadBucketDialogs();
  }, [screenSettled]);

  const requestedId = searchParams.get('list');
  // The lists render from a deferred copy of the answer: the cards it brings are then built in
  // short, interruptible slices instead of inside the query's synchronous update.
  const deferredLists = useDeferredValue(lists.data);
  const listsShown = lists.isSuccess && deferredLists !== undefined;
  const mine = deferredLists ?? [];
  const fromMine = requestedId ? mine.find((list) => list.id === requestedId) : mine[0];
  // A list that is not among mine (a public one, opened from Discover or a link) is read by id.
  const external = useBucketList(requestedId, listsShown && !fromMine);
  const selected = fromMine ?? (requestedId ? external.data : undefined);

  const select = (listId: string | null) =>
    setSearchParams(listId ? { list: listId } : {}, { replace: false });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('bucket.title')}</h1>
          <p className="mt-1 text-ink-muted">{t('bucket.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDiscovering(true)}>
            <Globe aria-hidden="true" className="size-4" />
            {t('bucket.discover')}
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('bucket.newList')}
          </Button>
        </div>
      </div>

      <InvitationsPanel onAccepted={select} />

      {lists.isError ? (
        <Banner tone="error" className="mt-6">
          {errorMessage(lists.error)}
        </Banner>
      ) : null}

      {lists.isPending || (lists.isSuccess && !deferredLists) ? (
        <div role="status" className="mt-8 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <span className="sr-only">{t('bucket.loadingLists')}</span>
          <Skeleton className="h-64" />
          <div className="space-y-6">
            <Skeleton className="h-40" />
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              <Skeleton className="h-72" />
              <Skeleton className="h-72" />
              <Skeleton className="h-72" />
            </div>
          </div>
        </div>
      ) : listsShown && mine.length === 0 && !requestedId ? (
        <EmptyState
          icon={ListPlus}
          title={t('bucket.noLists.title')}
          className="mt-8"
          action={<Button onClick={() => setCreating(true)}>{t('bucket.noLists.action')}</Button>}
        >
          <p>{t('bucket.noLists.text')}</p>
        </EmptyState>
      ) : listsShown ? (
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          {mine.length > 0 ? (
            <ListSidebar
              lists={mine}
              selectedId={selected?.id ?? null}
              userId={user?.id}
              onSelect={select}
            />
          ) : (
            <div className="hidden lg:block" />
          )}
          <div className="min-w-0">
            {selected ? (
              <SelectedList
                key={selected.id}
                list={selected}
                userId={user?.id}
                isMember={Boolean(fromMine)}
                onGone={() => select(null)}
              />
            ) : external.isPending && requestedId ? (
              <Skeleton className="h-40" />
            ) : external.isError ? (
              <Banner tone="error">
                {external.error instanceof ApiError && external.error.status === 404
                  ? t('bucket.listNotFound')
                  : errorMessage(external.error)}
              </Banner>
            ) : null}
          </div>
        </div>
      ) : null}

      <ListDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(list) => select(list.id)}
      />
      <DiscoverDialog
        open={discovering}
        onOpenChange={setDiscovering}
        onOpenList={(listId) => {
          setDiscovering(false);
          select(listId);
        }}
      />
    </div>
  );
}

function SelectedList({
  list,
  userId,
  isMember,
  onGone,
}: {
  list: BucketList;
  userId: string | undefined;
  /** Among "Your Lists" (owned or shared with me), as opposed to a public list I am viewing. */
  isMember: boolean;
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const isOwner = list.ownerId === userId;
  const [status, setStatus] = useState<BucketStatusFilter>('all');
  const [category, setCategory] = useState<BucketCategory | 'all'>('all');
  const [itemDialog, setItemDialog] = useState<{ open: boolean; item: BucketItem | null }>({
    open: false,
    item: null,
  });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deleting, setDeleting] = useState<BucketItem | null>(null);
  const [leaving, setLeaving] = useState(false);
  const toggle = useToggleCompletion(list.id);
  const deleteItem = useDeleteItem(list.id);
  const leave = useRemoveShare(list.id);
  const { watch } = useWatchActions();
  const { mutate: toggleCompletion } = toggle;
  const cardActions = useMemo<ItemCardActions>(
    () => ({
      toggle: (item) => toggleCompletion({ itemId: item.id, isCompleted: !item.isCompleted }),
      edit: (item) => setItemDialog({ open: true, item }),
      remove: setDeleting,
      watchBudget: (item) =>
        watch({
          kind: 'destination',
          bucketItemId: item.id,
          place: `${item.location}, ${item.country}`,
        }),
    }),
    [toggleCompletion, watch],
  );

  const counts = statusCounts(list.items, category);
  const visible = filterBucketItems(list.items, status, category);
  const shownItems = useRevealInSteps(visible.length, ITEMS_PER_STEP);
  const completed = list.items.filter((item) => item.isCompleted).length;
  const percent = completionPercent(list.items);
  const openAdd = () => setItemDialog({ open: true, item: null });

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="selected-list-name"
        className="relative overflow-hidden rounded-2xl text-white shadow-lg"
        style={{ backgroundImage: listGradient(list.color) }}
      >
        {/* Darkens every preset enough for white text (AA). */}
        <div aria-hidden="true" className="absolute inset-0 bg-slate-950/50" />
        <div className="relative p-6 sm:p-8">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id="selected-list-name" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {list.name}
              </h2>
              {list.description ? (
                <p className="mt-1 max-w-2xl text-white/90">{list.description}</p>
              ) : null}
              <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-white/90">
                {isOwner ? (
                  <span>{t('bucket.by', { owner: list.ownerName })}</span>
                ) : (
                  // Someone else's list: their name opens their public profile.
                  <Link
                    to={`/users/${encodeURIComponent(list.ownerId)}`}
                    className={cn(
                      'rounded-sm underline decoration-white/60 underline-offset-4 hover:decoration-white',
                      focusRing,
                    )}
                  >
                    <span>{t('bucket.by', { owner: list.ownerName })}</span>
                  </Link>
                )}
                <span>{t('bucket.itemCount', { count: list.items.length })}</span>
                <span>{t('bucket.completedCount', { count: completed })}</span>
                {!isOwner && isMember ? (
                  <span className="inline-flex items-center gap-1">
                    <Users aria-hidden="true" className="size-4" />
                    {t('bucket.sharedWithYou')}
                  </span>
                ) : null}
                {list.isPublic ? (
                  <span className="inline-flex items-center gap-1">
                    <Globe aria-hidden="true" className="size-4" />
                    {t('bucket.public')}
                  </span>
                ) : null}
              </p>
            </div>
            <div className="flex gap-2">
              {isOwner ? (
                <>
                  <button
                    type="button"
                    aria-label={t('bucket.listSettings')}
                    onClick={() => setSettingsOpen(true)}
                    className={cn(
                      'inline-flex size-10 items-center justify-center rounded-xl bg-white/15 text-white hover:bg-white/25',
                      focusRing,
                    )}
                  >
                    <Settings2 aria-hidden="true" className="size-5" />
                  </button>
                  <Button
                    variant="secondary"
                    className="bg-white text-slate-900 hover:bg-white/90"
                    onClick={openAdd}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    {t('bucket.addItem')}
                  </Button>
                </>
              ) : isMember ? (
                <Button
                  variant="outline"
                  className="border-white/40 text-white hover:bg-white/15"
                  onClick={() => setLeaving(true)}
                >
                  <LogOut aria-hidden="true" className="size-4" />
                  {t('bucket.leave.action')}
                </Button>
              ) : null}
            </div>
          </div>
          <div className="mt-6">
            <div className="mb-1.5 flex justify-end text-sm font-semibold">
              {t('bucket.percentComplete', { percent })}
            </div>
            <ProgressBar
              value={percent}
              label={t('bucket.progressLabel', { name: list.name })}
              className="h-2.5 bg-white/25"
              fillClassName="bg-white bg-none"
            />
          </div>
        </div>
      </section>

      {!isOwner ? (
        <p className="text-sm text-ink-muted">
          {isMember
            ? t('bucket.readOnly')
            : `${t('bucket.publicLists.viewing')} · ${t('bucket.readOnly')}`}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('bucket.filters.label')} className="flex flex-wrap gap-2">
          {(['all', 'pending', 'completed'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={cn(
                'inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
                status === value
                  ? 'border-transparent bg-linear-to-r from-sky-700 to-violet-600 text-white'
                  : 'border-line bg-surface text-ink hover:bg-raised',
                focusRing,
              )}
            >
              {t(`bucket.filters.${value}`)}{' '}
              <span
                className={cn(
                  'rounded-full px-2 text-xs',
                  status === value ? 'bg-white/20' : 'bg-raised',
                )}
              >
                {counts[value]}
              </span>
            </button>
          ))}
        </div>
        <Select
          label={t('bucket.filters.category')}
          hideLabel
          className="w-48"
          value={category}
          onChange={(event) => setCategory(event.target.value as BucketCategory | 'all')}
          options={[
            { value: 'all', label: t('bucket.filters.allCategories') },
            ...bucketCategories.map((value) => ({
              value,
              label: t(`bucket.categories.${value}`),
            })),
          ]}
        />
      </div>

      {toggle.error ? <Banner tone="error">{errorMessage(toggle.error)}</Banner> : null}

      {visible.length === 0 ? (
        <EmptyState
          icon={status === 'all' ? Compass : SearchX}
          title={t('bucket.empty.title')}
          titleAs="h3"
          action={
            // The list has items the filters hide: offering to add a first one would be untrue.
            list.items.length > 0 ? (
              <Button
                variant="outline"
                onClick={() => {
                  setStatus('all');
                  setCategory('all');
                }}
              >
                {t('bucket.empty.clearFilters')}
              </Button>
            ) : isOwner ? (
              <Button onClick={openAdd}>
                <Plus aria-hidden="true" className="size-4" />
                {t('bucket.empty.addFirst')}
              </Button>
            ) : null
          }
        >
          <p>
            {status !== 'all'
              ? t('bucket.empty.filtered', { filter: t(`bucket.empty.${status}`) })
              : list.items.length > 0
                ? t('bucket.empty.noneInCategory')
                : t('bucket.empty.all')}
          </p>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {visible.slice(0, shownItems).map((item) => (
            <li key={item.id} className="flex">
              <ItemCard item={item} canEdit={isOwner} actions={cardActions} />
            </li>
          ))}
        </ul>
      )}

      {isOwner ? (
        <>
          <ItemDialog
            open={itemDialog.open}
            onOpenChange={(open) => setItemDialog((now) => ({ ...now, open }))}
            listId={list.id}
            item={itemDialog.item}
          />
          <ListDialog
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            list={list}
            onDeleted={onGone}
          />
          <ConfirmDialogOnDemand
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title={t('bucket.item.confirmTitle')}
            description={t('bucket.item.confirmText', { title: deleting?.title ?? '' })}
            confirmLabel={t('bucket.item.confirm')}
            cancelLabel={t('bucket.cancel')}
            busy={deleteItem.isPending}
            error={
              deleteItem.error ? (
                <Banner tone="error">{errorMessage(deleteItem.error)}</Banner>
              ) : null
            }
            onConfirm={() => {
              if (!deleting) return;
              deleteItem.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
            }}
          />
        </>
      ) : null}
      {!isOwner && isMember && userId ? (
        <ConfirmDialogOnDemand
          open={leaving}
          onOpenChange={setLeaving}
          title={t('bucket.leave.title')}
          description={t('bucket.leave.text', { name: list.name })}
          confirmLabel={t('bucket.leave.confirm')}
          cancelLabel={t('bucket.cancel')}
          busy={leave.isPending}
          error={leave.error ? <Banner tone="error">{errorMessage(leave.error)}</Banner> : null}
          onConfirm={() =>
            leave.mutate(userId, {
              onSuccess: () => {
                setLeaving(false);
                onGone();
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
