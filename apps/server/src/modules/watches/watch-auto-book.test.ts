import type { AutoBookingStatus } from '@vowa/shared/watches/watch-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, saveCard, verifiedPerson, person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  autoBookingPerson,
  countOf,
  hotelQuotes,
  seedDrops,
  seedWatches,
  type AutoBookingPerson,
  type SeedQuote,
} from '../../../test/watch-seed';
import { autoBookingKey, BOOK_JOB, bookJobKey, CLAIM_MS } from './watch-auto-book';
import type { WatchJudgement, WatchRow } from './watch-ports';
import { priceWatches, watchBookings, watchPrices } from './watch-schema';

const START = new Date('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
let clock = START;
let t: TestApp;
let ada: AutoBookingPerson;
let quotes: SeedQuote[];
let used = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ada = await autoBookingPerson(t, 'Ada Auto');
  quotes = await hotelQuotes(
    t.app,
    ada,
    [
      { city: 'Lisbon', country: 'Portugal', countryCode: 'PT' },
      { city: 'Porto', country: 'Portugal', countryCode: 'PT' },
    ],
    START.toISOString().slice(0, 10),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const booker = () => t.app.watches.autoBooker;

/** A fresh watch of `who` on a stay nobody else's test uses, with the drop that reached target. */
async function watchAtTarget(who: AutoBookingPerson = ada) {
  const quote = quotes[used % quotes.length]!;
  used += 1;
  const [id] = await seedWatches(t.app, [{ who, quote, label: `test-${used}` }], clock);
  const drops = await seedDrops(t.app, [id!], clock);
  return { watch: await readWatch(id!), dropId: drops.get(id!)!, quote };
}

async function readWatch(id: string) {
  const [row] = await t.app.db.select().from(priceWatches).where(eq(priceWatches.id, id));
  return row as unknown as WatchRow;
}

const judgementOf = (quote: SeedQuote): WatchJudgement => ({
  price: quote.amount,
  market: quote.amount * 1.5,
  target: quote.amount * 1.2,
  budget: 50_000,
});

async function attemptOf(watchId: string) {
  return t.app.db.select().from(watchBookings).where(eq(watchBookings.watchId, watchId));
}

const bookingsUnder = (who: { id: string }, watchId: string) =>
  countOf(
    t.app,
    sql`select count(*) as n from bookings where user_id = ${who.id}
      and idempotency_key like ${`auto:${watchId}:%`}`,
  );
const capturedOf = (who: { id: string }) =>
  countOf(
    t.app,
    sql`select count(*) as n from payments where user_id = ${who.id} and status = 'captured'`,
  );
const failureNotices = (who: { id: string }) =>
  countOf(
    t.app,
    sql`select count(*) as n from user_notifications
      where user_id = ${who.id} and kind = 'auto_booking_failed'`,
  );

const runBookJobs = () => t.app.jobs.runDue({ names: [BOOK_JOB] });

/** A mail's text as a reader sees it (quoted-printable undone, UTF-8). */
function decodedText(raw: string) {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('auto-booking a watch at its target', () => {
  it('claims once however many ask at once, books once, and a job run twice books nothing more', async () => {
    clock = START;
    const { watch, dropId, quote } = await watchAtTarget();
    const captured = await capturedOf(ada);
    const claims = await Promise.all(
      Array.from({ length: 10 }, () =>
        booker().considerAutoBooking(watch, dropId, judgementOf(quote)),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await readWatch(watch.id)).status).toBe('booking');
    expect(await attemptOf(watch.id)).toMatchObject([
      { dropId, status: 'claimed', idempotencyKey: autoBookingKey(watch.id, dropId) },
    ]);

    await runBookJobs();
    const booked = await readWatch(watch.id);
    expect(booked).toMatchObject({ status: 'booked', claimId: null });
    expect(booked.bookingId).toBeTruthy();
    const booking = await t.app.bookings.service.get(ada.id, booked.bookingId!);
    expect(booking).toMatchObject({ status: 'confirmed', automatic: true });
    expect(await attemptOf(watch.id)).toMatchObject([
      { status: 'booked', bookingId: booked.bookingId },
    ]);

    // The same drop again (another monitor pass, another instance): nothing to claim.
    expect(await booker().considerAutoBooking(booked, dropId, judgementOf(quote))).toBe(false);
    // The job run again (a worker that died after booking, before its run was marked done).
    await booker().book({ watchId: watch.id, dropId, claimId: watch.claimId ?? 'any' });
    await t.app.jobs.enqueue(BOOK_JOB, { watchId: watch.id, dropId, claimId: 'stale' });
    await runBookJobs();
    expect(await bookingsUnder(ada, watch.id)).toBe(1);
    expect(await capturedOf(ada)).toBe(captured + 1);
  });

  it('parallel monitor passes on one app book each watch at its target once', async () => {
    clock = START;
    const eve = await autoBookingPerson(t, 'Eve Parallel');
    const ids = await seedWatches(
      t.app,
      quotes.slice(0, 6).map((quote, index) => ({ who: eve, quote, label: `parallel-${index}` })),
      clock,
    );
    // (On a shared PostgreSQL database the passes also see other tests' watches: count ours.)
    await Promise.all(Array.from({ length: 4 }, () => t.app.watches.runMonitor()));
    expect((await Promise.all(ids.map(async (id) => (await readWatch(id)).status))).sort()).toEqual(
      ids.map(() => 'booking'),
    );
    expect(
      await countOf(
        t.app,
        sql`select count(*) as n from watch_bookings where watch_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    ).toBe(6);
    await Promise.all([runBookJobs(), runBookJobs(), runBookJobs()]);
    await Promise.all([t.app.watches.runMonitor(), t.app.watches.runMonitor()]);
    await runBookJobs();
    for (const id of ids) {
      expect((await readWatch(id)).status).toBe('booked');
      expect(await bookingsUnder(eve, id)).toBe(1);
    }
    expect(await capturedOf(eve)).toBe(6);
  });

  it('tells the person in the confirmation mail, in their language, that Vowa booked it', async () => {
    clock = START;
    const marie = await autoBookingPerson(t, 'Marie Auto');
    await as(t.app, marie).put('/api/user_management/settings', { account: { language: 'fr' } });
    const { watch, dropId, quote } = await watchAtTarget(marie);
    expect(await booker().considerAutoBooking(watch, dropId, judgementOf(quote))).toBe(true);
    await runBookJobs();
    await t.app.jobs.runDue({ names: ['bookings.mail'] });
    const texts = (await t.outbox())
      .filter((message) => message.to === marie.email)
      .map((message) => decodedText(message.raw));
    expect(texts.some((text) => text.includes("Vowa l'a réservé automatiquement"))).toBe(true);
  });
});

describe('auto-booking survives crashes without booking twice', () => {
  it('a claim whose job was lost: once the claim runs out, recovery queues it again and books once', async () => {
    clock = START;
    const { watch, dropId, quote } = await watchAtTarget();
    await booker().considerAutoBooking(watch, dropId, judgementOf(quote));
    // The worker died on the job's last attempt: nothing will run it again.
    await t.app.db.execute(
      sql`update jobs set state = 'dead' where name = ${BOOK_JOB} and key = ${bookJobKey(watch.id, dropId)}`,
    );
    // Before the claim runs out, recovery leaves it alone (its worker may still be at it).
    const claimed = await readWatch(watch.id);
    await booker().resumeStale();
    expect(await readWatch(watch.id)).toMatchObject({
      status: 'booking',
      claimId: claimed.claimId,
    });
    clock = new Date(START.getTime() + CLAIM_MS + MINUTE);
    expect(await booker().resumeStale()).toBeGreaterThanOrEqual(1);
    await runBookJobs();
    expect((await readWatch(watch.id)).status).toBe('booked');
    expect(await bookingsUnder(ada, watch.id)).toBe(1);
  });

  it('a worker that died after booking, before settling: recovery settles from the booking, no second one', async () => {
    clock = START;
    const { watch, dropId, quote } = await watchAtTarget();
    await booker().considerAutoBooking(watch, dropId, judgementOf(quote));
    // What the dead worker did: the booking under the watch's key, then nothing.
    const review = await t.app.bookings.service.quote(ada.id, {
      items: [{ kind: 'hotel', quoteId: quote.quoteId }],
      travelers: 1,
    });
    await t.app.bookings.service.create(
      { id: ada.id, emailVerified: true },
      autoBookingKey(watch.id, dropId),
      {
        items: review.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
        travelers: [{ givenName: 'Ada', familyName: 'Lovelace' }],
        contact: { email: ada.email },
        acceptedTotal: review.total,
        paymentMethodId: ada.cardId,
        source: 'hotel',
      },
      { automatic: true },
    );
    await t.app.db.execute(
      sql`update jobs set state = 'dead' where name = ${BOOK_JOB} and key = ${bookJobKey(watch.id, dropId)}`,
    );
    clock = new Date(START.getTime() + CLAIM_MS + MINUTE);
    await booker().resumeStale();
    await runBookJobs();
    expect((await readWatch(watch.id)).status).toBe('booked');
    expect(await bookingsUnder(ada, watch.id)).toBe(1);
  });

  it('the first job still comes after recovery re-queued it: it finds the claim taken and stops', async () => {
    clock = START;
    const { watch, dropId, quote } = await watchAtTarget();
    await booker().considerAutoBooking(watch, dropId, judgementOf(quote));
    // Every worker was down longer than the claim: the first run is still queued.
    clock = new Date(START.getTime() + CLAIM_MS + MINUTE);
    await booker().resumeStale();
    expect(
      await countOf(
        t.app,
        sql`select count(*) as n from jobs where name = ${BOOK_JOB}
          and key like ${`${bookJobKey(watch.id, dropId)}%`} and state = 'queued'`,
      ),
    ).toBe(2);
    await runBookJobs();
    expect((await readWatch(watch.id)).status).toBe('booked');
    expect(await bookingsUnder(ada, watch.id)).toBe(1);
  });

  it('a booking left in flight (capture unanswered): bookings recovers it, then the watch is settled', async () => {
    clock = START;
    const { watch, dropId, quote } = await watchAtTarget();
    const captured = await capturedOf(ada);
    const outside = t.app.bookings.outside;
    const realPayments = outside.payments;
    outside.payments = {
      ...realPayments,
      capture: async () => {
        throw new Error('the payment provider timed out');
      },
    };
    try {
      await booker().considerAutoBooking(watch, dropId, judgementOf(quote));
      await runBookJobs();
    } finally {
      outside.payments = realPayments;
    }
    expect((await readWatch(watch.id)).status).toBe('booking');
    expect(await bookingsUnder(ada, watch.id)).toBe(1);
    // Past the booking's lease and the watch's short re-check: both recoveries run.
    clock = new Date(START.getTime() + 7 * MINUTE);
    await t.app.bookings.recover();
    await booker().resumeStale();
    await runBookJobs();
    expect((await readWatch(watch.id)).status).toBe('booked');
    expect(await bookingsUnder(ada, watch.id)).toBe(1);
    expect(await capturedOf(ada)).toBe(captured + 1);
  });
});

describe('auto-booking that cannot book now', () => {
  it('auto-booking switched off since: the watch is live again, told once a day, nothing booked', async () => {
    clock = START;
    const bea = await autoBookingPerson(t, 'Bea Off');
    await as(t.app, bea).put('/api/finance/budget_settings', { autoBookingEnabled: false });
    const first = await watchAtTarget(bea);
    expect(
      await booker().considerAutoBooking(first.watch, first.dropId, judgementOf(first.quote)),
    ).toBe(true);
    await runBookJobs();
    expect(await readWatch(first.watch.id)).toMatchObject({ status: 'active', mode: 'auto_book' });
    expect(await attemptOf(first.watch.id)).toMatchObject([
      { status: 'failed', failure: 'auto_booking_off' },
    ]);
    expect(await bookingsUnder(bea, first.watch.id)).toBe(0);
    expect(await failureNotices(bea)).toBe(1);
    // The same drop is not tried again; a new drop is, and fails the same day: told once.
    expect(
      await booker().considerAutoBooking(
        await readWatch(first.watch.id),
        first.dropId,
        judgementOf(first.quote),
      ),
    ).toBe(false);
    const [next] = await t.app.db
      .insert(watchPrices)
      .values({
        watchId: first.watch.id,
        checkedOn: '2026-11-21',
        checkedAt: clock,
        amount: first.quote.amount - 1,
        currency: first.quote.currency,
        marketPrice: first.quote.amount * 1.5,
        quoteIds: [first.quote.quoteId],
      })
      .returning({ id: watchPrices.id });
    expect(
      await booker().considerAutoBooking(
        await readWatch(first.watch.id),
        next!.id,
        judgementOf(first.quote),
      ),
    ).toBe(true);
    await runBookJobs();
    expect(await failureNotices(bea)).toBe(1);
  });

  it('the saved card removed since: auto-booking stays on, the person is told a card is needed', async () => {
    clock = START;
    const cy = await autoBookingPerson(t, 'Cy Cardless');
    const removed = await as(t.app, cy).delete(`/api/payments/methods/${cy.cardId}`);
    expect(removed.statusCode).toBe(200);
    expect((await as(t.app, cy).get('/api/finance/budget_settings')).json()).toMatchObject({
      autoBookingEnabled: true,
    });
    const { watch, dropId, quote } = await watchAtTarget(cy);
    await booker().considerAutoBooking(watch, dropId, judgementOf(quote));
    await runBookJobs();
    expect(await attemptOf(watch.id)).toMatchObject([{ status: 'failed', failure: 'needs_card' }]);
    expect((await readWatch(watch.id)).status).toBe('active');
    expect(await bookingsUnder(cy, watch.id)).toBe(0);
    const notices = await t.app.db.execute(
      sql`select data from user_notifications where user_id = ${cy.id} and kind = 'auto_booking_failed'`,
    );
    expect((notices as unknown as { rows: { data: unknown }[] }).rows).toMatchObject([
      { data: { watchId: watch.id, reason: 'needs_card', destination: quote.city } },
    ]);
  });

  it('a price above the target by the time it books: no booking, the watch waits for the next drop', async () => {
    clock = START;
    const { watch, dropId, quote } = await watchAtTarget();
    await t.app.db
      .update(watchPrices)
      .set({ marketPrice: quote.amount / 2 })
      .where(eq(watchPrices.id, dropId));
    const before = await failureNotices(ada);
    await booker().considerAutoBooking(watch, dropId, judgementOf(quote));
    await runBookJobs();
    expect(await attemptOf(watch.id)).toMatchObject([
      { status: 'failed', failure: 'price_changed' },
    ]);
    expect((await readWatch(watch.id)).status).toBe('active');
    expect(await bookingsUnder(ada, watch.id)).toBe(0);
    expect(await failureNotices(ada)).toBe(before);
  });
});

describe('switching auto-booking on', () => {
  it('needs a verified address and a saved card, in budget settings and in settings alike', async () => {
    const unverified = await person(t.app, 'Una Verified');
    const refused = await as(t.app, unverified).put('/api/finance/budget_settings', {
      autoBookingEnabled: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_not_verified');

    const verified = await verifiedPerson(t, 'Vera Cardless');
    const api = as(t.app, verified);
    const noCard = await api.put('/api/finance/budget_settings', { autoBookingEnabled: true });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json().code).toBe('auto_booking_needs_card');
    const viaSettings = await api.put('/api/user_management/settings', {
      account: { autoBooking: true },
    });
    expect(viaSettings.statusCode).toBe(422);
    expect(viaSettings.json().code).toBe('auto_booking_needs_card');
    expect((await api.get('/api/finance/budget_settings')).json().autoBookingEnabled).toBe(false);

    await saveCard(t.app, verified);
    const on = await api.put('/api/finance/budget_settings', { autoBookingEnabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().autoBookingEnabled).toBe(true);
    // Already on: other budget changes are not refused.
    expect(
      (await api.put('/api/finance/budget_settings', { maxTripBudget: 6000 })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/travel/watches/auto_booking', () => {
  it('tells the modal the truth: switch, address, card, and the auto-booking watches', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/travel/watches/auto_booking' })).statusCode,
    ).toBe(401);
    const dee = await autoBookingPerson(t, 'Dee Status');
    const { watch } = await watchAtTarget(dee);
    const status = (
      await as(t.app, dee).get('/api/travel/watches/auto_booking')
    ).json() as AutoBookingStatus;
    expect(status).toMatchObject({
      enabled: true,
      emailVerified: true,
      card: { id: dee.cardId, last4: '4242' },
      thresholdPercent: 80,
    });
    expect(status.watches.map((shown) => shown.id)).toEqual([watch.id]);

    const stranger = await person(t.app, 'Stranger');
    const theirs = (
      await as(t.app, stranger).get('/api/travel/watches/auto_booking')
    ).json() as AutoBookingStatus;
    expect(theirs).toMatchObject({ enabled: false, emailVerified: false, card: null, watches: [] });
  });
});
