import { randomUUID } from 'node:crypto';
import type { Booking, CreateBookingInput } from '@vowa/shared/bookings/booking-schemas';
import type { NotificationData } from '@vowa/shared/notifications/notification-schemas';
import type { AutoBookingStatus } from '@vowa/shared/watches/watch-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { CreateOutcome } from '../bookings/bookings-service';
import type {
  AutoBookDeps,
  AutoBooker,
  WatchJudgement,
  WatchParty,
  WatchPlan,
  WatchRow,
} from './watch-ports';
import { priceWatches, watchBookings, watchPrices } from './watch-schema';

/**
 * Auto-booking exactly once (issue 16, design "Auto-booking exactly once"; ADR 0017's rules):
 *
 * 1. Claim: one statement moves the watch `active → booking` (a fresh `claim_id`, `claim_until`)
 *    AND inserts its `watch_bookings` row for this price drop; the partial unique index allows
 *    one claimed/booked attempt per watch, so two instances (or two monitor passes) cannot both
 *    win. Only the winner queues the keyed job `watches.book` (key `<watchId>:<dropId>`, created
 *    once ever).
 * 2. The job books as the person with the idempotency key `auto:<watchId>:<dropId>`, stored by
 *    bookings with a unique constraint before any money moves; payment and provider calls carry
 *    keys of their own, and bookings' recovery job drives a booking whose driver died. A job run
 *    again first looks the booking up by that key and settles from it: it never books twice.
 * 3. Recovery: a watch left in `booking` past its claim (a worker died, a job was lost) is
 *    claimed again by one instance (conditional update, new `claim_id`) on a monitor pass, which
 *    settles it from the booking made under the key, or re-queues the job under a new key.
 *
 * A driver whose claim was taken over stops without writing: settling a failure is
 * conditional on holding the claim, so only the current holder can put a watch back to active.
 */

/** How long a claim holds without news from its job (renewed before each outside call). */
export const CLAIM_MS = 10 * 60_000;
/** A booking under the key is still being driven (bookings' own recovery): look again soon. */
export const RECHECK_MS = 60_000;
export const BOOK_JOB = 'watches.book';
/** Watches resumed per monitor pass. */
const RESUME_BATCH = 100;
const DAY_MS = 86_400_000;

export const autoBookingKey = (watchId: string, dropId: number) => `auto:${watchId}:${dropId}`;
export const bookJobKey = (watchId: string, dropId: number) => `${watchId}:${dropId}`;

type BookPayload = { watchId: string; dropId: number; claimId: string };

/** Why an attempt did not book: `auto_booking_failed`'s reasons. */
type FailReason = NotificationData<'auto_booking_failed'>['reason'];
/** Reasons the person can do something about: they are told (once a day per watch). */
const TOLD: FailReason[] = [
  'card_declined',
  'needs_card',
  'needs_verified_email',
  'auto_booking_off',
  'sold_out',
  'failed',
];

type Rows<T> = { rows: T[] };

/** A claimed attempt and the drop it is for, read with its watch. */
type Attempt = { watch: WatchRow; status: string; dropMarket: number };

const toMajor = (minor: number, currency: string) => {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return minor / 10 ** digits;
};

const isUnique = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export function createAutoBooker(deps: AutoBookDeps): AutoBooker & {
  status(userId: string): Promise<AutoBookingStatus>;
  /** Runs one `watches.book` job now (what the job worker calls). */
  book(payload: BookPayload): Promise<void>;
} {
  const { db, bookings, people, jobs, now, log } = deps;

  async function execute<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await db.execute(query)) as unknown as Rows<T>).rows;
  }

  async function readWatch(watchId: string): Promise<WatchRow | null> {
    const [row] = await db.select().from(priceWatches).where(eq(priceWatches.id, watchId));
    return (row as WatchRow | undefined) ?? null;
  }

  async function readAttempt(watchId: string, dropId: number): Promise<Attempt | null> {
    const [row] = await db
      .select({
        watch: priceWatches,
        status: watchBookings.status,
        dropMarket: watchPrices.marketPrice,
      })
      .from(watchBookings)
      .innerJoin(priceWatches, eq(priceWatches.id, watchBookings.watchId))
      .leftJoin(watchPrices, eq(watchPrices.id, watchBookings.dropId))
      .where(and(eq(watchBookings.watchId, watchId), eq(watchBookings.dropId, dropId)));
    if (!row) return null;
    const watch = row.watch as WatchRow;
    // The drop's market is the one the target was judged against (the watch's, failing that).
    return { watch, status: row.status, dropMarket: row.dropMarket ?? watch.marketPrice };
  }

  /** Keeps the claim while this driver holds it; false: another driver took the watch over. */
  async function renewClaim(watchId: string, claimId: string, forMs = CLAIM_MS) {
    const rows = await db
      .update(priceWatches)
      .set({ claimUntil: new Date(now().getTime() + forMs) })
      .where(
        and(
          eq(priceWatches.id, watchId),
          eq(priceWatches.status, 'booking'),
          eq(priceWatches.claimId, claimId),
        ),
      )
      .returning({ id: priceWatches.id });
    return rows.length > 0;
  }

  const tell = (userId: string) => deps.live?.tell([userId], 'watches');

  /** The booking under the key is made and confirmed: the watch is booked (whoever saw it first). */
  async function settleBooked(watch: WatchRow, dropId: number, bookingId: string) {
    const at = now();
    const rows = await execute<{ id: string }>(sql`
      with settled as (
        update watch_bookings
        set status = 'booked', booking_id = ${bookingId}, finished_at = ${at.toISOString()}::timestamptz
        where watch_id = ${watch.id} and drop_id = ${dropId} and status = 'claimed'
        returning watch_id
      )
      update price_watches
      set status = 'booked', booking_id = ${bookingId}, claim_id = null, claim_until = null,
        updated_at = ${at.toISOString()}::timestamptz
      where id in (select watch_id from settled)
      returning id
    `);
    if (rows.length > 0) {
      log.info({ watchId: watch.id, dropId, bookingId }, 'auto-booking booked');
      tell(watch.userId);
    }
  }

  /**
   * Nothing was booked under the key: the attempt failed, the watch is live again (auto-book
   * mode kept; the next price drop is a new attempt). Only the claim's holder may say so, so a
   * driver that lost its claim cannot undo a booking the new holder is making.
   */
  async function settleFailed(
    watch: WatchRow,
    dropId: number,
    claimId: string,
    reason: FailReason,
  ) {
    const at = now();
    const rows = await execute<{ id: string }>(sql`
      with settled as (
        update watch_bookings
        set status = 'failed', failure = ${reason}, finished_at = ${at.toISOString()}::timestamptz
        where watch_id = ${watch.id} and drop_id = ${dropId} and status = 'claimed'
          and exists (
            select 1 from price_watches
            where id = ${watch.id} and status = 'booking' and claim_id = ${claimId}
          )
        returning watch_id
      )
      update price_watches
      set status = 'active', claim_id = null, claim_until = null,
        updated_at = ${at.toISOString()}::timestamptz
      where id in (select watch_id from settled)
      returning id
    `);
    if (rows.length === 0) return;
    log.info({ watchId: watch.id, dropId, reason }, 'auto-booking did not book');
    tell(watch.userId);
    if (TOLD.includes(reason)) await tellFailure(watch, reason);
  }

  /** Once per watch and day, whatever the number of attempts that failed that day. */
  async function tellFailure(watch: WatchRow, reason: FailReason) {
    const day = new Date(Math.floor(now().getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    try {
      await deps.notifications.notify(
        watch.userId,
        'auto_booking_failed',
        { watchId: watch.id, ...watch.title, reason },
        { key: `auto-booking-failed:${watch.id}:${day}` },
      );
    } catch (error) {
      // The attempt is settled; a lost notification must not make the job book again.
      log.warn({ err: error, watchId: watch.id }, 'auto-booking failure not notified');
    }
  }

  /** Settles from the booking made under the key (by this run, an earlier one, or a request). */
  async function settleFrom(
    watch: WatchRow,
    dropId: number,
    claimId: string,
    booking: Pick<Booking, 'id' | 'status'>,
  ) {
    if (booking.status === 'confirmed' || booking.status === 'cancelled') {
      return settleBooked(watch, dropId, booking.id);
    }
    if (booking.status === 'failed') return settleFailed(watch, dropId, claimId, 'failed');
    // Still being driven by bookings (its recovery job resumes a dead driver): the monitor's
    // recovery pass looks again once this short claim runs out.
    await renewClaim(watch.id, claimId, RECHECK_MS);
  }

  /**
   * What auto-booking needs now (current settings): switched on, a verified address, a saved
   * card; the reason it cannot book otherwise.
   */
  async function readiness(watch: WatchRow) {
    const [settings, account, card] = await Promise.all([
      people.budgetSettings(watch.userId),
      people.account(watch.userId),
      people.newestCard(watch.userId),
    ]);
    const refused: FailReason | null = !settings.autoBookingEnabled
      ? 'auto_booking_off'
      : !account?.emailVerified
        ? 'needs_verified_email'
        : !card
          ? 'needs_card'
          : !watch.party
            ? 'failed'
            : null;
    return refused ? { refused } : { refused, card: card!, emailVerified: account!.emailVerified };
  }

  /** A fresh total above the drop's target is a changed price; above the budget, over budget. */
  function priceProblem(attempt: Attempt, total: { amountMinor: number; currency: string }) {
    const { watch } = attempt;
    const amount = toMajor(total.amountMinor, total.currency);
    const inWatchCurrency =
      total.currency === watch.currency
        ? amount
        : deps.convert(amount, total.currency, watch.currency);
    if (inWatchCurrency === null) return 'failed' as const;
    const target = (attempt.dropMarket * watch.thresholdPercent) / 100;
    // A cent of rounding between major and minor units is not a price change.
    if (inWatchCurrency > target + 0.005) return 'price_changed' as const;
    const budget =
      watch.budgetCurrency === watch.currency
        ? watch.maxBudget
        : deps.convert(watch.maxBudget, watch.budgetCurrency, watch.currency);
    if (budget === null || inWatchCurrency > budget + 0.005) return 'over_budget' as const;
    return null;
  }

  /** An AppError from quoting or booking that says this attempt will never book. */
  function reasonOf(error: unknown): FailReason | null {
    if (!(error instanceof AppError)) return null;
    switch (error.code) {
      case 'offer_unavailable':
      case 'quote_not_found':
        return 'sold_out';
      case 'payment_method_not_found':
        return 'needs_card';
      case 'email_not_verified':
        return 'needs_verified_email';
      case 'price_changed':
        return 'price_changed';
      default:
        // Other refusals (4xx) are definitive; an outage (5xx, 429) is retried by the job.
        return error.status < 500 && error.status !== 429 ? 'failed' : null;
    }
  }

  function bodyOf(
    watch: WatchRow,
    quote: Awaited<ReturnType<typeof bookings.quote>>,
    cardId: string,
  ): CreateBookingInput {
    const party = watch.party as WatchParty;
    const plan = watch.plan as WatchPlan;
    return {
      items: quote.items.map((item, index) => {
        const date = plan.items[index]?.date;
        return date
          ? { kind: item.kind, quoteId: item.quoteId, date }
          : { kind: item.kind, quoteId: item.quoteId };
      }) as CreateBookingInput['items'],
      travelers: party.travelers,
      contact: party.contact,
      acceptedTotal: quote.total,
      paymentMethodId: cardId,
      source: plan.source,
      tripTitle: watch.title,
    };
  }

  /** Settles from what `bookings.create` came to. */
  async function settleOutcome(
    watch: WatchRow,
    dropId: number,
    claimId: string,
    outcome: CreateOutcome,
  ) {
    switch (outcome.type) {
      case 'done':
        return settleFrom(watch, dropId, claimId, outcome.booking);
      case 'action':
        // Processing after an outage, or a card asking for a confirmation nobody will give:
        // bookings drives or releases it; recovery settles from it then.
        await renewClaim(watch.id, claimId, RECHECK_MS);
        return;
      case 'declined':
        return settleFailed(watch, dropId, claimId, 'card_declined');
      case 'failed':
        return settleFailed(watch, dropId, claimId, 'failed');
      case 'price_changed':
        return settleFailed(watch, dropId, claimId, 'price_changed');
    }
  }

  /** The job: book the claimed attempt once, or settle it from what the key already made. */
  async function book(payload: BookPayload) {
    const { watchId, dropId, claimId } = payload;
    const attempt = await readAttempt(watchId, dropId);
    // Settled already, or the watch was taken over by a newer claim (that driver goes on).
    if (!attempt || attempt.status !== 'claimed') return;
    const { watch } = attempt;
    if (watch.claimId !== claimId) return;

    const key = autoBookingKey(watchId, dropId);
    const existing = await bookings.findByKey(watch.userId, key);
    if (existing) return settleFrom(watch, dropId, claimId, existing);

    const ready = await readiness(watch);
    if (ready.refused) return settleFailed(watch, dropId, claimId, ready.refused);
    const plan = watch.plan as WatchPlan;
    try {
      const quote = await bookings.quote(watch.userId, {
        items: plan.items.map(({ kind, quoteId, date }) => ({ kind, quoteId, date })),
        travelers: watch.travelers,
      });
      const problem = priceProblem(attempt, quote.total);
      if (problem) return settleFailed(watch, dropId, claimId, problem);
      // Right before the outside calls, and only while this run holds the claim: it outlasts
      // them, so no other run books meanwhile.
      if (!(await renewClaim(watchId, claimId))) return;
      const outcome = await bookings.create(
        { id: watch.userId, emailVerified: ready.emailVerified },
        key,
        bodyOf(watch, quote, ready.card.id),
        { automatic: true },
      );
      return settleOutcome(watch, dropId, claimId, outcome);
    } catch (error) {
      // Another run made the booking under the key meanwhile (its body had other fresh quotes).
      if (error instanceof AppError && error.code === 'idempotency_key_reused') {
        const made = await bookings.findByKey(watch.userId, key);
        if (made) return settleFrom(watch, dropId, claimId, made);
      }
      const reason = reasonOf(error);
      if (!reason) throw error;
      return settleFailed(watch, dropId, claimId, reason);
    }
  }

  /**
   * Claims `watch` for booking at this drop and queues its job: one statement claims the watch
   * and records the attempt (or neither), so a claim never exists without its attempt.
   */
  async function considerAutoBooking(watch: WatchRow, dropId: number, judgement: WatchJudgement) {
    if (watch.mode !== 'auto_book' || !watch.party) return false;
    if (judgement.budget === null || judgement.price > judgement.budget) return false;
    const at = now();
    const claimId = randomUUID();
    let claimed: { watch_id: string }[];
    try {
      claimed = await execute<{ watch_id: string }>(sql`
        with claimed as (
          update price_watches
          set status = 'booking', claim_id = ${claimId},
            claim_until = ${new Date(at.getTime() + CLAIM_MS).toISOString()}::timestamptz,
            updated_at = ${at.toISOString()}::timestamptz
          where id = ${watch.id} and status = 'active' and mode = 'auto_book'
            and not exists (
              select 1 from watch_bookings where watch_id = ${watch.id} and drop_id = ${dropId}
            )
          returning id
        )
        insert into watch_bookings (watch_id, drop_id, idempotency_key, status, created_at)
        select id, ${dropId}, ${autoBookingKey(watch.id, dropId)}, 'claimed',
          ${at.toISOString()}::timestamptz
        from claimed
        returning watch_id
      `);
    } catch (error) {
      // Another attempt of this watch is live (claimed or booked): the statement changed nothing.
      if (isUnique(error)) return false;
      throw error;
    }
    if (claimed.length === 0) return false;
    await jobs.enqueue(BOOK_JOB, { watchId: watch.id, dropId, claimId } satisfies BookPayload, {
      key: bookJobKey(watch.id, dropId),
    });
    tell(watch.userId);
    return true;
  }

  /**
   * Watches left in `booking` past their claim: one instance re-claims each (new claim id),
   * then settles it from the booking made under its key, or queues the booking again under a
   * new job key (the first key's run is spent or lost; the old run, should it still come,
   * finds the claim no longer its own and stops).
   */
  async function resumeStale() {
    const at = now();
    const stale = await execute<{ id: string; claim_id: string }>(sql`
      update price_watches
      set claim_id = gen_random_uuid()::text,
        claim_until = ${new Date(at.getTime() + CLAIM_MS).toISOString()}::timestamptz
      where id in (
        select id from price_watches
        where status = 'booking' and claim_until < ${at.toISOString()}::timestamptz
        order by claim_until
        limit ${RESUME_BATCH}
        for update skip locked
      )
        and status = 'booking' and claim_until < ${at.toISOString()}::timestamptz
      returning id, claim_id
    `);
    for (const { id, claim_id: claimId } of stale) await resume(id, claimId);
    return stale.length;
  }

  async function resume(watchId: string, claimId: string) {
    const [live] = await db
      .select({ dropId: watchBookings.dropId })
      .from(watchBookings)
      .where(and(eq(watchBookings.watchId, watchId), eq(watchBookings.status, 'claimed')));
    const watch = await readWatch(watchId);
    if (!watch) return;
    if (!live) {
      // No attempt behind the claim (cannot happen through considerAutoBooking): live again.
      await db
        .update(priceWatches)
        .set({ status: 'active', claimId: null, claimUntil: null, updatedAt: now() })
        .where(and(eq(priceWatches.id, watchId), eq(priceWatches.claimId, claimId)));
      return;
    }
    const made = await bookings.findByKey(watch.userId, autoBookingKey(watchId, live.dropId));
    if (made) return settleFrom(watch, live.dropId, claimId, made);
    await jobs.enqueue(BOOK_JOB, { watchId, dropId: live.dropId, claimId } satisfies BookPayload, {
      key: `${bookJobKey(watchId, live.dropId)}:${claimId}`,
    });
    log.warn({ watchId, dropId: live.dropId }, 'auto-booking resumed after its claim ran out');
  }

  async function status(userId: string): Promise<AutoBookingStatus> {
    const [settings, account, card, watches] = await Promise.all([
      people.budgetSettings(userId),
      people.account(userId),
      people.newestCard(userId),
      deps.listWatches(userId),
    ]);
    return {
      enabled: settings.autoBookingEnabled,
      emailVerified: account?.emailVerified ?? false,
      card,
      thresholdPercent: settings.priceAlertThreshold,
      maxTripBudget: { amount: settings.maxTripBudget, currency: settings.currency },
      watches: watches.filter(
        (watch) =>
          watch.mode === 'auto_book' && ['active', 'paused', 'booking'].includes(watch.status),
      ),
    };
  }

  return {
    considerAutoBooking,
    resumeStale,
    status,
    book,
    registerJobs() {
      // Retries cover outages (a 5xx from a provider); a run whose worker died is run again
      // after its lease, and finds the booking by its key.
      jobs.work<BookPayload>(BOOK_JOB, async (payload) => book(payload), {
        retries: 5,
        backoffMs: 30_000,
        leaseMs: 120_000,
      });
    },
  };
}

export type AutoBookerService = ReturnType<typeof createAutoBooker>;
