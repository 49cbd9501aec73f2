import { createHash, randomBytes } from 'node:crypto';
import {
  BOOKING_ID_PATTERN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  type Booking,
  type BookingListResponse,
  type BookingQuoteItem,
  type BookingQuoteRequest,
  type BookingQuoteResponse,
  type CancelBookingRequest,
  type CancellationTerms,
  type CreateBookingInput,
  type DisplayAmount,
  type MoneyMinor,
} from '@vowa/shared/bookings/booking-schemas';
import { convertMoney } from '@vowa/shared/finance/money';
import type { PaymentAction } from '@vowa/shared/payments/payment-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/random-token';
import type { PaymentsService } from '../payments/payments-module';
import type { ExchangeRates } from '../travel/fx/exchange-rates';
import { findAirport } from '../travel/geo/airports';
import { resolvePlace } from '../travel/geo/places';
import type {
  ProviderExperience,
  ProviderFlight,
  ProviderOffer,
  RecordedQuote,
  TravelBookingService,
} from '../travel/travel-booking-service';
import { bookingCalendar } from './booking-calendar';
import { LEASE_MS, STEPS, type BookingFlow } from './booking-flow';
import {
  amountFor,
  describeOffer,
  destinationOf,
  fromMinor,
  itemFromQuote,
  providerRefundAt,
  tripSpan,
  type StoredBookingItem,
} from './booking-items';
import { bookingTexts } from './booking-texts';
import { bookingView } from './booking-view';
import { newLeaseId, type BookingRow, type BookingsRepository } from './bookings-repository';

export const bookingMessages = {
  notFound: 'That booking was not found.',
  keyRequired: `Send an Idempotency-Key header of ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters with this request.`,
  keyReused: 'This Idempotency-Key was already used for a different booking request.',
  priceChanged: 'The price has changed since you reviewed it. Nothing was charged.',
  currenciesDiffer:
    'These offers are priced in different currencies and cannot be booked together.',
  cardNotFound: 'That card was not found.',
  verifyFirst: 'Please verify your email address before booking.',
  notCancellable: 'This booking can no longer be cancelled.',
  termsChanged: 'The cancellation terms have changed. Please review them again.',
  datePast: 'An experience can only be booked for today or a later day.',
  feedNotFound: 'This calendar link is no longer valid.',
  groupNotFound: 'That conversation was not found.',
  planAlreadyBooked:
    'This plan is already booked, or being booked by someone in the group. Nothing was charged.',
} as const;

/** How long a request with a key another request is working on waits for its outcome. */
const WAIT_MS = 20_000;
const POLL_MS = 25;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const IDEMPOTENCY_KEY = new RegExp(
  `^[\\x21-\\x7E]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`,
);

/** What creating (or repeating) a booking request came to; the routes turn it into HTTP. */
export type CreateOutcome =
  | { type: 'done'; created: boolean; booking: Booking }
  | { type: 'action'; booking: Booking; action: PaymentAction | null }
  | {
      type: 'declined';
      code: 'payment_declined' | 'payment_insufficient_funds';
      detail: string;
      booking: Booking;
    }
  | { type: 'failed'; detail: string; booking: Booking }
  | {
      type: 'price_changed';
      previousTotal: MoneyMinor;
      total: MoneyMinor;
      items: BookingQuoteItem[];
    };

/** How a group booking ended, told to the group plan (the chat module's) once. */
export type GroupBookingOutcome = {
  id: string;
  /** Who booked it for the group. */
  userId: string;
  status: 'confirmed' | 'failed' | 'cancelled';
  reference: string;
  totalMinor: number;
  currency: string;
  /** The total in the booker's currency at the booking's rate (null: the same currency). */
  display: BookingRow['display'];
  travelerCount: number;
};

/**
 * The group plan a booking with `group_id` books (issue 15 §5): the chat module provides it,
 * app.ts wires it in. Bookings never read the chat's tables; the plan never reads bookings'.
 */
export type GroupPlanPort = {
  /**
   * 404 `conversation_not_found` unless the caller is a member; 409 unless these items (by what
   * each quote is a price of) are exactly the group's current picks and everyone agreed; 422
   * unless there is one traveller per member. Returns the picks a booking would hold.
   */
  check(input: {
    userId: string;
    groupId: string;
    items: { kind: string; subject: string }[];
    travellers: number;
  }): Promise<{ pickIds: string[] }>;
  /**
   * Holds the picks for this booking, atomically: false when another booking holds any of them
   * and has not ended (`ended` names, of the bookings given, those that failed, were cancelled
   * or never existed).
   */
  claim(input: {
    groupId: string;
    pickIds: string[];
    bookingId: string;
    ended: (bookingIds: string[]) => Promise<string[]>;
  }): Promise<boolean>;
  /** Whether the plan's picks are held for this booking. */
  holds(bookingId: string): Promise<boolean>;
  /** A group booking was confirmed (shares, a card), or failed or was cancelled (freed). */
  settled(outcome: GroupBookingOutcome): Promise<void>;
};

type Dependencies = {
  repository: BookingsRepository;
  flow: BookingFlow;
  travel: Pick<
    TravelBookingService,
    'recordedQuote' | 'requote' | 'travellerProblems' | 'subjectOf'
  >;
  /** Group plans (the chat module's), for bookings with `group_id`. */
  groupPlans?: GroupPlanPort;
  payments: Pick<PaymentsService, 'methodOf'>;
  currencyOf: (userId: string) => Promise<string>;
  languageOf: (userId: string) => Promise<keyof typeof bookingTexts>;
  rates: Pick<ExchangeRates, 'table'>;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Key order does not change what a request means; the hash is of its sorted form. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, entry]) => [name, canonical(entry)]),
    );
  }
  return value;
}

export const requestHashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');

function newReference(): string {
  const bytes = randomBytes(6);
  return `VW-${Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % 32]).join('')}`;
}

/** Flights are written in each airport's local time; the calendar needs the zones. */
function timezonesOf(kind: string, offer: ProviderOffer) {
  if (kind !== 'flight') return null;
  const flight = offer as ProviderFlight;
  const start = findAirport(flight.departure.airportCode)?.timezone;
  const end = findAirport(flight.arrival.airportCode)?.timezone;
  return start && end ? { start, end } : null;
}

const isUnique = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export function createBookingsService(deps: Dependencies) {
  const { repository, flow, travel, now } = deps;

  /** The person's own booking, or the same 404 as a booking that does not exist. */
  async function owned(userId: string, id: string): Promise<BookingRow> {
    const row = BOOKING_ID_PATTERN.test(id) ? await repository.find(id) : null;
    if (!row || row.userId !== userId)
      throw new AppError('booking_not_found', bookingMessages.notFound);
    return row;
  }

  async function displayOf(userId: string, money: MoneyMinor): Promise<DisplayAmount | null> {
    const target = await deps.currencyOf(userId);
    if (target === money.currency) return null;
    const converted = convertMoney(
      deps.rates.table(),
      fromMinor(money.amountMinor, money.currency),
      money.currency,
      target,
    );
    if (!converted) return null;
    return {
      amount: converted.amount,
      currency: target,
      exchangeRate: { rate: converted.rate, asOf: converted.asOf, source: converted.source },
    };
  }

  function quoteItemOf(
    fresh: RecordedQuote,
    previous: RecordedQuote,
    travelers: number,
    date: string | null,
  ): BookingQuoteItem {
    const described = describeOffer(fresh.kind, fresh.offer, date);
    return {
      kind: fresh.kind,
      quoteId: fresh.id,
      previousQuoteId: previous.id,
      title: described.title,
      detail: described.detail,
      startsAt: described.startsAt,
      endsAt: described.endsAt,
      perPerson: fresh.kind !== 'hotel',
      amountMinor: amountFor(fresh.kind, fresh.offer, travelers),
      previousAmountMinor: amountFor(previous.kind, previous.offer, travelers),
      currency: fresh.offer.currency,
      quotedAt: fresh.quotedAt.toISOString(),
      validUntil: fresh.validUntil.toISOString(),
    };
  }

  function totalOf(items: { amountMinor: number; currency: string }[]): MoneyMinor {
    const currencies = new Set(items.map((item) => item.currency));
    if (currencies.size > 1) {
      throw new AppError('booking_currencies_differ', bookingMessages.currenciesDiffer);
    }
    return {
      amountMinor: items.reduce((sum, item) => sum + item.amountMinor, 0),
      currency: items[0]?.currency ?? 'USD',
    };
  }

  /** The day an experience is booked for: as asked, else the trip's first day. */
  function experienceDates(items: { kind: string; date?: string }[], quotes: RecordedQuote[]) {
    const others = quotes
      .filter((quote) => quote.kind !== 'experience')
      .map((quote) => describeOffer(quote.kind, quote.offer, null));
    const first = others.length > 0 ? tripSpan(others).startDate : null;
    return items.map((item) => (item.kind === 'experience' ? (item.date ?? first) : null));
  }

  /**
   * An experience day that is already over where the experience is (422), before anything is
   * priced again, claimed or held. A place whose zone is unknown is judged by the earliest day
   * on Earth (UTC−12); the provider refuses a start that has passed anyway.
   */
  function requireUpcoming(items: { kind: string; date?: string }[], quotes: RecordedQuote[]) {
    const at = now();
    items.forEach((item, index) => {
      const quote = quotes[index];
      if (item.kind !== 'experience' || !item.date || !quote) return;
      const { city, countryCode } = (quote.offer as ProviderExperience).location;
      const zone = resolvePlace(`${city}, ${countryCode ?? ''}`)?.timezone;
      const today = zone
        ? new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at)
        : new Date(at.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
      if (item.date < today) throw new AppError('date_in_past', bookingMessages.datePast);
    });
  }

  /**
   * What the provider needs of the travellers (Duffel's flights: a date of birth and gender
   * each, a phone) checked before anything is claimed or held: a 422 saying what is missing,
   * not a refused order (and a released hold) after the card was charged.
   */
  function requireTravellerDetails(quotes: RecordedQuote[], body: CreateBookingInput) {
    const travellers = body.travelers.map((traveler) => ({
      givenName: traveler.givenName,
      familyName: traveler.familyName,
      bornOn: traveler.bornOn ?? null,
      gender: traveler.gender ?? null,
    }));
    const contact = { email: body.contact.email, phone: body.contact.phone || null };
    for (const quote of quotes) {
      const problem = travel.travellerProblems(quote, travellers, contact);
      if (problem) throw new AppError('traveller_details_required', problem);
    }
  }

  /**
   * The quotes a booking request names, each as the provider honours it now: a quote still
   * valid as recorded, an expired one priced again (and recorded).
   */
  async function currentQuotes(items: CreateBookingInput['items']) {
    const recorded = await Promise.all(
      items.map((item) => travel.recordedQuote(item.quoteId, item.kind)),
    );
    requireUpcoming(items, recorded);
    const at = now();
    const current = await Promise.all(
      recorded.map((quote) => (quote.validUntil > at ? quote : travel.requote(quote))),
    );
    return { recorded, current };
  }

  /**
   * A group booking (`group_id`): the caller is a member, and the items are the group's agreed
   * plan for all its members (the port's 404, 409 and 422), before anything is claimed.
   */
  async function checkGroupPlan(
    userId: string,
    groupId: string,
    quotes: RecordedQuote[],
    travellers: number,
  ) {
    if (!deps.groupPlans) {
      throw new AppError('conversation_not_found', bookingMessages.groupNotFound);
    }
    return deps.groupPlans.check({
      userId,
      groupId,
      items: quotes.map((quote) => ({ kind: quote.kind, subject: travel.subjectOf(quote) })),
      travellers,
    });
  }

  /**
   * The booking row is in (this request drives it; nothing has moved yet): the plan's picks are
   * held for it, or another member's booking holds them and this one is taken back (the key is
   * free again) with a 409. Two members booking at once: exactly one holds the plan.
   */
  async function holdGroupPlan(group: { groupId: string; pickIds: string[] }, row: BookingRow) {
    const held = await deps.groupPlans!.claim({
      groupId: group.groupId,
      pickIds: group.pickIds,
      bookingId: row.id,
      ended: repository.endedOf,
    });
    if (held) return;
    await repository.discardUnstarted(row.id, row.leaseId!);
    throw new AppError('group_plan_already_booked', bookingMessages.planAlreadyBooked);
  }

  /** Waits for (or takes over) a booking another request or the job is working on. */
  async function settle(row: BookingRow, created: boolean): Promise<CreateOutcome> {
    const deadline = Date.now() + WAIT_MS;
    let current = row;
    for (;;) {
      if (['confirmed', 'failed', 'cancelled'].includes(current.status)) {
        return outcomeOf(current, created);
      }
      const at = now();
      const leased = await repository.lease(current.id, at, new Date(at.getTime() + LEASE_MS));
      if (leased) return outcomeOf(await flow.drive(leased), created);
      if (Date.now() > deadline) return outcomeOf(current, created);
      await sleep(POLL_MS);
      const latest = await repository.find(current.id);
      // Only a group booking is ever taken back (its plan was another booking's): say so.
      if (!latest)
        throw new AppError('group_plan_already_booked', bookingMessages.planAlreadyBooked);
      current = latest;
    }
  }

  function outcomeOf(row: BookingRow, created: boolean): CreateOutcome {
    const booking = bookingView(row);
    if (row.status === 'awaiting_payment') {
      return { type: 'action', booking, action: row.paymentAction ?? null };
    }
    if (row.status === 'processing') return { type: 'action', booking, action: null };
    if (row.status === 'failed') {
      const detail = row.failureReason ?? bookingMessages.priceChanged;
      if (row.paymentStatus === 'declined') {
        const code =
          row.failureCode === 'payment_insufficient_funds' ? row.failureCode : 'payment_declined';
        return { type: 'declined', code, detail, booking };
      }
      return { type: 'failed', detail, booking };
    }
    return { type: 'done', created, booking };
  }

  async function insertBooking(
    claim: { userId: string; idempotencyKey: string; requestHash: string; automatic: boolean },
    body: CreateBookingInput,
    items: StoredBookingItem[],
    method: { brand: string; last4: string },
  ) {
    const total = totalOf(items);
    const span = tripSpan(items);
    const title = body.tripTitle ?? destinationOf(items);
    const at = now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await repository.insertClaimed({
          ...claim,
          reference: newReference(),
          status: 'processing',
          step: STEPS.created,
          stepAt: at,
          // The inserting request drives it first; others with the key wait for it.
          leaseUntil: new Date(at.getTime() + LEASE_MS),
          leaseId: newLeaseId(),
          source: body.source,
          destination: title.destination,
          country: title.country || (items.find((item) => item.place.country)?.place.country ?? ''),
          countryCode: title.countryCode,
          ...span,
          travelerCount: body.travelers.length,
          travelers: body.travelers.map((traveler) => ({
            givenName: traveler.givenName,
            familyName: traveler.familyName,
            bornOn: traveler.bornOn ?? null,
            gender: traveler.gender ?? null,
          })),
          contact: { email: body.contact.email, phone: body.contact.phone || null },
          specialRequests: body.specialRequests || null,
          items,
          totalMinor: total.amountMinor,
          currency: total.currency,
          display: await displayOf(claim.userId, total),
          paymentMethodId: body.paymentMethodId,
          paymentBrand: method.brand,
          paymentLast4: method.last4,
          createdAt: at,
        });
      } catch (error) {
        // Two references alike (one in 10⁹): draw another.
        if (!isUnique(error) || attempt >= 3) throw error;
      }
    }
  }

  function termsOf(row: BookingRow, at: Date): Omit<CancellationTerms, 'display'> {
    const zero = { amountMinor: 0, currency: row.currency };
    const total = { amountMinor: row.totalMinor, currency: row.currency };
    const until = row.freeCancellationUntil?.toISOString() ?? null;
    const closed = (reason: NonNullable<CancellationTerms['reason']>) => ({
      cancellable: false,
      reason,
      free: false,
      freeCancellationUntil: until,
      refund: zero,
      penalty: zero,
      items: [],
    });
    if (row.status === 'cancelled' || row.step === STEPS.cancelling || row.step === STEPS.attention)
      return closed('already_cancelled');
    if (row.status !== 'confirmed') return closed('not_confirmed');
    if (Date.parse(`${row.startDate}T00:00:00Z`) <= at.getTime()) return closed('trip_started');
    const free = row.freeCancellationUntil !== null && at < row.freeCancellationUntil;
    const items = row.items
      .filter((item) => item.status === 'confirmed')
      .map((item) => {
        // The provider's policy as of `at`, not as of the end of Vowa's window.
        const providerRefund = providerRefundAt(item, at);
        const refundable = free || providerRefund > 0;
        return {
          kind: item.kind,
          title: item.title,
          refundable,
          refundAmountMinor: free ? item.amountMinor : providerRefund,
          currency: item.currency,
          penaltyText: free ? null : (item.cancellation?.penaltyText ?? null),
        };
      });
    const refund = free
      ? total.amountMinor
      : items.reduce((sum, item) => sum + item.refundAmountMinor, 0);
    return {
      cancellable: true,
      reason: null,
      free,
      freeCancellationUntil: until,
      refund: { amountMinor: refund, currency: row.currency },
      penalty: { amountMinor: total.amountMinor - refund, currency: row.currency },
      items,
    };
  }

  /** The cancellation as the person sees it: done, or still being finished in the background. */
  const cancelOutcome = (row: BookingRow) => ({
    booking: bookingView(row),
    done: row.step !== STEPS.cancelling,
  });

  /** Waits for (or takes over) a cancellation already claimed with this key. */
  async function settleCancel(row: BookingRow) {
    const deadline = Date.now() + WAIT_MS;
    let current = row;
    while (current.step === STEPS.cancelling && Date.now() <= deadline) {
      const at = now();
      const leased = await repository.lease(current.id, at, new Date(at.getTime() + LEASE_MS));
      if (leased) return cancelOutcome(await flow.drive(leased));
      await sleep(POLL_MS);
      current = (await repository.find(current.id)) ?? current;
    }
    return cancelOutcome(current);
  }

  async function calendarOf(userId: string, rows: BookingRow[]) {
    const texts = bookingTexts[await deps.languageOf(userId)];
    return bookingCalendar(rows, texts, {
      appUrl: deps.appUrl,
      now: now(),
      name: texts.calendar.name,
    });
  }

  return {
    /** Prices every item again now (recorded as new quotes) against the quotes reviewed. */
    async quote(userId: string, request: BookingQuoteRequest): Promise<BookingQuoteResponse> {
      const recorded = await Promise.all(
        request.items.map((item) => travel.recordedQuote(item.quoteId, item.kind)),
      );
      requireUpcoming(request.items, recorded);
      // A flight priced for another party size: 422 before anything is priced again.
      for (const quote of recorded) amountFor(quote.kind, quote.offer, request.travelers);
      const fresh = await Promise.all(recorded.map((quote) => travel.requote(quote)));
      const dates = experienceDates(request.items, fresh);
      const items = fresh.map((quote, index) =>
        quoteItemOf(quote, recorded[index]!, request.travelers, dates[index] ?? null),
      );
      const total = totalOf(items);
      const previousTotal = totalOf(
        items.map((item) => ({ amountMinor: item.previousAmountMinor, currency: item.currency })),
      );
      return {
        items,
        total,
        previousTotal,
        priceChanged:
          total.amountMinor !== previousTotal.amountMinor ||
          items.some((item) => item.amountMinor !== item.previousAmountMinor),
        display: await displayOf(userId, total),
        validUntil: new Date(
          Math.min(...fresh.map((quote) => quote.validUntil.getTime())),
        ).toISOString(),
      };
    },

    /**
     * Books exactly once per (person, Idempotency-Key): the key is claimed by inserting the
     * booking before any money moves; a repeat with the same body gets the same booking (waiting
     * for it while another request works on it), another body a 422.
     */
    async create(
      user: { id: string; emailVerified: boolean },
      idempotencyKey: string | undefined,
      body: CreateBookingInput,
      /** Auto-booking (issue 16) books for the person: the booking says so. */
      options: { automatic?: boolean } = {},
    ): Promise<CreateOutcome> {
      if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new AppError('idempotency_key_required', bookingMessages.keyRequired);
      }
      if (!user.emailVerified)
        throw new AppError('email_not_verified', bookingMessages.verifyFirst);
      const requestHash = requestHashOf(body);
      const replay = async (row: BookingRow) => {
        if (row.requestHash !== requestHash) {
          throw new AppError('idempotency_key_reused', bookingMessages.keyReused);
        }
        return settle(row, false);
      };
      const existing = await repository.findByKey(user.id, idempotencyKey);
      if (existing) return replay(existing);

      // Nothing is claimed until the price is the one accepted: a 409 leaves the key free.
      const travelers = body.travelers.length;
      const { recorded, current } = await currentQuotes(body.items);
      const group = body.group_id
        ? {
            groupId: body.group_id,
            ...(await checkGroupPlan(user.id, body.group_id, recorded, travelers)),
          }
        : null;
      const dates = experienceDates(body.items, current);
      const items = current.map((quote, index) =>
        itemFromQuote(quote, travelers, dates[index] ?? null, timezonesOf),
      );
      // After the party size was checked against each fare (its own 422).
      requireTravellerDetails(current, body);
      const total = totalOf(items);
      const accepted = body.acceptedTotal;
      if (total.amountMinor !== accepted.amountMinor || total.currency !== accepted.currency) {
        return {
          type: 'price_changed',
          previousTotal: accepted,
          total,
          items: current.map((quote, index) =>
            quoteItemOf(quote, recorded[index]!, travelers, dates[index] ?? null),
          ),
        };
      }
      const method = await deps.payments.methodOf(user.id, body.paymentMethodId);
      if (!method) throw new AppError('payment_method_not_found', bookingMessages.cardNotFound);

      const claimed = await insertBooking(
        { userId: user.id, idempotencyKey, requestHash, automatic: options.automatic ?? false },
        body,
        items,
        method,
      );
      if (!claimed) {
        const winner = await repository.findByKey(user.id, idempotencyKey);
        if (!winner && group) {
          // The request that won the key was taken back: another booking holds the plan.
          throw new AppError('group_plan_already_booked', bookingMessages.planAlreadyBooked);
        }
        if (!winner) throw new Error('idempotency claim lost without a winner');
        return replay(winner);
      }
      if (group) await holdGroupPlan(group, claimed);
      return outcomeOf(await flow.drive(claimed), true);
    },

    async list(userId: string): Promise<BookingListResponse> {
      const today = now().toISOString().slice(0, 10);
      const rows = await repository.listOf(userId);
      const views = rows.map(bookingView);
      return {
        upcoming: views.filter((booking) => booking.endDate >= today),
        past: views.filter((booking) => booking.endDate < today).reverse(),
      };
    },

    async get(userId: string, id: string): Promise<Booking> {
      return bookingView(await owned(userId, id));
    },

    async terms(userId: string, id: string): Promise<CancellationTerms> {
      const row = await owned(userId, id);
      const terms = termsOf(row, now());
      return {
        ...terms,
        display: terms.cancellable ? await displayOf(userId, terms.refund) : null,
      };
    },

    /**
     * Cancels once per booking: within the free window everything is refunded; after it, the
     * provider's terms the person was shown (`acceptedRefund`) must still be the terms now.
     */
    async cancel(
      userId: string,
      id: string,
      idempotencyKey: string | undefined,
      body: CancelBookingRequest,
    ): Promise<{ booking: Booking; done: boolean }> {
      if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new AppError('idempotency_key_required', bookingMessages.keyRequired);
      }
      const row = await owned(userId, id);
      if (row.cancelKey === idempotencyKey) return settleCancel(row);
      const at = now();
      const terms = termsOf(row, at);
      if (!terms.cancellable)
        throw new AppError('booking_not_cancellable', bookingMessages.notCancellable);
      const accepted = body?.acceptedRefund;
      const differs =
        accepted &&
        (accepted.amountMinor !== terms.refund.amountMinor ||
          accepted.currency !== terms.refund.currency);
      if ((!terms.free && !accepted) || differs) {
        throw new AppError('cancellation_terms_changed', bookingMessages.termsChanged);
      }
      const claimed = await repository.transition(
        row.id,
        { status: 'confirmed', step: STEPS.confirmed },
        {
          step: STEPS.cancelling,
          stepAt: at,
          attempts: 0,
          cancelKey: idempotencyKey,
          refundMinor: terms.refund.amountMinor,
          leaseUntil: new Date(at.getTime() + LEASE_MS),
          leaseId: newLeaseId(),
        },
      );
      if (!claimed) {
        const latest = await owned(userId, id);
        if (latest.cancelKey === idempotencyKey) return settleCancel(latest);
        throw new AppError('booking_not_cancellable', bookingMessages.notCancellable);
      }
      return cancelOutcome(await flow.drive(claimed));
    },

    async bookingCalendar(userId: string, id: string): Promise<{ reference: string; ics: string }> {
      const row = await owned(userId, id);
      return { reference: row.reference, ics: await calendarOf(userId, [row]) };
    },

    /** A new private feed address (the old one stops working); only its hash is kept. */
    async createCalendarFeed(userId: string) {
      const token = createRandomToken();
      const at = now();
      await repository.saveCalendarFeed(userId, hashToken(token), at);
      return { url: `${deps.appUrl}/api/calendar/${token}.ics`, createdAt: at.toISOString() };
    },

    async calendarFeedStatus(userId: string) {
      const feed = await repository.calendarFeedOf(userId);
      return { active: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null };
    },

    async revokeCalendarFeed(userId: string) {
      if (!(await repository.deleteCalendarFeed(userId))) {
        throw new AppError('calendar_feed_not_found', bookingMessages.feedNotFound);
      }
    },

    /** The feed behind a token: every confirmed (and cancelled) trip of its owner. */
    async calendarFeed(token: string): Promise<string> {
      const owner =
        token.length <= 100 ? await repository.calendarFeedOwner(hashToken(token)) : null;
      if (!owner) throw new AppError('calendar_feed_not_found', bookingMessages.feedNotFound);
      const rows = (await repository.listOf(owner)).filter((row) =>
        ['confirmed', 'cancelled'].includes(row.status),
      );
      return calendarOf(owner, rows);
    },

    /** The booking as the mails see it (the job reads it when it runs). */
    find: repository.find,
    calendarOf,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
