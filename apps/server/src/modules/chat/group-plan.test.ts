import type { ChatMessage, MessagesResponse } from '@vowa/shared/assistant/assistant-schemas';
import type { Booking, BookingQuoteResponse } from '@vowa/shared/bookings/booking-schemas';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupPlanResponse } from '@vowa/shared/groups/group-plan-schemas';
import { minorDigits } from '@vowa/shared/finance/money';
import { addDays } from '@vowa/shared/travel/travel-rules';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, person, verifiedPerson, type Person } from '../../../test/api-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const START = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';
const inDays = (days: number) => addDays(TODAY, days);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GROUP_MESSAGE_RATE_LIMIT_MAX: '1000' }, { now: () => START });
});
afterAll(async () => t.close());

const GROUPS = '/api/llm/groups';
const BOOKINGS = '/api/travel/bookings';
const planOf = (groupId: string) => `${GROUPS}/${groupId}/plan`;
let keys = 0;
const newKey = () => `group-plan-test-${process.pid}-${Date.now()}-${(keys += 1)}`;

async function group(owner: Person, ...others: Person[]) {
  const created = await as(t.app, owner).post(GROUPS, { name: 'Paris crew' });
  expect(created.statusCode, created.body).toBe(201);
  const conversation = created.json() as Conversation;
  for (const other of others) await t.app.groups.joinGroup(conversation.id, other.id);
  return conversation.id;
}

/** Flights both ways, hotels and experiences for Paris, as the search screens record them. */
async function offers(who: Person) {
  const api = as(t.app, who);
  const flights = await api.post('/api/travel/search', {
    type: 'flights',
    origin: 'JFK',
    destination: 'CDG',
    departureDate: inDays(30),
    returnDate: inDays(34),
    adults: 3,
  });
  expect(flights.statusCode, flights.body).toBe(200);
  const hotels = await api.post('/api/travel/search', {
    type: 'hotels',
    city: 'Paris',
    checkIn: inDays(30),
    checkOut: inDays(34),
    adults: 3,
  });
  expect(hotels.statusCode, hotels.body).toBe(200);
  const experiences = await api.get('/api/travel/experiences?city=Paris');
  expect(experiences.statusCode, experiences.body).toBe(200);
  const found = flights.json() as { flights: Flight[]; returnFlights: Flight[] };
  return {
    flights: found.flights,
    returnFlights: found.returnFlights,
    hotels: (hotels.json() as { hotels: Hotel[] }).hotels,
    experiences: (experiences.json() as { experiences: Experience[] }).experiences,
  };
}

async function pick(who: Person, groupId: string, slot: string, quoteId: string, more = {}) {
  return as(t.app, who).post(`${GROUPS}/${groupId}/plan/picks`, {
    slot,
    marker: 'selected',
    quote_id: quoteId,
    ...more,
  });
}

async function plan(who: Person, groupId: string) {
  const answer = await as(t.app, who).get(planOf(groupId));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as GroupPlanResponse;
}

async function vote(who: Person, groupId: string, pickId: string, choice: 'yes' | 'no') {
  return as(t.app, who).put(`${GROUPS}/${groupId}/plan/picks/${pickId}/vote`, { vote: choice });
}

async function everyoneVotesYes(groupId: string, people: Person[]) {
  const { picks } = await plan(people[0]!, groupId);
  for (const who of people) {
    for (const current of picks) {
      const answer = await vote(who, groupId, current.id, 'yes');
      expect(answer.statusCode, answer.body).toBe(200);
    }
  }
}

async function messages(who: Person, groupId: string) {
  const page = await as(t.app, who).get(`/api/llm/conversations/${groupId}/messages`);
  expect(page.statusCode, page.body).toBe(200);
  return (page.json() as MessagesResponse).messages;
}

async function card(who: Person) {
  const response = await as(t.app, who).post('/api/payments/sandbox/cards', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Group Booker',
    save: false,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentMethodId: string }).paymentMethodId;
}

/** The booking dialog's steps: review the plan's quotes, then the request with `group_id`. */
async function bookingRequest(
  who: Person,
  groupId: string,
  items: { kind: string; quoteId: string }[],
  travellers: number,
) {
  const reviewed = await as(t.app, who).post(`${BOOKINGS}/quote`, { items, travelers: travellers });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const quote = reviewed.json() as BookingQuoteResponse;
  return {
    items: quote.items.map(({ kind, quoteId }) => ({ kind, quoteId })),
    travelers: Array.from({ length: travellers }, (_, index) => ({
      givenName: `Friend${'abcdefgh'[index]}`,
      familyName: 'Traveller',
    })),
    contact: { email: who.email },
    acceptedTotal: quote.total,
    paymentMethodId: await card(who),
    source: 'group',
    group_id: groupId,
  };
}

function book(who: Person, body: object, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: BOOKINGS,
    headers: { authorization: `Bearer ${who.accessToken}`, 'idempotency-key': key },
    payload: body,
  });
}

const itemsOf = (current: GroupPlanResponse) =>
  current.picks.map((entry) => ({
    kind: entry.offer.kind,
    quoteId: entry.quoteId,
  }));

async function rows(query: ReturnType<typeof sql>) {
  const result = (await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Three verified friends in a group with an agreed flight and hotel. */
async function agreedTrio() {
  const [ada, ben, cy] = await Promise.all([
    verifiedPerson(t, 'Ada'),
    verifiedPerson(t, 'Ben'),
    verifiedPerson(t, 'Cy'),
  ]);
  const groupId = await group(ada, ben, cy);
  const found = await offers(ada);
  expect((await pick(ada, groupId, 'flight', found.flights[0]!.quote.quoteId)).statusCode).toBe(
    201,
  );
  expect((await pick(ben, groupId, 'hotel', found.hotels[0]!.quote.quoteId)).statusCode).toBe(201);
  await everyoneVotesYes(groupId, [ada, ben, cy]);
  return { ada, ben, cy, groupId, found };
}

describe('the group plan: picks', () => {
  it('gives non-members 404 for every plan route', async () => {
    const [ada, stranger] = await Promise.all([person(t.app, 'Ada'), person(t.app, 'Stranger')]);
    const groupId = await group(ada);
    const found = await offers(ada);
    const added = await pick(ada, groupId, 'hotel', found.hotels[0]!.quote.quoteId);
    const pickId = (added.json() as GroupPlanResponse).picks[0]!.id;
    const api = as(t.app, stranger);
    const answers = await Promise.all([
      api.get(planOf(groupId)),
      pick(stranger, groupId, 'hotel', found.hotels[0]!.quote.quoteId),
      api.delete(`${GROUPS}/${groupId}/plan/picks/${pickId}`),
      vote(stranger, groupId, pickId, 'yes'),
      api.get(planOf(crypto.randomUUID())),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'conversation_not_found' });
    }
    expect((await as(t.app, null).get(planOf(groupId))).statusCode).toBe(401);
  });

  it('takes the offer from the recorded quote, never from the client, and posts a card', async () => {
    const [ada, ben] = await Promise.all([person(t.app, 'Ada'), person(t.app, 'Ben')]);
    const groupId = await group(ada, ben);
    const flight = (await offers(ada)).flights[0]!;
    const added = await pick(ben, groupId, 'flight', flight.quote.quoteId, {
      price: 1,
      offer: { ...flight, price: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const current = added.json() as GroupPlanResponse;
    expect(current.picks).toHaveLength(1);
    const [shown] = current.picks;
    expect(shown).toMatchObject({
      slot: 'flight',
      marker: 'selected',
      quoteId: flight.quote.quoteId,
      pickedBy: { id: ben.id, name: 'Ben' },
      price: {
        amount: flight.quote.sourceAmount,
        currency: flight.quote.sourceCurrency,
        quotedAt: flight.quote.quotedAt,
      },
      yes: 0,
      no: 0,
      booking: false,
    });
    expect(shown!.offer).toMatchObject({ kind: 'flight', flight: { id: flight.id } });
    expect(shown!.votes).toEqual([
      { userId: ada.id, name: 'Ada', vote: null },
      { userId: ben.id, name: 'Ben', vote: null },
    ]);
    const posted = (await messages(ada, groupId)).at(-1) as ChatMessage;
    expect(posted).toMatchObject({
      type: 'user',
      sender: { id: ben.id, name: 'Ben' },
      card: {
        type: 'pick',
        pickId: shown!.id,
        slot: 'flight',
        marker: 'selected',
        price: shown!.price,
      },
    });
    expect(posted.content).toMatch(/^selected a flight: /);

    const unknown = await pick(ada, groupId, 'flight', 'q_does_not_exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'quote_not_found' });
    const wrongKind = await pick(ada, groupId, 'hotel', flight.quote.quoteId);
    expect(wrongKind.statusCode).toBe(422);
    const badSlot = await pick(ada, groupId, 'car', flight.quote.quoteId);
    expect(badSlot.statusCode).toBe(422);
  });

  it('replaces the slot’s pick (its votes stop counting); experiences add up', async () => {
    const [ada, ben] = await Promise.all([person(t.app, 'Ada'), person(t.app, 'Ben')]);
    const groupId = await group(ada, ben);
    const found = await offers(ada);
    await pick(ada, groupId, 'flight', found.flights[0]!.quote.quoteId);
    await pick(ada, groupId, 'return_flight', found.returnFlights[0]!.quote.quoteId);
    await everyoneVotesYes(groupId, [ada, ben]);
    expect((await plan(ada, groupId)).agreed).toBe(true);
    const first = (await plan(ada, groupId)).picks.find((entry) => entry.slot === 'flight')!;

    const modified = await pick(ben, groupId, 'flight', found.flights[1]!.quote.quoteId, {
      marker: 'modified',
    });
    expect(modified.statusCode).toBe(201);
    const current = await plan(ada, groupId);
    expect(current.picks.map((entry) => entry.slot).sort()).toEqual(['flight', 'return_flight']);
    const replacement = current.picks.find((entry) => entry.slot === 'flight')!;
    expect(replacement).toMatchObject({ marker: 'modified', yes: 0 });
    expect(replacement.id).not.toBe(first.id);
    expect(current.agreed).toBe(false);
    // A replaced pick is no longer the plan's: no votes on it.
    const stale = await vote(ada, groupId, first.id, 'yes');
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ code: 'group_pick_not_found' });

    await pick(ada, groupId, 'experience', found.experiences[0]!.quote.quoteId);
    await pick(ben, groupId, 'experience', found.experiences[1]!.quote.quoteId);
    // The same experience again is one pick, not two.
    await pick(ben, groupId, 'experience', found.experiences[1]!.quote.quoteId);
    const withExperiences = await plan(ben, groupId);
    expect(withExperiences.picks.filter((entry) => entry.slot === 'experience')).toHaveLength(2);
  });

  it('counts every member’s vote, and agrees only when all say yes on all picks', async () => {
    const [ada, ben, cy] = await Promise.all([
      person(t.app, 'Ada'),
      person(t.app, 'Ben'),
      person(t.app, 'Cy'),
    ]);
    const groupId = await group(ada, ben);
    expect(await plan(ada, groupId)).toMatchObject({ picks: [], agreed: false, bookings: [] });
    const found = await offers(ada);
    await pick(ada, groupId, 'hotel', found.hotels[0]!.quote.quoteId);
    const hotelId = (await plan(ada, groupId)).picks[0]!.id;
    await vote(ada, groupId, hotelId, 'yes');
    const split = (await (await vote(ben, groupId, hotelId, 'no')).json()) as GroupPlanResponse;
    expect(split.picks[0]).toMatchObject({ yes: 1, no: 1 });
    expect(split.picks[0]!.votes).toEqual([
      { userId: ada.id, name: 'Ada', vote: 'yes' },
      { userId: ben.id, name: 'Ben', vote: 'no' },
    ]);
    expect(split.agreed).toBe(false);
    const changed = (await (await vote(ben, groupId, hotelId, 'yes')).json()) as GroupPlanResponse;
    expect(changed.agreed).toBe(true);
    // A newcomer has not voted yet: the group no longer agrees.
    await t.app.groups.joinGroup(groupId, cy.id);
    expect((await plan(ada, groupId)).agreed).toBe(false);
    await vote(cy, groupId, hotelId, 'yes');
    expect((await plan(cy, groupId)).agreed).toBe(true);
    const invalid = await as(t.app, cy).put(`${GROUPS}/${groupId}/plan/picks/${hotelId}/vote`, {
      vote: 'maybe',
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('lets any member remove a pick, only of their own group', async () => {
    const [ada, ben, eve] = await Promise.all([
      person(t.app, 'Ada'),
      person(t.app, 'Ben'),
      person(t.app, 'Eve'),
    ]);
    const groupId = await group(ada, ben);
    const otherGroup = await group(eve);
    const found = await offers(ada);
    await pick(ada, groupId, 'hotel', found.hotels[0]!.quote.quoteId);
    await pick(eve, otherGroup, 'hotel', found.hotels[0]!.quote.quoteId);
    const mine = (await plan(ada, groupId)).picks[0]!.id;
    const theirs = (await plan(eve, otherGroup)).picks[0]!.id;
    const foreign = await as(t.app, ben).delete(`${GROUPS}/${groupId}/plan/picks/${theirs}`);
    expect(foreign.statusCode).toBe(404);
    expect((await vote(ben, groupId, theirs, 'yes')).statusCode).toBe(404);
    const removed = await as(t.app, ben).delete(`${GROUPS}/${groupId}/plan/picks/${mine}`);
    expect(removed.statusCode).toBe(204);
    expect((await plan(ada, groupId)).picks).toEqual([]);
    expect((await plan(eve, otherGroup)).picks).toHaveLength(1);
    const again = await as(t.app, ben).delete(`${GROUPS}/${groupId}/plan/picks/${mine}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('booking the plan for the group', () => {
  it('checks membership, agreement, the items and the travellers before anything is claimed', async () => {
    const [ada, ben, cy] = await Promise.all([
      verifiedPerson(t, 'Ada'),
      verifiedPerson(t, 'Ben'),
      verifiedPerson(t, 'Cy'),
    ]);
    const groupId = await group(ada, ben, cy);
    const found = await offers(ada);
    await pick(ada, groupId, 'flight', found.flights[0]!.quote.quoteId);
    await pick(ben, groupId, 'hotel', found.hotels[0]!.quote.quoteId);
    const items = itemsOf(await plan(ada, groupId));

    const notAgreed = await book(ada, await bookingRequest(ada, groupId, items, 3));
    expect(notAgreed.statusCode, notAgreed.body).toBe(409);
    expect(notAgreed.json()).toMatchObject({ code: 'group_plan_not_agreed' });

    await everyoneVotesYes(groupId, [ada, ben, cy]);
    const stranger = await verifiedPerson(t, 'Stranger');
    const foreign = await book(stranger, await bookingRequest(stranger, groupId, items, 3));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'conversation_not_found' });

    const two = await book(ada, await bookingRequest(ada, groupId, items, 2));
    expect(two.statusCode, two.body).toBe(422);
    expect(two.json()).toMatchObject({ code: 'group_travellers_differ' });

    const part = await book(ada, await bookingRequest(ada, groupId, items.slice(0, 1), 3));
    expect(part.statusCode).toBe(409);
    expect(part.json()).toMatchObject({ code: 'group_plan_changed' });
    const other = await book(
      ada,
      await bookingRequest(
        ada,
        groupId,
        [items[0]!, { kind: 'hotel', quoteId: found.hotels[1]!.quote.quoteId }],
        3,
      ),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'group_plan_changed' });

    const body = await bookingRequest(ada, groupId, items, 3);
    const { group_id: _omitted, ...withoutGroup } = body;
    expect((await book(ada, withoutGroup)).statusCode).toBe(422);
    expect((await book(ada, { ...body, source: 'chat' })).statusCode).toBe(422);
    // Nothing was claimed by any of these.
    expect(await rows(sql`select id from bookings where user_id = ${ada.id}`)).toEqual([]);
  });

  it('books once, shares the total exactly (the remainder to the booker), tells the group', async () => {
    const { ada, ben, cy, groupId } = await agreedTrio();
    await as(t.app, ben).put('/api/user_management/settings', { account: { currency: 'GBP' } });
    await as(t.app, cy).put('/api/user_management/settings', { account: { currency: 'JPY' } });
    const body = await bookingRequest(ada, groupId, itemsOf(await plan(ada, groupId)), 3);
    const key = newKey();
    const booked = await book(ada, body, key);
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking } = booked.json() as { booking: Booking };
    expect(booking).toMatchObject({ status: 'confirmed', source: 'group', travelerCount: 3 });

    const seen = await plan(ben, groupId);
    expect(seen.picks).toEqual([]);
    expect(seen.bookingInProgress).toBe(false);
    expect(seen.bookings).toHaveLength(1);
    expect(seen.bookings[0]).toMatchObject({
      bookingId: booking.id,
      reference: booking.reference,
      bookedBy: { id: ada.id, name: 'Ada' },
      memberCount: 3,
      total: booking.total,
    });

    const shares = await Promise.all(
      [ada, ben, cy].map(async (who) => (await plan(who, groupId)).bookings[0]!.myShare!),
    );
    const total = booking.total.amountMinor;
    expect(shares.reduce((sum, share) => sum + share.amountMinor, 0)).toBe(total);
    const even = Math.floor(total / 3);
    expect(shares.map((share) => share.amountMinor)).toEqual([
      even + (total - even * 3),
      even,
      even,
    ]);
    // Each sees their share in their own currency: Ada at her booking's rate, the others at
    // the rate of when it was booked, said with it.
    expect(booking.display).not.toBeNull();
    expect(shares[0]!.display).toMatchObject({
      currency: booking.display!.currency,
      rate: booking.display!.exchangeRate.rate,
    });
    for (const [share, currency] of [
      [shares[0]!, booking.display!.currency],
      [shares[1]!, 'GBP'],
      [shares[2]!, 'JPY'],
    ] as const) {
      expect(share.display).toMatchObject({ currency });
      const major = share.amountMinor / 10 ** minorDigits(share.currency);
      expect(share.display!.amount).toBeCloseTo(major * share.display!.rate, 0);
    }

    const cards = (await messages(cy, groupId)).filter((m) => m.card?.type === 'plan_booked');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      type: 'system',
      sender: { id: ada.id },
      card: {
        bookingId: booking.id,
        reference: booking.reference,
        memberCount: 3,
        total: { currency: booking.total.currency },
      },
    });

    // The same plan again (another member, another key): already booked.
    const again = await book(ben, { ...body, paymentMethodId: await card(ben) });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'group_plan_already_booked' });
    // A repeat of the booker's own request is the same booking, not a new one.
    const replay = await book(ada, body, key);
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as { booking: Booking }).booking.id).toBe(booking.id);
    expect(
      await rows(sql`select booking_id from group_bookings where conversation_id = ${groupId}`),
    ).toHaveLength(1);
  });

  it('makes one booking when two members book the agreed plan at once', async () => {
    const { ada, ben, cy, groupId } = await agreedTrio();
    const items = itemsOf(await plan(ada, groupId));
    const bodies = await Promise.all(
      [ada, ben, cy].map((who) => bookingRequest(who, groupId, items, 3)),
    );
    const answers = await Promise.all([
      book(ada, bodies[0]!),
      book(ben, bodies[1]!),
      book(cy, bodies[2]!),
      book(ada, bodies[0]!),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made, JSON.stringify(codes)).toHaveLength(1);
    const madeId = (made[0]!.json() as { booking: Booking }).booking.id;
    for (const answer of answers) {
      if (answer.statusCode === 201) continue;
      if (answer.statusCode === 200) {
        // Ada's double click, when hers won: the same booking.
        expect((answer.json() as { booking: Booking }).booking.id).toBe(madeId);
        continue;
      }
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'group_plan_already_booked' });
    }
    const groupBookings = await rows(
      sql`select booking_id from group_bookings where conversation_id = ${groupId}`,
    );
    expect(groupBookings).toHaveLength(1);
    const people = [ada.id, ben.id, cy.id];
    const created = await rows(
      sql`select id, status from bookings where source = 'group' and user_id in (${sql.join(
        people.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(created).toEqual([{ id: groupBookings[0]!.booking_id, status: 'confirmed' }]);
  });

  it('frees the plan when its booking fails, so the group can book it again', async () => {
    const { ada, groupId } = await agreedTrio();
    const body = await bookingRequest(ada, groupId, itemsOf(await plan(ada, groupId)), 3);
    const declined = await as(t.app, ada).post('/api/payments/sandbox/cards', {
      number: '4000 0000 0000 0002',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      name: 'Group Booker',
      save: false,
    });
    const failed = await book(ada, {
      ...body,
      paymentMethodId: (declined.json() as { paymentMethodId: string }).paymentMethodId,
    });
    expect(failed.statusCode, failed.body).toBe(402);
    const afterFailure = await plan(ada, groupId);
    expect(afterFailure.bookingInProgress).toBe(false);
    expect(afterFailure.agreed).toBe(true);
    const booked = await book(ada, body);
    expect(booked.statusCode, booked.body).toBe(201);
  });
});
