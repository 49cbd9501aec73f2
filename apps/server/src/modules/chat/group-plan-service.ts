import type { GroupCard, GroupPlanSlot } from '@vowa/shared/groups/group-card-schema';
import {
  slotKind,
  type AddGroupPickRequest,
  type GroupPickOffer,
  type GroupPlanBooking,
  type GroupPlanPick,
  type GroupPlanResponse,
  type GroupVote,
} from '@vowa/shared/groups/group-plan-schemas';
import { convertMoney, minorDigits, roundMoney, type RateTable } from '@vowa/shared/finance/money';
import { AppError } from '../../lib/app-error';
import type { AuthService } from '../auth/auth-service';
import type { GroupBookingOutcome, GroupPlanPort } from '../bookings/bookings-module';
import type { LiveUpdates } from '../realtime/realtime-module';
import type { ShownOffer, TravelBookingService } from '../travel/travel-booking-service';
import type { NewMessage } from './chat-repository';
import type { GroupPlanRepository, PickRow, StoredShare } from './group-plan-repository';

export const groupPlanMessages = {
  notFound: 'That conversation was not found.',
  pickNotFound: 'That pick is not in this group’s plan.',
  notAgreed: 'Everyone in the group has to vote yes on every pick before the plan can be booked.',
  changed: 'The group’s plan has changed. Please review it again.',
  alreadyBooked: 'This plan is already booked, or being booked by someone in the group.',
  travellers: (count: number) =>
    `A group booking is for every member: ${count} traveller${count === 1 ? '' : 's'}.`,
} as const;

type Dependencies = {
  repository: GroupPlanRepository;
  travel: Pick<TravelBookingService, 'recordedQuote' | 'shown' | 'subjectOf'>;
  /** Stores a message in the group and delivers it (the group service's `post`). */
  post: (conversationId: string, message: NewMessage) => Promise<unknown>;
  live: Pick<LiveUpdates, 'toGroup'>;
  people: Pick<AuthService, 'findUserById'>;
  currencyOf: (userId: string) => Promise<string>;
  rates: { table: () => RateTable };
  now: () => Date;
};

/** The pick as stored: the offer as shown, and what its quote is a price of. */
type StoredOffer = GroupPickOffer & { subject: string };

const slotNames: Record<GroupPlanSlot, string> = {
  flight: 'a flight',
  return_flight: 'a return flight',
  hotel: 'a hotel',
  experience: 'an experience',
};

/** A one-line summary of an offer: proper names, codes and ISO dates only. */
export function offerTitle(offer: ShownOffer): string {
  if (offer.kind === 'flight') {
    const { flight } = offer;
    return [
      `${flight.airline} ${flight.flightNumber}`.trim(),
      `${flight.departure.airportCode} → ${flight.arrival.airportCode}`,
      flight.departure.date,
    ]
      .filter(Boolean)
      .join(', ');
  }
  if (offer.kind === 'hotel') {
    const { hotel } = offer;
    return `${hotel.name ?? 'Hotel'}, ${hotel.checkIn} – ${hotel.checkOut}`;
  }
  return offer.experience.name;
}

function priceOf(offer: ShownOffer) {
  const shown =
    offer.kind === 'flight'
      ? offer.flight
      : offer.kind === 'hotel'
        ? offer.hotel
        : offer.experience;
  return shown.price === null
    ? null
    : { amount: shown.price, currency: shown.currency, quotedAt: shown.quote.quotedAt };
}

const publicOffer = (stored: StoredOffer): GroupPickOffer => {
  const { subject: _subject, ...offer } = stored;
  return offer;
};

/** Two lists of (kind, subject) hold the same things, however ordered. */
function sameItems(a: string[], b: string[]) {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((item, index) => item === right[index]);
}

const itemOf = (kind: string, subject: string) => `${kind}|${subject}`;
const pickItem = (pick: PickRow) => {
  const offer = pick.offer as StoredOffer;
  return itemOf(offer.kind, offer.subject);
};

/**
 * The group plan (issue 15 §5): members select offers for the group from the detail dialogs,
 * each pick read from its recorded quote (never from the client's figures); they vote; when
 * everyone voted yes on every pick, any member books the plan for the group through the
 * bookings module, which holds the picks through this service's port (exactly one booking of
 * one plan), and on confirmation the total is shared among the members.
 */
export function createGroupPlanService(deps: Dependencies) {
  const { repository, now } = deps;

  const notFound = () => new AppError('conversation_not_found', groupPlanMessages.notFound);
  const pickNotFound = () => new AppError('group_pick_not_found', groupPlanMessages.pickNotFound);
  const alreadyBooked = () =>
    new AppError('group_plan_already_booked', groupPlanMessages.alreadyBooked);

  async function requireMember(conversationId: string, userId: string) {
    if (!(await repository.isMember(conversationId, userId))) throw notFound();
  }

  async function namesOf(ids: Iterable<string>) {
    const unique = [...new Set(ids)];
    const users = await Promise.all(unique.map((id) => deps.people.findUserById(id)));
    return new Map(
      unique.map((id, index) => {
        const user = users[index];
        return [id, user ? user.displayName || user.name : ''];
      }),
    );
  }

  function changed(conversationId: string) {
    deps.live.toGroup(conversationId, 'group_changed', { conversationId, what: 'plan' });
  }

  /** Everyone voted yes on every pick, and there is something to book. */
  function agreedOn(picks: PickRow[], memberIds: string[], votes: Map<string, GroupVote>) {
    return (
      picks.length > 0 &&
      picks.every((pick) => memberIds.every((id) => votes.get(`${pick.id}|${id}`) === 'yes'))
    );
  }

  async function votesOf(picks: PickRow[]) {
    const rows = await repository.votesOn(picks.map((pick) => pick.id));
    return new Map(rows.map((row) => [`${row.pickId}|${row.userId}`, row.vote as GroupVote]));
  }

  /** A member's share in their own currency: at the booking's rate when it is theirs. */
  function shareDisplay(
    outcome: GroupBookingOutcome,
    shareMinor: number,
    currency: string,
    table: RateTable,
  ): StoredShare['display'] {
    if (currency === outcome.currency) return null;
    const amount = shareMinor / 10 ** minorDigits(outcome.currency);
    const booked = outcome.display;
    if (booked && booked.currency === currency) {
      const { rate, asOf, source } = booked.exchangeRate;
      return { amount: roundMoney(amount * rate, currency), currency, rate, asOf, source };
    }
    const converted = convertMoney(table, amount, outcome.currency, currency);
    if (!converted) return null;
    const { rate, asOf, source } = converted;
    return { amount: converted.amount, currency, rate, asOf, source };
  }

  /**
   * The total split evenly in minor units among the members; the cents that do not divide go
   * to whoever booked (the first member, if they have left since).
   */
  async function sharesOf(outcome: GroupBookingOutcome, memberIds: string[]) {
    const count = memberIds.length;
    const base = Math.floor(outcome.totalMinor / count);
    const rest = outcome.totalMinor - base * count;
    const booker = memberIds.includes(outcome.userId) ? outcome.userId : memberIds[0];
    const table = deps.rates.table();
    return Promise.all(
      memberIds.map(async (userId): Promise<StoredShare> => {
        const shareMinor = base + (userId === booker ? rest : 0);
        const currency = await deps.currencyOf(userId);
        return {
          userId,
          shareMinor,
          currency: outcome.currency,
          display: shareDisplay(outcome, shareMinor, currency, table),
        };
      }),
    );
  }

  async function bookingsView(conversationId: string, userId: string) {
    const rows = await repository.bookingsOf(conversationId);
    if (rows.length === 0) return [];
    const cards = (await repository.bookedCards(conversationId)) as Extract<
      GroupCard,
      { type: 'plan_booked' }
    >[];
    const references = new Map(cards.map((card) => [card.bookingId, card.reference]));
    const names = await namesOf(rows.flatMap((row) => (row.bookedBy ? [row.bookedBy] : [])));
    return rows.map((row): GroupPlanBooking => {
      const shares = row.shares as StoredShare[];
      const mine = shares.find((share) => share.userId === userId);
      return {
        bookingId: row.bookingId,
        reference: references.get(row.bookingId) ?? '',
        bookedBy: row.bookedBy ? { id: row.bookedBy, name: names.get(row.bookedBy) ?? '' } : null,
        bookedAt: row.createdAt.toISOString(),
        memberCount: row.memberCount,
        total: {
          amountMinor: shares.reduce((sum, share) => sum + share.shareMinor, 0),
          currency: shares[0]?.currency ?? '',
        },
        myShare: mine
          ? { amountMinor: mine.shareMinor, currency: mine.currency, display: mine.display }
          : null,
      };
    });
  }

  const port: GroupPlanPort = {
    async check({ userId, groupId, items, travellers }) {
      await requireMember(groupId, userId);
      const [picks, memberIds] = await Promise.all([
        repository.currentPicks(groupId),
        repository.memberIds(groupId),
      ]);
      const requested = items.map((item) => itemOf(item.kind, item.subject));
      if (picks.length === 0 || !sameItems(requested, picks.map(pickItem))) {
        // The very plan that was booked, asked again: say so, rather than "it changed".
        const booked = await repository.picksOfBookings(
          (await repository.bookingsOf(groupId)).map((row) => row.bookingId),
        );
        const byBooking = new Map<string | null, PickRow[]>();
        for (const pick of booked) {
          byBooking.set(pick.bookingId, [...(byBooking.get(pick.bookingId) ?? []), pick]);
        }
        for (const bookedPicks of byBooking.values()) {
          if (sameItems(requested, bookedPicks.map(pickItem))) throw alreadyBooked();
        }
        throw new AppError('group_plan_changed', groupPlanMessages.changed);
      }
      if (!agreedOn(picks, memberIds, await votesOf(picks))) {
        throw new AppError('group_plan_not_agreed', groupPlanMessages.notAgreed);
      }
      if (travellers !== memberIds.length) {
        throw new AppError(
          'group_travellers_differ',
          groupPlanMessages.travellers(memberIds.length),
        );
      }
      return { pickIds: picks.map((pick) => pick.id) };
    },

    async claim({ groupId, pickIds, bookingId, ended }) {
      const picks = await repository.currentPicks(groupId);
      const holders = [
        ...new Set(picks.flatMap((pick) => (pick.bookingId ? [pick.bookingId] : []))),
      ];
      const free = holders.length > 0 ? await ended(holders) : [];
      const held = await repository.hold(groupId, pickIds, bookingId, free);
      if (held) changed(groupId);
      return held;
    },

    holds: (bookingId) => repository.holds(bookingId),

    async settled(outcome) {
      const conversationId = await repository.groupOfBooking(outcome.id);
      if (!conversationId) return;
      if (outcome.status !== 'confirmed') {
        const freed =
          outcome.status === 'failed'
            ? await repository.release(outcome.id)
            : await repository.forgetBooking(outcome.id);
        if (freed) changed(conversationId);
        return;
      }
      const memberIds = await repository.memberIds(conversationId);
      if (memberIds.length === 0) return;
      const at = now();
      const recorded = await repository.recordBooking(
        {
          bookingId: outcome.id,
          conversationId,
          bookedBy: outcome.userId,
          memberCount: memberIds.length,
          shares: await sharesOf(outcome, memberIds),
          createdAt: at,
        },
        at,
      );
      if (!recorded) return;
      const total = {
        amount: outcome.totalMinor / 10 ** minorDigits(outcome.currency),
        currency: outcome.currency,
      };
      const name = (await namesOf([outcome.userId])).get(outcome.userId) || 'A member';
      await deps.post(conversationId, {
        author: 'system',
        userId: outcome.userId,
        content: `${name} booked the group's plan (${outcome.reference}) for ${memberIds.length}`,
        card: {
          type: 'plan_booked',
          bookingId: outcome.id,
          reference: outcome.reference,
          total,
          memberCount: memberIds.length,
        } satisfies GroupCard,
      });
      changed(conversationId);
    },
  };

  return {
    /** What the bookings module holds and records group bookings through. */
    port,

    async plan(conversationId: string, userId: string): Promise<GroupPlanResponse> {
      await requireMember(conversationId, userId);
      const [picks, memberIds] = await Promise.all([
        repository.currentPicks(conversationId),
        repository.memberIds(conversationId),
      ]);
      const votes = await votesOf(picks);
      const names = await namesOf([
        ...memberIds,
        ...picks.flatMap((pick) => (pick.pickedBy ? [pick.pickedBy] : [])),
      ]);
      const shown = picks.map((pick): GroupPlanPick => {
        const offer = publicOffer(pick.offer as StoredOffer);
        const memberVotes = memberIds.map((id) => ({
          userId: id,
          name: names.get(id) ?? '',
          vote: votes.get(`${pick.id}|${id}`) ?? null,
        }));
        return {
          id: pick.id,
          slot: pick.slot,
          marker: pick.marker,
          quoteId: pick.quoteId,
          offer,
          title: offerTitle(offer),
          price: priceOf(offer),
          pickedBy: pick.pickedBy
            ? { id: pick.pickedBy, name: names.get(pick.pickedBy) ?? '' }
            : null,
          pickedAt: pick.createdAt.toISOString(),
          votes: memberVotes,
          yes: memberVotes.filter((entry) => entry.vote === 'yes').length,
          no: memberVotes.filter((entry) => entry.vote === 'no').length,
          booking: pick.bookingId !== null,
        };
      });
      return {
        picks: shown,
        members: memberIds.map((id) => ({ id, name: names.get(id) ?? '' })),
        agreed: agreedOn(picks, memberIds, votes),
        bookingInProgress: picks.some((pick) => pick.bookingId !== null),
        bookings: await bookingsView(conversationId, userId),
      };
    },

    /**
     * 'Select for Group' (or a saved modification): the offer comes from its recorded quote.
     * A card goes into the group's thread, from the member who picked it.
     */
    async addPick(conversationId: string, userId: string, request: AddGroupPickRequest) {
      await requireMember(conversationId, userId);
      const quote = await deps.travel.recordedQuote(request.quote_id, slotKind[request.slot]);
      const offer = deps.travel.shown(quote);
      const subject = deps.travel.subjectOf(quote);
      const pick = await repository.addPick({
        conversationId,
        slot: request.slot,
        marker: request.marker,
        quoteId: quote.id,
        offer: { ...offer, subject } satisfies StoredOffer,
        subject,
        pickedBy: userId,
        at: now(),
      });
      const title = offerTitle(offer);
      const card: GroupCard = {
        type: 'pick',
        pickId: pick.id,
        slot: request.slot,
        marker: request.marker,
        title,
        price: priceOf(offer),
      };
      await deps.post(conversationId, {
        author: 'user',
        userId,
        content: `${request.marker} ${slotNames[request.slot]}: ${title}`,
        card,
      });
      changed(conversationId);
      return this.plan(conversationId, userId);
    },

    /** Any member takes a pick out of the plan (not while a booking holds it). */
    async removePick(conversationId: string, userId: string, pickId: string) {
      await requireMember(conversationId, userId);
      const pick = await repository.currentPick(conversationId, pickId);
      if (!pick) throw pickNotFound();
      if (pick.bookingId) throw alreadyBooked();
      if (!(await repository.removePick(conversationId, pickId, now()))) throw pickNotFound();
      changed(conversationId);
    },

    /** A member's yes or no on a current pick; changeable until the plan is booked. */
    async vote(conversationId: string, userId: string, pickId: string, vote: GroupVote) {
      await requireMember(conversationId, userId);
      const pick = await repository.currentPick(conversationId, pickId);
      if (!pick) throw pickNotFound();
      if (pick.bookingId) throw alreadyBooked();
      await repository.vote(pickId, userId, vote, now());
      changed(conversationId);
      return this.plan(conversationId, userId);
    },
  };
}

export type GroupPlanService = ReturnType<typeof createGroupPlanService>;
