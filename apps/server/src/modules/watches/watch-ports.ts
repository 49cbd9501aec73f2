import type {
  Booking,
  BookingQuoteResponse,
  CreateBookingInput,
  TripTitle,
} from '@vowa/shared/bookings/booking-schemas';
import type { BudgetSettings } from '@vowa/shared/finance/finance-schemas';
import type { UserSettings } from '@vowa/shared/settings/settings-schemas';
import type {
  NotificationData,
  NotificationKindName,
} from '@vowa/shared/notifications/notification-schemas';
import type { Watch, WatchKind, WatchMode, WatchStatus } from '@vowa/shared/watches/watch-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { CreateOutcome } from '../bookings/bookings-service';
import type { JobQueue } from '../jobs/jobs-module';
import type { LiveUpdates } from '../realtime/realtime-module';
import type { ProviderOffer } from '../travel/travel-booking-service';

/**
 * The ports the watches module is given (issue 16), as the module sees them: app.ts builds
 * them from bookings, notifications, finance, settings, payments and auth. The watches core
 * (monitor, routes) and auto-booking (watch-auto-book.ts) both code against these types only.
 */

/** One watched item: a recorded quote (travel's id) and what it is a price of. */
export type WatchItem = {
  kind: 'flight' | 'hotel' | 'experience';
  quoteId: string;
  /** travel's subject key (the same flight/stay/experience priced again keeps it). */
  subject: string;
  /** Experiences: the day booked for. */
  date?: string;
};

/** `price_watches.plan`: what the watch prices and books. */
export type WatchPlan = {
  /** The latest recorded quotes (replaced after each check that moved a price). */
  items: WatchItem[];
  startDate: string;
  endDate: string;
  /** Bookings' `source` for an auto-booking. */
  source: 'trip' | 'flight' | 'hotel';
};

/** `price_watches.party`: auto-booking's travellers and contact (null for alerts). */
export type WatchParty = Pick<CreateBookingInput, 'travelers' | 'contact'>;

/**
 * A price watch row as the monitor hands it to `considerAutoBooking` (and as the repository
 * reads it): money in major units of `currency` (the provider's) / `budgetCurrency`.
 */
export type WatchRow = {
  id: string;
  userId: string;
  kind: WatchKind;
  mode: WatchMode;
  status: WatchStatus;
  subjectKey: string;
  title: TripTitle;
  plan: WatchPlan;
  travelers: number;
  party: WatchParty | null;
  bucketItemId: string | null;
  thresholdPercent: number;
  /** The person's max budget, in `budgetCurrency`. */
  maxBudget: number;
  budgetCurrency: string;
  currency: string;
  marketPrice: number;
  currentPrice: number | null;
  lastCheckedAt: Date | null;
  nextCheckAt: Date;
  lastAlertAt: Date | null;
  lastAlertPrice: number | null;
  claimId: string | null;
  claimUntil: Date | null;
  bookingId: string | null;
  endedReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * What the monitor knows about a watch's price at the moment it calls auto-booking: the target
 * (market × threshold) and the budget in the watch's own currency.
 */
export type WatchJudgement = {
  price: number;
  market: number;
  target: number;
  /** The max budget converted into `watch.currency` (null: no rate, so it cannot be judged). */
  budget: number | null;
};

// ---------- Bookings (bookings-module.ts returns it as `autoBooking`) ----------

export type WatchBookingsPort = {
  /**
   * Prices the items again now for `travelers` (fresh recorded quotes; 422 `offer_unavailable`
   * when no longer sold): the new quote ids and the exact total in minor units, as booking charges.
   */
  quote(
    userId: string,
    request: {
      items: { kind: WatchItem['kind']; quoteId: string; date?: string }[];
      travelers: number;
    },
  ): Promise<BookingQuoteResponse>;
  /** Books as the person; `automatic: true` marks the booking as made by auto-booking. */
  create(
    user: { id: string; emailVerified: boolean },
    idempotencyKey: string,
    body: CreateBookingInput,
    options: { automatic: true },
  ): Promise<CreateOutcome>;
  /** The person's booking made under this idempotency key, or null. */
  findByKey(userId: string, idempotencyKey: string): Promise<Booking | null>;
  /**
   * What an offer costs these travellers in minor units (flights and experiences per traveller,
   * a stay whole): booking-items' `amountFor`, so a watch's price is what booking would charge.
   */
  chargeOf: (kind: WatchItem['kind'], offer: ProviderOffer, travelers: number) => number;
};

// ---------- Notifications (H3's `notify`) ----------

/** The email switches a notification may also mail under (notification-kinds.ts). */
type MailSwitch = Exclude<
  keyof UserSettings['notifications'],
  'emailNotifications' | 'pushNotifications'
>;

export type WatchNotifyPort = {
  /**
   * An in-app notification (+ push, + mail under the `mail` switch). `key` dedupes per person:
   * false when it was already there. Price-drop kinds follow the `priceDropAlerts` switch.
   */
  notify<K extends NotificationKindName>(
    userId: string,
    kind: K,
    data: NotificationData<K>,
    options: { key: string; mail?: MailSwitch },
  ): Promise<boolean>;
};

// ---------- The person: settings, finance, payments, account ----------

export type WatchPeoplePort = {
  /** Finance's budget settings in the person's currency (max budget, auto-booking, threshold). */
  budgetSettings(userId: string): Promise<BudgetSettings>;
  /** Whether price-drop alerts reach the person (the `priceDropAlerts` switch). */
  alertsOn(userId: string): Promise<boolean>;
  /** The account as auto-booking needs it; null when deleted. */
  account(userId: string): Promise<{ id: string; email: string; emailVerified: boolean } | null>;
  /** The newest saved card (what auto-booking pays with), or null. */
  newestCard(userId: string): Promise<{ id: string; brand: string; last4: string } | null>;
  /** The person's display currency. */
  currencyOf(userId: string): Promise<string>;
};

// ---------- Auto-booking (H2's watch-auto-book.ts) ----------

/** What registerWatchesModule gives `createAutoBooker` (watch-auto-book.ts). */
export type AutoBookDeps = {
  db: Database;
  bookings: WatchBookingsPort;
  notifications: WatchNotifyPort;
  people: WatchPeoplePort;
  jobs: JobQueue;
  live?: LiveUpdates;
  /** The person's watches as the API shows them (for the auto-booking status). */
  listWatches(userId: string): Promise<Watch[]>;
  /** Converts between currencies at today's rates (null: no rate). */
  convert(amount: number, from: string, to: string): number | null;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** What watch-auto-book.ts exports as `createAutoBooker(deps: AutoBookDeps): AutoBooker`. */
export type AutoBooker = {
  /**
   * The monitor found `watch` (mode auto_book, active) at its target and within budget at the
   * price row `dropId`: claim it and queue its booking, at most once. Registers nothing.
   * True when this call claimed it (count it as an auto-booking started).
   */
  considerAutoBooking(watch: WatchRow, dropId: number, judgement: WatchJudgement): Promise<boolean>;
  /** Each monitor pass: resumes watches left in `booking` past their claim (crashed workers). */
  resumeStale(): Promise<number>;
  /** Registers the `watches.book` job worker (called once by the module). */
  registerJobs(): void;
};
