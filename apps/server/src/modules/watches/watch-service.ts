import { minorDigits, type RateTable } from '@vowa/shared/finance/money';
import { adviseBuyOrWait } from '@vowa/shared/watches/buy-or-wait';
import {
  MAX_LIVE_WATCHES,
  type createDestinationWatchRequestSchema,
  type createWatchRequestSchema,
  type updateWatchRequestSchema,
  type Watch,
  type WatchKind,
} from '@vowa/shared/watches/watch-schemas';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../jobs/jobs-module';
import type {
  ProviderExperience,
  ProviderFlight,
  ProviderHotel,
  RecordedQuote,
  TravelBookingService,
} from '../travel/travel-booking-service';
import type { WatchPricing } from '../travel/travel-module';
import type {
  WatchBookingsPort,
  WatchItem,
  WatchPeoplePort,
  WatchPlan,
  WatchRow,
} from './watch-ports';
import type { WatchRepository } from './watch-repository';
import { watchView } from './watch-view';

export const watchMessages = {
  notFound: 'That watch was not found.',
  notChangeable:
    'This watch is being booked, was booked or has ended: it can no longer be changed.',
  beingBooked: 'This watch is being booked right now; it can be deleted once that is done.',
  tooMany: `You can watch at most ${MAX_LIVE_WATCHES} prices at once. Delete a watch to add another.`,
  autoBookingOff:
    'Turn on auto-booking in your budget settings before asking Vowa to book for you.',
  verifyFirst: 'Please verify your email address before asking Vowa to book for you.',
  needsCard: 'Save a card in Payment methods before asking Vowa to book for you.',
  started: 'This trip has already begun; only trips still ahead can be watched.',
  currenciesDiffer:
    'These offers are priced in different currencies and cannot be watched together.',
  itemNotFound: 'That bucket-list item was not found.',
  kindMismatch: 'A flight watch holds flights only, and a stay watch one stay.',
} as const;

const DAY_MS = 86_400_000;
/** Ended and booked watches stay listed this long. */
const LIST_ENDED_DAYS = 30;
/** The history a watch's chart shows. */
const HISTORY_DAYS = 60;

export const MONITOR_JOB = 'watches.monitor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type CreateInput = z.output<typeof createWatchRequestSchema>;
type DestinationInput = z.output<typeof createDestinationWatchRequestSchema>;
type UpdateInput = z.output<typeof updateWatchRequestSchema>;

type Dependencies = {
  repository: WatchRepository;
  travel: {
    bookings: Pick<TravelBookingService, 'recordedQuote' | 'subjectOf'>;
    watchPricing: WatchPricing;
  };
  bookings: Pick<WatchBookingsPort, 'chargeOf'>;
  people: WatchPeoplePort;
  bucketLists: {
    listsOf(
      userId: string,
    ): Promise<{ items: { id: string; title: string; location: string; country: string }[] }[]>;
  };
  rates: { table(): RateTable };
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The travel clock (quotes are judged by it). */
  now: () => Date;
};

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const cents = (value: number) => Math.round(value * 100) / 100;
export const fromMinorUnits = (minor: number, currency: string) =>
  minor / 10 ** minorDigits(currency);

/** The calendar days an offer covers (flights: local departure and arrival days). */
function daysOf(quote: RecordedQuote, date: string | undefined): { start: string; end: string } {
  if (quote.kind === 'flight') {
    const flight = quote.offer as ProviderFlight;
    return { start: flight.departure.date, end: flight.arrival.date };
  }
  if (quote.kind === 'hotel') {
    const hotel = quote.offer as ProviderHotel;
    return { start: hotel.checkIn, end: hotel.checkOut };
  }
  const day = date ?? (quote.offer as ProviderExperience).validUntil.slice(0, 10);
  return { start: day, end: day };
}

export function createWatchService(deps: Dependencies) {
  const { repository, now } = deps;

  async function owned(userId: string, id: string): Promise<WatchRow> {
    // Not a watch id at all: as unknown as someone else's (and never a database error).
    const row = UUID.test(id) ? await repository.owned(userId, id) : null;
    if (!row) throw new AppError('watch_not_found', watchMessages.notFound);
    return row;
  }

  async function present(userId: string, rows: WatchRow[]): Promise<Watch[]> {
    const [latest, personCurrency] = await Promise.all([
      repository.latestPrices(rows.map((row) => row.id)),
      deps.people.currencyOf(userId),
    ]);
    const table = deps.rates.table();
    return rows.map((row) =>
      watchView(row, {
        table,
        market: latest.get(row.id)?.marketPrice ?? row.marketPrice,
        personCurrency,
      }),
    );
  }

  async function answer(userId: string, row: WatchRow) {
    const [watch] = await present(userId, [row]);
    return { watch: watch!, alertsOn: await deps.people.alertsOn(userId) };
  }

  /** Auto-Book needs auto-booking on, a verified address and a saved card, now. */
  async function requireAutoBooking(userId: string) {
    const [settings, account, card] = await Promise.all([
      deps.people.budgetSettings(userId),
      deps.people.account(userId),
      deps.people.newestCard(userId),
    ]);
    if (!settings.autoBookingEnabled) {
      throw new AppError('auto_booking_off', watchMessages.autoBookingOff);
    }
    if (!account?.emailVerified)
      throw new AppError('email_not_verified', watchMessages.verifyFirst);
    if (!card) throw new AppError('auto_booking_needs_card', watchMessages.needsCard);
  }

  /** The recorded quotes, their subjects, dates and the price booking would charge now. */
  async function priced(items: CreateInput['items'], travelers: number) {
    const quotes = await Promise.all(
      items.map((item) => deps.travel.bookings.recordedQuote(item.quoteId, item.kind)),
    );
    const currency = quotes[0]!.currency;
    if (quotes.some((quote) => quote.currency !== currency)) {
      throw new AppError('booking_currencies_differ', watchMessages.currenciesDiffer);
    }
    // An experience without a day is booked for the trip's first day (as bookings does), so
    // the trip's dates come from its flights and stay; only an experience alone dates itself.
    const dated = quotes.flatMap((quote, index) =>
      quote.kind !== 'experience' || items[index]!.date ? [daysOf(quote, items[index]!.date)] : [],
    );
    const spans = dated.length > 0 ? dated : quotes.map((quote) => daysOf(quote, undefined));
    const startDate = spans.map((span) => span.start).sort()[0]!;
    const endDate = spans
      .map((span) => span.end)
      .sort()
      .at(-1)!;
    if (startDate <= dayOf(now())) throw new AppError('date_in_past', watchMessages.started);
    const minor = quotes.reduce(
      (total, quote) => total + deps.bookings.chargeOf(quote.kind, quote.offer, travelers),
      0,
    );
    const subjects = quotes.map((quote) => deps.travel.bookings.subjectOf(quote));
    const watchItems: WatchItem[] = quotes.map((quote, index) => ({
      kind: quote.kind,
      quoteId: quote.id,
      subject: subjects[index]!,
      ...(items[index]!.date ? { date: items[index]!.date } : {}),
    }));
    return {
      quotes,
      subjects,
      currency,
      price: fromMinorUnits(minor, currency),
      items: watchItems,
      startDate,
      endDate,
    };
  }

  /** The person's threshold and max budget (as entered, with its currency). */
  async function budgetOf(userId: string) {
    const settings = await deps.people.budgetSettings(userId);
    const budget = settings.entered ?? {
      amount: settings.maxTripBudget,
      currency: settings.currency,
    };
    return { thresholdPercent: settings.priceAlertThreshold, budget };
  }

  async function requireRoom(userId: string) {
    if ((await repository.countLive(userId)) >= MAX_LIVE_WATCHES) {
      throw new AppError('too_many_watches', watchMessages.tooMany);
    }
  }

  /** Checks it at once (an eligible Auto-Book books within seconds). */
  async function nudgeMonitor() {
    await deps.jobs.enqueue(MONITOR_JOB, {});
  }

  async function insertWatch(input: {
    userId: string;
    kind: WatchKind;
    mode: 'auto_book' | 'alert';
    subjectKey: string;
    title: WatchRow['title'];
    plan: WatchPlan;
    travelers: number;
    party: WatchRow['party'];
    bucketItemId: string | null;
    currency: string;
    price: number;
    market: number;
  }) {
    const at = now();
    const { thresholdPercent, budget } = await budgetOf(input.userId);
    const row = await repository.insert({
      userId: input.userId,
      kind: input.kind,
      mode: input.mode,
      status: 'active',
      subjectKey: input.subjectKey,
      title: input.title,
      plan: input.plan,
      travelers: input.travelers,
      party: input.party,
      bucketItemId: input.bucketItemId,
      thresholdPercent,
      maxBudget: budget.amount,
      budgetCurrency: budget.currency,
      currency: input.currency,
      marketPrice: input.market,
      currentPrice: input.price,
      lastCheckedAt: null,
      nextCheckAt: at,
      createdAt: at,
      updatedAt: at,
    });
    if (row) await nudgeMonitor();
    return row;
  }

  /** The live watch of this subject: its mode (and party) made the one asked for. */
  async function existing(
    userId: string,
    subjectKey: string,
    mode: string,
    party: WatchRow['party'],
  ) {
    const found = await repository.findLive(userId, subjectKey);
    if (!found || found.mode === mode) return found;
    const changed = await repository.update(userId, found.id, ['active', 'paused'], {
      mode,
      party: mode === 'auto_book' ? party : found.party,
      nextCheckAt: now(),
      updatedAt: now(),
    });
    if (changed) await nudgeMonitor();
    return changed ?? found;
  }

  return {
    async list(userId: string): Promise<{ watches: Watch[] }> {
      const since = new Date(now().getTime() - LIST_ENDED_DAYS * DAY_MS);
      return { watches: await present(userId, await repository.listOf(userId, since)) };
    },

    /** The person's auto-booking watches as the API shows them (the auto-booking status). */
    async autoBookWatches(userId: string): Promise<Watch[]> {
      const since = new Date(now().getTime() - LIST_ENDED_DAYS * DAY_MS);
      return present(userId, await repository.listOf(userId, since, 'auto_book'));
    },

    /** Watch a trip card, a flight or a stay: 201 new, 200 the live watch of the same subject. */
    async create(userId: string, body: CreateInput) {
      // A flight watch watches flights, a stay watch a stay; a trip may hold any.
      if (body.kind !== 'trip' && body.items.some((item) => item.kind !== body.kind)) {
        throw new AppError('quote_kind_mismatch', watchMessages.kindMismatch);
      }
      if (body.mode === 'auto_book') await requireAutoBooking(userId);
      const trip = await priced(body.items, body.travelers);
      const subjectKey = `${body.travelers}p|${[...trip.subjects].sort().join('|')}`;
      const party = body.mode === 'auto_book' ? (body.party ?? null) : null;
      const found = await existing(userId, subjectKey, body.mode, party);
      if (found) return { created: false, ...(await answer(userId, found)) };
      await requireRoom(userId);
      const market =
        (await deps.travel.watchPricing.marketPrice({
          quotes: trip.quotes,
          subjects: trip.subjects,
          travelers: body.travelers,
        })) ?? trip.price;
      const row = await insertWatch({
        userId,
        kind: body.kind,
        mode: body.mode,
        subjectKey,
        title: body.title,
        plan: {
          items: trip.items,
          startDate: trip.startDate,
          endDate: trip.endDate,
          source: body.kind,
        },
        travelers: body.travelers,
        party,
        bucketItemId: null,
        currency: trip.currency,
        price: trip.price,
        market: cents(market),
      });
      // Lost a race with the same request: answer the watch that won.
      const watch = row ?? (await repository.findLive(userId, subjectKey));
      if (!watch) throw new AppError('watch_not_found', watchMessages.notFound);
      return { created: row !== null, ...(await answer(userId, watch)) };
    },

    /** "Tell me when a trip there fits my budget": a bucket-list place, priced as a trip from home. */
    async createDestination(userId: string, body: DestinationInput) {
      const lists = await deps.bucketLists.listsOf(userId);
      const item = lists
        .flatMap((list) => list.items)
        .find((entry) => entry.id === body.bucketItemId);
      if (!item) throw new AppError('bucket_list_item_not_found', watchMessages.itemNotFound);
      const subjectKey = `destination:${item.id}:${body.travelers}p`;
      const found = await repository.findLive(userId, subjectKey);
      if (found) return { created: false, ...(await answer(userId, found)) };
      await requireRoom(userId);
      const place = [item.location, item.country].filter(Boolean).join(', ') || item.title;
      const plan = await deps.travel.watchPricing.planDestinationTrip({
        userId,
        place,
        travelers: body.travelers,
      });
      const trip = await priced(plan.items, body.travelers);
      const row = await insertWatch({
        userId,
        kind: 'destination',
        mode: 'alert',
        subjectKey,
        title: plan.title,
        plan: {
          items: trip.items,
          startDate: trip.startDate,
          endDate: trip.endDate,
          source: 'trip',
        },
        travelers: body.travelers,
        party: null,
        bucketItemId: item.id,
        currency: trip.currency,
        price: trip.price,
        market: trip.price,
      });
      const watch = row ?? (await repository.findLive(userId, subjectKey));
      if (!watch) throw new AppError('watch_not_found', watchMessages.notFound);
      return { created: row !== null, ...(await answer(userId, watch)) };
    },

    /** Pause or resume (active ⇄ paused), a threshold, a budget; 409 once booking or ended. */
    async update(userId: string, id: string, body: UpdateInput) {
      const row = await owned(userId, id);
      if (!['active', 'paused'].includes(row.status)) {
        throw new AppError('watch_not_changeable', watchMessages.notChangeable);
      }
      if (body.status === 'active' && row.mode === 'auto_book') await requireAutoBooking(userId);
      const at = now();
      const changed = await repository.update(userId, id, ['active', 'paused'], {
        ...(body.status ? { status: body.status } : {}),
        ...(body.thresholdPercent !== undefined ? { thresholdPercent: body.thresholdPercent } : {}),
        ...(body.maxBudget !== undefined ? { maxBudget: body.maxBudget } : {}),
        // A changed target or a resumed watch is judged at once.
        nextCheckAt: at,
        updatedAt: at,
      });
      if (!changed) throw new AppError('watch_not_changeable', watchMessages.notChangeable);
      if (changed.status === 'active') await nudgeMonitor();
      return answer(userId, changed);
    },

    async remove(userId: string, id: string) {
      const row = await owned(userId, id);
      if (row.status === 'booking' || !(await repository.remove(userId, id))) {
        throw new AppError('watch_not_changeable', watchMessages.beingBooked);
      }
    },

    async history(userId: string, id: string) {
      const row = await owned(userId, id);
      const at = now();
      const rows = await repository.pricesOf(id, new Date(at.getTime() - HISTORY_DAYS * DAY_MS));
      const [watch] = await present(userId, [row]);
      const points = rows.map((price) => ({
        at: price.checkedAt.toISOString(),
        day: price.checkedOn,
        amount: price.amount,
        currency: price.currency,
      }));
      return {
        watchId: row.id,
        currency: row.currency,
        points,
        market: watch!.market,
        target: watch!.target,
        thresholdPercent: row.thresholdPercent,
        departureDate: row.plan.startDate,
        advice: adviseBuyOrWait({
          points: points.map((point) => ({ day: point.day, amount: point.amount })),
          today: dayOf(at),
          departureDate: row.plan.startDate,
          target: watch!.target.amount,
        }),
      };
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;
