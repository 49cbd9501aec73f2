import { matchesSuggestionFilter } from '@vowa/shared/travel/travel-rules';
import type { SuggestionsResponse, TripSuggestion } from '@vowa/shared/travel/travel-schemas';
import type { BucketItem, BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  LISTS,
  person,
  sampleItem,
  verifiedPerson,
  type Person,
} from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { placeLabel } from '@vowa/shared/travel/place-names';

const SETTINGS = '/api/user_management/settings';
const APP_URL = 'http://localhost:8000';

// Monday 23 November 2026, on a few clocks. Every tick here falls on the same UTC day, so the
// trips are priced once (the offline inventory is deterministic per day).
const MON_0700_LOS_ANGELES = new Date('2026-11-23T15:00:00Z');
const MON_0900_LOS_ANGELES = new Date('2026-11-23T17:00:00Z');
const MON_1000_LOS_ANGELES = new Date('2026-11-23T18:00:00Z');
const MON_0730_PARIS = new Date('2026-11-23T06:30:00Z');
const MON_0830_PARIS = new Date('2026-11-23T07:30:00Z');
const MON_2100_PARIS = new Date('2026-11-23T20:00:00Z');
const MON_0900_TOKYO = new Date('2026-11-23T00:00:00Z');
const TUE_0830_TOKYO = new Date('2026-11-23T23:30:00Z');
const TUE_0845_TOKYO = new Date('2026-11-23T23:45:00Z');

let clock = MON_0900_LOS_ANGELES;
let t: TestApp;

beforeAll(async () => {
  // The runner's timer is off: the tests tick it themselves, with their clock.
  t = await createTestApp({ JOBS_INTERVAL_MS: '0' }, { now: () => clock });
  // Prices the day's trips once, up front.
  await as(t.app, await person(t.app, 'Warm-up')).get('/api/travel/deals');
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function tickAt(at: Date) {
  clock = at;
  await t.app.notifications.tick();
}

// ---------- Reading the outbox ----------

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(soft.charCodeAt(index));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Subject, plain-text and HTML parts of a message written by nodemailer. */
function readMail(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(headers.match(/^Subject: (.*)$/im)?.[1] ?? '');
  const boundary = headers.match(/boundary="?([^";]+)"?/i)?.[1];
  const body = rest.join('\n\n');
  const parts = boundary ? body.split(`--${boundary}`) : [raw];
  const part = (type: string) => {
    const found = parts.find((candidate) =>
      new RegExp(`Content-Type: ${type}`, 'i').test(candidate),
    );
    if (!found) return '';
    const [partHead = '', ...partBody] = found.trim().split(/\r?\n\r?\n/);
    const content = partBody.join('\n\n');
    if (/Content-Transfer-Encoding: base64/i.test(partHead)) {
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    if (/Content-Transfer-Encoding: quoted-printable/i.test(partHead)) {
      return decodeQuotedPrintable(content);
    }
    return content;
  };
  return { subject, text: part('text/plain'), html: part('text/html') };
}

type Kind = 'dealAlerts' | 'weeklyDigest' | 'bookingConfirmations' | 'priceDropAlerts';
const FOOTER_SWITCH: Record<Kind, string> = {
  dealAlerts: '“Deal alerts”',
  weeklyDigest: '“Weekly digest”',
  bookingConfirmations: '“Booking confirmations”',
  priceDropAlerts: '“Price drop alerts”',
};

/** Messages to someone, read; `kind` keeps the English notifications of that kind. */
async function mailTo(who: Person, kind?: Kind) {
  const mails = (await t.outbox())
    .filter((mail) => mail.to === who.email)
    .map((mail) => readMail(mail.raw));
  return kind ? mails.filter((mail) => mail.text.includes(FOOTER_SWITCH[kind])) : mails;
}

// ---------- People ----------

async function saveSettings(who: Person, changes: object) {
  const response = await as(t.app, who).put(SETTINGS, changes);
  expect(response.statusCode, response.body).toBe(200);
}

async function hotDeals(who: Person) {
  // The Hot Deals tab of the suggestions: the trips within the budget saving more than 500.
  const response = (
    await as(t.app, who).get('/api/travel/suggestions')
  ).json() as SuggestionsResponse;
  // (500 in the quoting currency, converted: the answer's `hotDealSavings`.)
  return response.suggestions.filter((deal) => matchesSuggestionFilter(deal, 'deals', response));
}

const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const place = (trip: TripSuggestion) => placeLabel([trip.destination, trip.country]);

describe('deal alerts', () => {
  it('go out from 08:00 on the user’s clock, once a day, with up to 5 hot deals within budget', async () => {
    const ada = await verifiedPerson(t, 'Ada Alerts');
    await tickAt(MON_0700_LOS_ANGELES);
    expect(await mailTo(ada, 'dealAlerts')).toEqual([]);

    clock = MON_0900_LOS_ANGELES;
    const hot = await hotDeals(ada);
    expect(hot.length).toBeGreaterThan(0);
    await tickAt(MON_0900_LOS_ANGELES);
    const [alert, ...more] = await mailTo(ada, 'dealAlerts');
    expect(more).toEqual([]);
    const listed = hot.slice(0, 5);
    expect(alert!.subject).toBe(
      listed.length === 1
        ? 'A hot deal within your budget'
        : `${listed.length} hot deals within your budget`,
    );
    for (const deal of listed) {
      expect(alert!.text).toContain(
        `${place(deal)}, ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(new Date(deal.departureDate), new Date(deal.returnDate))}: ${usd.format(deal.price)} for two (save ${usdWhole.format(deal.savings)}), offer valid until ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Los_Angeles' }).format(new Date(deal.dealExpiry))}`,
      );
      expect(deal.price).toBeLessThanOrEqual(5000);
    }
    for (const deal of hot.slice(5)) expect(alert!.text).not.toContain(place(deal));
    expect(alert!.text).toContain(`See the deals: ${APP_URL}/travel/suggestions`);
    expect(alert!.text).toContain(`Manage notifications: ${APP_URL}/settings`);
    expect(alert!.html).toContain(`href="${APP_URL}/travel/suggestions"`);
    expect(alert!.html).toContain(`href="${APP_URL}/settings"`);
    expect(alert!.html).toContain(place(listed[0]!));

    // Later the same day: nothing more.
    await tickAt(MON_1000_LOS_ANGELES);
    expect(await mailTo(ada, 'dealAlerts')).toHaveLength(1);
  });

  it('are not sent while “Deal alerts” is off, and are as soon as it is on again', async () => {
    const bob = await verifiedPerson(t, 'Bob No Deals');
    await saveSettings(bob, { notifications: { dealAlerts: false } });
    await tickAt(MON_0900_LOS_ANGELES);
    expect(await mailTo(bob, 'dealAlerts')).toEqual([]);

    await saveSettings(bob, { notifications: { dealAlerts: true } });
    await tickAt(MON_1000_LOS_ANGELES);
    expect(await mailTo(bob, 'dealAlerts')).toHaveLength(1);
  });

  it('are not sent while “Email notifications” is off, whatever the other switches say', async () => {
    const cleo = await verifiedPerson(t, 'Cleo Quiet');
    await saveSettings(cleo, { notifications: { emailNotifications: false } });
    await tickAt(MON_0900_LOS_ANGELES);
    await tickAt(MON_1000_LOS_ANGELES);
    const mails = await mailTo(cleo);
    expect(mails.map((mail) => mail.subject)).toEqual(['Verify your email for Vowa']);
  });

  it('reach the notification centre too, with “Email notifications” off, once a day', async () => {
    const fay = await verifiedPerson(t, 'Fay In App');
    await saveSettings(fay, { notifications: { emailNotifications: false } });
    clock = MON_0900_LOS_ANGELES;
    const hot = (await hotDeals(fay)).slice(0, 5);
    expect(hot.length).toBeGreaterThan(0);
    await tickAt(MON_0900_LOS_ANGELES);
    await tickAt(MON_1000_LOS_ANGELES);
    expect(await mailTo(fay, 'dealAlerts')).toEqual([]);
    const centre = (await as(t.app, fay).get('/api/notifications')).json() as {
      notifications: { kind: string; data: unknown }[];
    };
    expect(centre.notifications).toEqual([
      expect.objectContaining({
        kind: 'deals',
        data: {
          count: hot.length,
          best: {
            destination: hot[0]!.destination,
            country: hot[0]!.country,
            countryCode: hot[0]!.countryCode,
            price: { amount: hot[0]!.price, currency: 'USD' },
          },
        },
      }),
    ]);
  });

  it('are not sent when no deal is hot', async () => {
    const dan = await verifiedPerson(t, 'Dan Frugal');
    await as(t.app, dan).put('/api/finance/budget_settings', { maxTripBudget: 1000 });
    clock = MON_0900_LOS_ANGELES;
    expect(await hotDeals(dan)).toEqual([]);
    await tickAt(MON_0900_LOS_ANGELES);
    expect(await mailTo(dan, 'dealAlerts')).toEqual([]);
  });

  it('come again the next day only with deals not told yet', async () => {
    const emi = await verifiedPerson(t, 'Emi Tokyo');
    await saveSettings(emi, { account: { timezone: 'Asia/Tokyo' } });
    await as(t.app, emi).put('/api/finance/budget_settings', { maxTripBudget: 4000 });
    clock = MON_0900_TOKYO;
    const first = await hotDeals(emi);
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(5);
    await tickAt(MON_0900_TOKYO);
    expect(await mailTo(emi, 'dealAlerts')).toHaveLength(1);

    // Tuesday morning in Tokyo, the same deals: no news, no email.
    clock = TUE_0830_TOKYO;
    expect((await hotDeals(emi)).map((deal) => deal.id)).toEqual(first.map((deal) => deal.id));
    await tickAt(TUE_0830_TOKYO);
    expect(await mailTo(emi, 'dealAlerts')).toHaveLength(1);

    // A bigger budget brings new hot deals: they alone are told.
    await as(t.app, emi).put('/api/finance/budget_settings', { maxTripBudget: 5000 });
    clock = TUE_0845_TOKYO;
    const now = await hotDeals(emi);
    const fresh = now.filter((deal) => !first.some((old) => old.airportCode === deal.airportCode));
    expect(fresh.length).toBeGreaterThan(0);
    await tickAt(TUE_0845_TOKYO);
    const alerts = await mailTo(emi, 'dealAlerts');
    expect(alerts).toHaveLength(2);
    const second = alerts[1]!;
    for (const deal of fresh.slice(0, 5)) expect(second.text).toContain(place(deal));
    for (const deal of first) expect(second.text).not.toContain(place(deal));
  });
});

describe('the weekly digest', () => {
  it('goes out on Monday from 08:00 on the user’s clock, once a week, with trips, bucket list and budget', async () => {
    const fay = await verifiedPerson(t, 'Fay Paris');
    await saveSettings(fay, { account: { timezone: 'Europe/Paris' } });
    const fayApi = as(t.app, fay);
    const list = (await fayApi.post(LISTS, { name: 'Someday' })).json() as BucketList;
    const items: BucketItem[] = [];
    for (const title of ['Aurora', 'Petra', 'Kyoto']) {
      items.push((await fayApi.post(`${LISTS}/${list.id}/items`, { ...sampleItem, title })).json());
    }
    await fayApi.put(`${LISTS}/${list.id}/items/${items[0]!.id}/completion`, {
      isCompleted: true,
    });

    await tickAt(MON_0730_PARIS);
    expect(await mailTo(fay, 'weeklyDigest')).toEqual([]);

    clock = MON_0830_PARIS;
    const suggestions = (
      (await fayApi.get('/api/travel/suggestions')).json() as SuggestionsResponse
    ).suggestions.slice(0, 3);
    await tickAt(MON_0830_PARIS);
    const [digest, ...more] = await mailTo(fay, 'weeklyDigest');
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Your week with Vowa');
    expect(suggestions).toHaveLength(3);
    for (const trip of suggestions) {
      expect(digest!.text).toContain(`${place(trip)}, `);
      expect(digest!.text).toContain(`${usd.format(trip.price)} for two`);
    }
    expect(digest!.text).toContain('1 of 3 places done');
    expect(digest!.text).toContain('Your trip budget: $5,000');
    expect(digest!.text).toContain(`Open Vowa: ${APP_URL}/travel/suggestions`);
    expect(digest!.text).toContain(`Manage notifications: ${APP_URL}/settings`);
    expect(digest!.html).toContain('1 of 3 places done');

    // Once a week: later on Monday, nothing more.
    await tickAt(MON_2100_PARIS);
    expect(await mailTo(fay, 'weeklyDigest')).toHaveLength(1);
  });

  it('does not go out on a Tuesday', async () => {
    const gus = await verifiedPerson(t, 'Gus Tokyo');
    await saveSettings(gus, { account: { timezone: 'Asia/Tokyo' } });
    await tickAt(TUE_0830_TOKYO);
    expect(await mailTo(gus, 'weeklyDigest')).toEqual([]);
    // The deal alert is daily, so it does.
    expect(await mailTo(gus, 'dealAlerts')).toHaveLength(1);
  });

  it('is not sent while “Weekly digest” is off', async () => {
    const hal = await verifiedPerson(t, 'Hal No Digest');
    await saveSettings(hal, { notifications: { weeklyDigest: false } });
    await tickAt(MON_0900_LOS_ANGELES);
    expect(await mailTo(hal, 'weeklyDigest')).toEqual([]);
    expect(await mailTo(hal, 'dealAlerts')).toHaveLength(1);
  });
});

describe('who gets scheduled emails', () => {
  it('not a user whose address is unverified', async () => {
    const ivy = await person(t.app, 'Ivy Unverified');
    await tickAt(MON_0900_LOS_ANGELES);
    expect((await mailTo(ivy)).map((mail) => mail.subject)).toEqual(['Verify your email for Vowa']);
  });

  it('not a user who has not signed in for more than 30 days', async () => {
    const jon = await verifiedPerson(t, 'Jon Dormant');
    const lastSeen = new Date(MON_0900_LOS_ANGELES.getTime() - 31 * 86_400_000);
    await t.app.db.execute(sql`
      update sessions set last_used_at = ${lastSeen.toISOString()}
      where user_id = ${jon.id}`);
    await tickAt(MON_0900_LOS_ANGELES);
    expect(await mailTo(jon, 'dealAlerts')).toEqual([]);
    expect(await mailTo(jon, 'weeklyDigest')).toEqual([]);
  });

  it('speaks the user’s language and shows amounts in their currency', async () => {
    const kai = await verifiedPerson(t, 'Kai Berlin');
    await saveSettings(kai, {
      account: { language: 'de', currency: 'EUR', timezone: 'Europe/Paris' },
    });
    clock = MON_0830_PARIS;
    const hot = (await hotDeals(kai)).slice(0, 5);
    expect(hot.length).toBeGreaterThan(0);
    const eur = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' });
    await tickAt(MON_0830_PARIS);
    const mails = await mailTo(kai);
    const alert = mails.find((mail) => mail.text.includes('„Angebotsalarme“'));
    expect(alert?.subject).toBe(
      hot.length === 1
        ? 'Ein Top-Angebot in deinem Budget'
        : `${hot.length} Top-Angebote in deinem Budget`,
    );
    for (const deal of hot) expect(alert!.text).toContain(`${eur.format(deal.price)} für zwei`);
    expect(alert!.text).toContain('Benachrichtigungen verwalten');
    const digest = mails.find((mail) => mail.subject === 'Deine Woche mit Vowa');
    const eurWhole = new Intl.NumberFormat('de', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    });
    // The default budget ($5,000, the spec's) said nicely in euros: €4,300.
    expect(digest?.text).toContain(`Dein Reisebudget: ${eurWhole.format(4300)}`);
    expect(digest?.html).toContain('<html lang="de">');
  });

  it('in Japanese, with yen', async () => {
    const rin = await verifiedPerson(t, 'Rin');
    await saveSettings(rin, {
      account: { language: 'ja', currency: 'JPY', timezone: 'Asia/Tokyo' },
    });
    await tickAt(MON_0900_TOKYO);
    const digest = (await mailTo(rin)).find((mail) => mail.subject === 'Vowa 今週のまとめ');
    expect(digest?.text).toMatch(/旅行予算：￥[\d,]+/);
    expect(digest?.text).toContain('通知設定で「週間ダイジェスト」がオンになっているため');
  });
});

describe('several runners on one database', () => {
  it('send each notification once', async () => {
    const lou = await verifiedPerson(t, 'Lou Twice');
    clock = MON_0900_LOS_ANGELES;
    // Passes share nothing but the database, like instances: three at once.
    await Promise.all([
      t.app.notifications.tick(),
      t.app.notifications.tick(),
      t.app.notifications.tick(),
    ]);
    expect(await mailTo(lou, 'dealAlerts')).toHaveLength(1);
    expect(await mailTo(lou, 'weeklyDigest')).toHaveLength(1);
    const rows = (await t.app.db.execute(sql`
      select kind, period from notification_deliveries where user_id = ${lou.id}
      order by kind`)) as unknown as { rows: { kind: string; period: string }[] };
    expect(rows.rows).toEqual([
      { kind: 'dealAlerts', period: '2026-11-23' },
      { kind: 'weeklyDigest', period: '2026-W48' },
    ]);
  });
});

describe('notifications sent by other features', () => {
  const content = {
    subject: 'Your trip to Lisbon is booked',
    sections: [{ lines: ['Lisbon, 21 Dec – 28 Dec 2026'] }],
  };

  it('pass only while the master switch and their own are on', async () => {
    const mo = await verifiedPerson(t, 'Mo Bookings');
    const send = t.app.notifications.send;
    // Price-drop alerts are off by default (part 1 §9); booking confirmations on.
    expect(await send(mo.id, 'priceDropAlerts', content)).toBe('switched_off');
    expect(await send(mo.id, 'bookingConfirmations', content)).toBe('sent');
    await saveSettings(mo, { notifications: { priceDropAlerts: true } });
    expect(
      await send(mo.id, 'priceDropAlerts', (recipient) => ({
        subject: `Lisbon is now ${recipient.money(980)}`,
        sections: [{ lines: ['It was cheaper this morning.'] }],
      })),
    ).toBe('sent');
    await saveSettings(mo, { notifications: { bookingConfirmations: false } });
    expect(await send(mo.id, 'bookingConfirmations', content)).toBe('switched_off');
    await saveSettings(mo, {
      notifications: { bookingConfirmations: true, emailNotifications: false },
    });
    expect(await send(mo.id, 'bookingConfirmations', content)).toBe('switched_off');
    expect(await send(mo.id, 'priceDropAlerts', content)).toBe('switched_off');

    expect((await mailTo(mo, 'bookingConfirmations')).map((mail) => mail.subject)).toEqual([
      'Your trip to Lisbon is booked',
    ]);
    expect((await mailTo(mo, 'priceDropAlerts')).map((mail) => mail.subject)).toEqual([
      'Lisbon is now $980.00',
    ]);
  });

  it('are sent once per key, and never to an unverified address', async () => {
    const ned = await verifiedPerson(t, 'Ned Once');
    const send = t.app.notifications.send;
    const results = await Promise.all([
      send(ned.id, 'bookingConfirmations', content, { key: 'booking-42' }),
      send(ned.id, 'bookingConfirmations', content, { key: 'booking-42' }),
    ]);
    expect(results.sort()).toEqual(['duplicate', 'sent']);
    expect(await mailTo(ned, 'bookingConfirmations')).toHaveLength(1);

    const otto = await person(t.app, 'Otto Unverified');
    expect(await send(otto.id, 'bookingConfirmations', content)).toBe('unverified');
    expect(await mailTo(otto, 'bookingConfirmations')).toEqual([]);
  });
});

describe('the jobs in the app', () => {
  it('run by themselves once the app is ready, and stop when it closes', async () => {
    // This clock's periods ran in earlier runs on a kept PostgreSQL database: forget them.
    await t.app.db.execute(
      sql`delete from jobs where name like 'notifications.%' and key like 'every %'`,
    );
    // A clock that moves from 07:00 in Los Angeles, so each second is a new period.
    const started = Date.now();
    const own = await createTestApp(
      { JOBS_INTERVAL_MS: '1000', JOBS_POLL_MS: '200' },
      { now: () => new Date(MON_0700_LOS_ANGELES.getTime() + Date.now() - started) },
    );
    try {
      const someone = await person(own.app, 'Old Timer');
      // A delivery past its retention: the prune job of the next pass removes it.
      await own.app.db.execute(sql`
        insert into notification_deliveries (user_id, kind, period, created_at)
        values (${someone.id}, 'dealAlerts', '2026-01-01', '2026-01-01T09:00:00Z')`);
      // And a notification of the centre older than its 180 days.
      await own.app.db.execute(sql`
        insert into user_notifications (user_id, kind, data, dedupe_key, created_at)
        values (${someone.id}, 'deals', '{"count":0,"best":null}', 'old', '2026-01-01T09:00:00Z')`);
      const count = async () =>
        (
          (await own.app.db.execute(
            sql`select (select count(*)::int from notification_deliveries where user_id = ${someone.id})
              + (select count(*)::int from user_notifications where user_id = ${someone.id}) as n`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n;
      expect(await count()).toBe(2);
      await expect.poll(count, { timeout: 10_000, interval: 200 }).toBe(0);
    } finally {
      await own.close();
    }
  }, 120_000);
});
