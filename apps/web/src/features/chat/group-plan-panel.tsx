import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationState } from '@tanstack/react-query';
import { ClipboardList, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type {
  GroupPlanBooking,
  GroupPlanPick,
  GroupPlanResponse,
} from '@vowa/shared/groups/group-plan-schemas';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useBookingFlow, type BookingStart } from '../../lib/booking-flow-context';
import { cn } from '../../lib/cn';
import { formatMinor } from '../../lib/minor-units';
import { useFormat } from '../../lib/use-format';
import { useUserId } from './chat-api';
import {
  groupPlanKeys,
  useGroupPlan,
  useGroupVote,
  useLiveGroupPlan,
  useRemoveGroupPick,
} from './group-plan-api';

/**
 * The group plan button in a group's header (issue 15 §5): opens the plan, and says when a
 * 'Select for Group' could not be posted (the detail dialog has closed by then).
 */
export function GroupPlanButton({ conversation }: { conversation: Conversation | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (conversation?.type !== 'group') return null;
  return (
    <>
      <PickError groupId={conversation.id} />
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('groupPlan.openLabel')}
        onClick={() => setOpen(true)}
      >
        <ClipboardList aria-hidden className="size-4" />
        <span className="hidden sm:inline">{t('groupPlan.open')}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('groupPlan.title')}
        description={t('groupPlan.description')}
        closeLabel={t('groupPlan.close')}
        className="sm:max-w-2xl"
      >
        <GroupPlanPanel group={conversation} onBooking={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** The last failed 'Select for Group' of this group, until dismissed. */
function PickError({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(0);
  const failures = useMutationState({
    filters: { mutationKey: [...groupPlanKeys.all, 'pick', groupId], status: 'error' },
    select: (mutation) => ({ at: mutation.state.submittedAt, error: mutation.state.error }),
  });
  const last = failures.at(-1);
  if (!last || last.at <= dismissed) return null;
  return (
    <p role="alert" className="flex items-center gap-1 text-xs text-red-600 dark:text-red-300">
      {t('groupPlan.selectFailed', { error: errorMessage(last.error) })}
      <Button size="sm" variant="ghost" onClick={() => setDismissed(last.at)}>
        {t('groupPlan.close')}
      </Button>
    </p>
  );
}

/** Where the plan goes, for the booking's title: the stay's city, else the flight's or activity's. */
function tripTitleOf(plan: GroupPlanResponse, fallback: string): BookingStart['tripTitle'] {
  for (const { offer } of plan.picks) {
    if (offer.kind === 'hotel') {
      const { address } = offer.hotel;
      return {
        destination: address.city,
        country: address.country,
        countryCode: address.countryCode ?? '',
      };
    }
  }
  const outbound = plan.picks.find((pick) => pick.slot === 'flight');
  if (outbound?.offer.kind === 'flight') {
    const { arrival } = outbound.offer.flight;
    return {
      destination: arrival.city,
      country: arrival.country,
      countryCode: arrival.countryCode ?? '',
    };
  }
  const experience = plan.picks.find((pick) => pick.offer.kind === 'experience');
  if (experience?.offer.kind === 'experience') {
    const { location } = experience.offer.experience;
    return { destination: location.city, country: '', countryCode: location.countryCode ?? '' };
  }
  return { destination: fallback, country: '', countryCode: '' };
}

/**
 * The group plan: the current picks with their price, who picked them, everyone's vote and
 * yes/no buttons, Remove; "Book for the group" once everyone agreed (the booking dialog, one
 * traveller per member); and the plan's past bookings with this member's share.
 */
export function GroupPlanPanel({
  group,
  onBooking,
}: {
  group: Conversation;
  /** The booking dialog is opening (the caller may close the panel). */
  onBooking?: () => void;
}) {
  const { t } = useTranslation();
  const plan = useGroupPlan(group.id);
  const { start } = useBookingFlow();
  useLiveGroupPlan(group.id);

  if (plan.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <span className="sr-only">{t('groupPlan.loading')}</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (plan.isError) return <Banner tone="error">{errorMessage(plan.error)}</Banner>;
  const current = plan.data;
  const canBook = current.agreed && !current.bookingInProgress;
  const book = () => {
    onBooking?.();
    start({
      items: current.picks.map((pick) => ({ kind: pick.offer.kind, quoteId: pick.quoteId })),
      travelers: current.members.length,
      source: 'group',
      tripTitle: tripTitleOf(current, group.name),
      groupId: group.id,
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {current.picks.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('groupPlan.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('groupPlan.title')}>
          {current.picks.map((pick) => (
            <li key={pick.id}>
              <PickItem groupId={group.id} pick={pick} />
            </li>
          ))}
        </ul>
      )}
      {current.picks.length > 0 && (
        <div className="flex flex-col gap-2 border-t border-line pt-3">
          <p role="status" className="text-sm text-ink-muted">
            {current.bookingInProgress
              ? t('groupPlan.bookingInProgress')
              : current.agreed
                ? t('groupPlan.agreed')
                : t('groupPlan.notAgreed')}
          </p>
          <p className="text-xs text-ink-muted">
            {t('groupPlan.travellers', { count: current.members.length })}
          </p>
          <Button onClick={book} disabled={!canBook} className="self-end">
            {t('groupPlan.book')}
          </Button>
        </div>
      )}
      {current.bookings.length > 0 && (
        <section aria-labelledby="group-plan-bookings" className="border-t border-line pt-3">
          <h3 id="group-plan-bookings" className="text-sm font-semibold text-ink">
            {t('groupPlan.bookingsTitle')}
          </h3>
          <ul className="mt-2 flex flex-col gap-2">
            {current.bookings.map((booking) => (
              <li key={booking.bookingId}>
                <BookingItem booking={booking} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function PickItem({ groupId, pick }: { groupId: string; pick: GroupPlanPick }) {
  const { t } = useTranslation();
  const format = useFormat();
  const selfId = useUserId();
  const vote = useGroupVote(groupId);
  const remove = useRemoveGroupPick(groupId);
  const mine = pick.votes.find((entry) => entry.userId === selfId)?.vote ?? null;
  const busy = vote.isPending || remove.isPending || pick.booking;
  const failure = vote.error ?? remove.error;
  return (
    <article aria-label={pick.title} className="rounded-xl border border-line p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-ink-muted">
          {t(`groupPlan.slots.${pick.slot}`)}
        </span>
        <Badge tone={pick.marker === 'modified' ? 'warning' : 'accent'}>
          {t(`groupPlan.markers.${pick.marker}`)}
        </Badge>
        {pick.booking && <Badge tone="neutral">{t('groupPlan.booking')}</Badge>}
      </div>
      <p className="mt-1 font-medium text-ink">{pick.title}</p>
      <p className="text-ink">
        {pick.price ? (
          <>
            <span className="font-semibold">
              {format.money(pick.price.amount, pick.price.currency, 'always')}
            </span>{' '}
            <span className="text-xs text-ink-muted">
              {pick.slot === 'hotel' ? t('groupPlan.perStay') : t('groupPlan.perPerson')}
            </span>
          </>
        ) : (
          t('groupPlan.noPrice')
        )}
      </p>
      {pick.pickedBy && (
        <p className="text-xs text-ink-muted">
          {t('groupPlan.pickedBy', { name: pick.pickedBy.name || t('groupPlan.someone') })}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant={mine === 'yes' ? 'secondary' : 'outline'}
          aria-pressed={mine === 'yes'}
          aria-label={t('groupPlan.voteYes', { title: pick.title })}
          disabled={busy}
          onClick={() => vote.mutate({ pickId: pick.id, vote: 'yes' })}
        >
          <ThumbsUp aria-hidden className="size-4" />
          {t('groupPlan.yes')}
        </Button>
        <Button
          size="sm"
          variant={mine === 'no' ? 'secondary' : 'outline'}
          aria-pressed={mine === 'no'}
          aria-label={t('groupPlan.voteNo', { title: pick.title })}
          disabled={busy}
          onClick={() => vote.mutate({ pickId: pick.id, vote: 'no' })}
        >
          <ThumbsDown aria-hidden className="size-4" />
          {t('groupPlan.no')}
        </Button>
        <span className="text-xs text-ink-muted">
          {t('groupPlan.counts', { yes: pick.yes, no: pick.no })}
        </span>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          aria-label={t('groupPlan.removeLabel', { title: pick.title })}
          disabled={busy}
          onClick={() => remove.mutate(pick.id)}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('groupPlan.remove')}
        </Button>
      </div>
      <ul aria-label={t('groupPlan.votesOf', { title: pick.title })} className="mt-2 text-xs">
        {pick.votes.map((entry) => (
          <li
            key={entry.userId}
            className={cn(
              'flex justify-between gap-2',
              entry.vote === 'yes' && 'text-emerald-700 dark:text-emerald-300',
              entry.vote === 'no' && 'text-red-700 dark:text-red-300',
              entry.vote === null && 'text-ink-muted',
            )}
          >
            <span>{entry.name || t('groupPlan.someone')}</span>
            <span>{t(`groupPlan.vote.${entry.vote ?? 'none'}`)}</span>
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-300">
          {errorMessage(failure)}
        </p>
      )}
    </article>
  );
}

function BookingItem({ booking }: { booking: GroupPlanBooking }) {
  const { t } = useTranslation();
  const format = useFormat();
  const share = booking.myShare;
  const amount = share ? formatMinor(format, share) : '';
  return (
    <article aria-label={booking.reference} className="rounded-xl bg-raised p-3 text-sm">
      <p className="font-medium text-ink">
        {t('groupPlan.bookedBy', {
          name: booking.bookedBy?.name || t('groupPlan.someone'),
          reference: booking.reference,
        })}
      </p>
      <p className="text-ink-muted">
        {t('groupPlan.total', {
          amount: formatMinor(format, booking.total),
          count: booking.memberCount,
        })}
      </p>
      <p className="font-semibold text-ink">
        {!share
          ? t('groupPlan.noShare')
          : share.display
            ? t('groupPlan.yourShareConverted', {
                amount,
                converted: format.money(share.display.amount, share.display.currency, 'always'),
                from: share.currency,
                rate: share.display.rate,
                to: share.display.currency,
                asOf: format.calendarDate(share.display.asOf),
              })
            : t('groupPlan.yourShare', { amount })}
      </p>
    </article>
  );
}
