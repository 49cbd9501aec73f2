import { randomUUID } from 'node:crypto';
import type { BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { languages, type Language } from '@vowa/shared/settings/settings-constants';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@vowa/shared/settings/settings-schemas';
import { placeLabel } from '@vowa/shared/travel/place-names';
import { matchesSuggestionFilter } from '@vowa/shared/travel/travel-rules';
import type { DealsResponse, SuggestionsResponse } from '@vowa/shared/travel/travel-schemas';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import type { FastifyBaseLogger } from 'fastify';
import type { MailService } from '../mail/mailer';
import { localTime, type LocalTime } from './local-time';
import {
  ACTIVE_WITHIN_DAYS,
  DEAL_ALERT_LIMIT,
  DEAL_ALERT_MEMORY_DAYS,
  DELIVERY_RETENTION_DAYS,
  DIGEST_TRIPS,
  NOTIFICATION_HOUR,
  type NotificationKind,
} from './notification-kinds';
import { notificationMessage, type NotificationContent } from './notification-mail';
import type { NotificationCentre } from './notification-centre';
import type { NotificationRepository } from './notification-repository';
import { notificationTexts, type NotificationTexts } from './notification-texts';

const DAY_MS = 86_400_000;
const AUDIENCE_PAGE = 200;

/** Who a notification goes to, with their language and formats (money, dates). */
export type Recipient = {
  id: string;
  email: string;
  name: string;
  language: Language;
  currency: DisplayCurrency;
  timezone: string;
  texts: NotificationTexts;
  /** An amount in the user's currency, in their language ("1.234,50 €"). */
  money: (amount: number, options?: { whole?: boolean }) => string;
  /** A stay from one calendar day ("2026-12-21") to another. */
  dates: (from: string, to: string) => string;
  /** A moment (ISO time) on the user's clock. */
  moment: (iso: string) => string;
};

/** What became of a notification: only 'sent' put a message in the mail queue. */
export type NotificationResult = 'sent' | 'switched_off' | 'unverified' | 'duplicate' | 'no_user';

type Dependencies = {
  repository: NotificationRepository;
  /** The accounts module's public service. */
  users: {
    /** Verified users who used a sign-in since a moment, a page of ids at a time. */
    activeVerifiedUsers: (
      activeSince: Date,
      after: string | null,
      limit: number,
    ) => Promise<string[]>;
    findUserById: (
      id: string,
    ) => Promise<
      { email: string; name: string; displayName: string; emailVerifiedAt: Date | null } | undefined
    >;
  };
  /** The settings module's public service. */
  settings: {
    settings: (userId: string) => Promise<UserSettings>;
    timezonesOf: (userIds: string[]) => Promise<Map<string, string>>;
    wantsEmail: (userId: string, kind: NotificationKind) => Promise<boolean>;
  };
  planner: {
    deals: (
      userId: string,
      query: { category: 'all'; currency: DisplayCurrency },
    ) => Promise<DealsResponse>;
    suggestions: (
      userId: string,
      query: { currency: DisplayCurrency },
    ) => Promise<SuggestionsResponse>;
  };
  bucketLists: { listsOf: (userId: string) => Promise<BucketList[]> };
  /** The notification centre: deal alerts are told in the app too. */
  inApp: Pick<NotificationCentre, 'notify' | 'prune'>;
  mail: MailService;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
};

const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);

function recipientOf(
  id: string,
  user: { email: string; name: string; displayName: string },
  account: UserSettings['account'],
): Recipient {
  const language = (languages as readonly string[]).includes(account.language)
    ? account.language
    : DEFAULT_USER_SETTINGS.account.language;
  const { currency, timezone } = account;
  const money = new Intl.NumberFormat(language, { style: 'currency', currency });
  const wholeMoney = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const days = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const moments = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });
  return {
    id,
    email: user.email,
    name: user.displayName || user.name,
    language,
    currency,
    timezone,
    texts: notificationTexts[language],
    money: (amount, options) => (options?.whole ? wholeMoney : money).format(amount),
    dates: (from, to) => days.formatRange(calendarDay(from), calendarDay(to)),
    moment: (iso) => moments.format(new Date(iso)),
  };
}

/** Deals are told once a week at most: the same trip from the same airport is no news. */
const dealKey = (origin: string, destinationAirport: string) => `${origin}-${destinationAirport}`;

function alertedDeals(details: unknown[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of details) {
    const deals = (entry as { deals?: unknown } | null)?.deals;
    if (Array.isArray(deals)) for (const key of deals) if (typeof key === 'string') keys.add(key);
  }
  return keys;
}

/**
 * The notification emails (part 1 §3 Notifications): each goes out only while the user's
 * "Email notifications" switch and its own switch are on, read when it is sent. Deal alerts
 * and the weekly digest are jobs of the job queue; bookings and price watches call
 * `send` when they happen.
 */
export function createNotificationService(deps: Dependencies) {
  const manageUrl = `${deps.appUrl}/settings`;

  /** Claims the delivery (one sender per user, kind and period), then queues the message. */
  async function deliver(
    recipient: Recipient,
    kind: NotificationKind,
    period: string,
    details: unknown,
    content: NotificationContent,
    at: Date,
  ): Promise<NotificationResult> {
    const claimed = await deps.repository.claim({
      userId: recipient.id,
      kind,
      period,
      details,
      at,
    });
    if (!claimed) return 'duplicate';
    deps.mail.enqueue(
      notificationMessage(recipient.email, recipient.language, kind, content, manageUrl),
    );
    await deps.repository.markSent(claimed, at);
    return 'sent';
  }

  async function recipientFor(userId: string) {
    const [user, settings] = await Promise.all([
      deps.users.findUserById(userId),
      deps.settings.settings(userId),
    ]);
    return user ? { user, settings, recipient: recipientOf(userId, user, settings.account) } : null;
  }

  // ---------- Deal alerts ----------

  async function dealAlert(userId: string, period: string, at: Date) {
    const found = await recipientFor(userId);
    if (!found) return 'no_user';
    const { recipient, settings } = found;
    // "Deal alerts" decides whether deals are told at all; "Email notifications" only the mail.
    if (!settings.notifications.dealAlerts) return 'switched_off';
    // The trips within the budget, best value first (Today's Best Deals on the screen are the
    // best of each kind beyond these, so they are not where the hot deals are looked for).
    const response = await deps.planner.suggestions(userId, { currency: recipient.currency });
    const alerted = alertedDeals(
      await deps.repository.recentDetails(
        userId,
        'dealAlerts',
        new Date(at.getTime() - DEAL_ALERT_MEMORY_DAYS * DAY_MS),
      ),
    );
    // The Hot Deals tab's rule (part 2 §9), within the budget, not told in the last week.
    const fresh = response.suggestions
      .filter(
        (deal) =>
          matchesSuggestionFilter(deal, 'deals', response) &&
          deal.price <= response.maxTripBudget &&
          !alerted.has(dealKey(response.origin.code, deal.airportCode)),
      )
      .slice(0, DEAL_ALERT_LIMIT);
    if (fresh.length === 0) return 'nothing';

    const texts = recipient.texts.dealAlert;
    const content: NotificationContent = {
      subject: texts.subject(fresh.length),
      intro: texts.intro,
      sections: [
        {
          lines: fresh.map((deal) =>
            texts.line({
              destination: placeLabel([deal.destination, deal.country]),
              dates: recipient.dates(deal.departureDate, deal.returnDate),
              total: recipient.money(deal.price),
              savings: recipient.money(deal.savings, { whole: true }),
              expiry: recipient.moment(deal.dealExpiry),
            }),
          ),
        },
      ],
      action: { label: texts.action, url: `${deps.appUrl}/travel/suggestions` },
    };
    const details = {
      deals: fresh.map((deal) => dealKey(response.origin.code, deal.airportCode)),
      currency: response.currency,
    };
    // The switches again, as late as possible: a change made a moment ago counts.
    const current = (await deps.settings.settings(userId)).notifications;
    if (!current.dealAlerts) return 'switched_off';
    const mailed = current.emailNotifications;
    // The period is claimed whether mailed or not, so the next run tells only news.
    const claimed = await deps.repository.claim({
      userId,
      kind: 'dealAlerts',
      period,
      details,
      at,
    });
    if (!claimed) return 'duplicate';
    const best = fresh[0]!;
    await deps.inApp.notify(
      userId,
      'deals',
      {
        count: fresh.length,
        best: {
          destination: best.destination,
          country: best.country,
          countryCode: best.countryCode,
          price: { amount: best.price, currency: response.currency },
        },
      },
      { key: `deals:${period}` },
    );
    if (!mailed) return 'in_app';
    deps.mail.enqueue(
      notificationMessage(recipient.email, recipient.language, 'dealAlerts', content, manageUrl),
    );
    await deps.repository.markSent(claimed, at);
    return 'sent';
  }

  // ---------- Weekly digest ----------

  async function weeklyDigest(userId: string, period: string, at: Date) {
    const found = await recipientFor(userId);
    if (!found) return 'no_user';
    const { recipient, settings } = found;
    if (!settings.notifications.emailNotifications || !settings.notifications.weeklyDigest) {
      return 'switched_off';
    }
    const [suggestions, lists] = await Promise.all([
      deps.planner.suggestions(userId, { currency: recipient.currency }),
      deps.bucketLists.listsOf(userId),
    ]);
    const own = lists.filter((list) => list.ownerId === userId);
    const items = own.reduce((total, list) => total + list.items.length, 0);
    const completed = own.reduce(
      (total, list) => total + list.items.filter((item) => item.isCompleted).length,
      0,
    );
    const trips = suggestions.suggestions
      .filter((trip) => trip.price <= suggestions.maxTripBudget)
      .slice(0, DIGEST_TRIPS);
    if (!(await deps.settings.wantsEmail(userId, 'weeklyDigest'))) return 'switched_off';

    const texts = recipient.texts.digest;
    const content: NotificationContent = {
      subject: texts.subject,
      intro: texts.intro,
      sections: [
        {
          heading: texts.tripsHeading,
          lines:
            trips.length > 0
              ? trips.map((trip) =>
                  texts.trip({
                    destination: placeLabel([trip.destination, trip.country]),
                    dates: recipient.dates(trip.departureDate, trip.returnDate),
                    total: recipient.money(trip.price),
                  }),
                )
              : [texts.noTrips],
        },
        {
          heading: texts.bucketHeading,
          lines: [items > 0 ? texts.bucket(items, completed) : texts.noBucket],
        },
        { lines: [texts.budget(recipient.money(suggestions.maxTripBudget, { whole: true }))] },
      ],
      action: { label: texts.action, url: `${deps.appUrl}/travel/suggestions` },
    };
    const details = { trips: trips.map((trip) => trip.id), items, completed };
    return deliver(recipient, 'weeklyDigest', period, details, content, at);
  }

  // ---------- The scheduled pass ----------

  /**
   * Every active, verified user whose local clock says a `kind` is due (its period) and who
   * has no delivery for that period yet; one user's failure does not stop the others.
   */
  async function runFor(
    kind: NotificationKind,
    at: Date,
    signal: AbortSignal,
    dueAt: (local: LocalTime) => string | null,
    handle: (userId: string, period: string, at: Date) => Promise<string>,
  ) {
    const activeSince = new Date(at.getTime() - ACTIVE_WITHIN_DAYS * DAY_MS);
    const counts: Record<string, number> = {};
    let after: string | null = null;
    for (;;) {
      const page = await deps.users.activeVerifiedUsers(activeSince, after, AUDIENCE_PAGE);
      if (page.length === 0) break;
      after = page.at(-1)!;
      const timezones = await deps.settings.timezonesOf(page);
      const due = page.flatMap((userId) => {
        const timezone = timezones.get(userId) ?? DEFAULT_USER_SETTINGS.account.timezone;
        const period = dueAt(localTime(timezone, at, DEFAULT_USER_SETTINGS.account.timezone));
        return period ? [{ userId, period }] : [];
      });
      const done = await deps.repository.delivered(
        kind,
        due.map((entry) => entry.userId),
        [...new Set(due.map((entry) => entry.period))],
      );
      for (const { userId, period } of due) {
        if (signal.aborted) return counts;
        if (done.has(`${userId}|${period}`)) continue;
        try {
          const outcome = await handle(userId, period, at);
          counts[outcome] = (counts[outcome] ?? 0) + 1;
        } catch (error) {
          counts.failed = (counts.failed ?? 0) + 1;
          deps.log.warn({ err: error, userId, kind }, 'could not prepare a notification');
        }
      }
      if (page.length < AUDIENCE_PAGE) break;
    }
    if (counts.sent) deps.log.info({ kind, ...counts }, 'notification emails sent');
    return counts;
  }

  /** The scheduled notification jobs: each is one pass over the audience at a moment. */
  const jobs: { name: string; run: (at: Date, signal: AbortSignal) => Promise<unknown> }[] = [
    {
      name: 'notifications.deal-alerts',
      // Once a local day, from 08:00.
      run: (at, signal) =>
        runFor(
          'dealAlerts',
          at,
          signal,
          (local) => (local.hour >= NOTIFICATION_HOUR ? local.date : null),
          dealAlert,
        ),
    },
    {
      name: 'notifications.weekly-digest',
      // Mondays from 08:00, once an ISO week.
      run: (at, signal) =>
        runFor(
          'weeklyDigest',
          at,
          signal,
          (local) =>
            local.isoWeekday === 1 && local.hour >= NOTIFICATION_HOUR ? local.isoWeek : null,
          weeklyDigest,
        ),
    },
    {
      name: 'notifications.prune-deliveries',
      run: async (at) => {
        await deps.repository.prune(new Date(at.getTime() - DELIVERY_RETENTION_DAYS * DAY_MS));
        await deps.inApp.prune(at);
      },
    },
  ];

  return {
    jobs,

    /**
     * Sends one notification of `kind` to a user if their switches allow it now (the
     * "Email notifications" master switch and the kind's own). What later features call:
     * bookings with 'bookingConfirmations', price watches with 'priceDropAlerts'. The content
     * may be built for the recipient (language, currency, time zone). With a `key` (a
     * booking id), the same notification is sent once however often it is asked for.
     */
    async send(
      userId: string,
      kind: NotificationKind,
      content: NotificationContent | ((recipient: Recipient) => NotificationContent),
      options: { key?: string; details?: unknown } = {},
    ): Promise<NotificationResult> {
      const found = await recipientFor(userId);
      if (!found) return 'no_user';
      if (!found.user.emailVerifiedAt) return 'unverified';
      if (!(await deps.settings.wantsEmail(userId, kind))) return 'switched_off';
      const built = typeof content === 'function' ? content(found.recipient) : content;
      return deliver(
        found.recipient,
        kind,
        options.key ?? `event:${randomUUID()}`,
        options.details ?? {},
        built,
        deps.now(),
      );
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
