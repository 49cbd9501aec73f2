import { BUDGET_MIN } from '@vowa/shared/finance/finance-constants';
import { SUGGESTION_TRAVELERS } from '@vowa/shared/travel/travel-constants';
import { budgetRecommendations } from '@vowa/shared/finance/finance-rules';
import type { TravelClass } from '@vowa/shared/travel/travel-constants';
import type { ExperienceType } from '@vowa/shared/travel/travel-constants';
import type { BucketListService } from '../bucket-lists/bucket-list-service';
import type { FinanceService } from '../finance/finance-service';
import type { LiveUpdates } from '../realtime/realtime-module';
import { destinationFacts, placeNamed } from '../travel/travel-service';
import type { TravelPublicService } from '../travel/travel-module';
import type { Caller, GroupContext } from './assistant-engine';
import { PriceLedger } from './price-ledger';

export type ToolDependencies = {
  travel: Pick<
    TravelPublicService,
    'searchFlights' | 'searchHotels' | 'experiences' | 'suggestions' | 'priceHistory' | 'tripIdeas'
  >;
  finance: Pick<FinanceService, 'financials' | 'budgetSettings'>;
  bucketLists: Pick<BucketListService, 'listsOf' | 'createList' | 'addItem'>;
  live: LiveUpdates;
};

/** A tool a guest may not use was asked for: the assistant says to sign in instead. */
export class SignInRequired extends Error {
  constructor() {
    super('This needs a signed-in person');
  }
}

/** A person's own finances were asked for in a group chat, where every member reads the reply. */
export class PrivateInGroup extends Error {
  constructor() {
    super("A group's reply never shows a member's finances");
  }
}

/**
 * The assistant's tools over the real inventory and the person's own data, for one turn. Every
 * result passes through the turn's ledger, so the reply can be checked to say only numbers a
 * tool returned. The person is the caller's, never anything a model or a message names.
 *
 * In a group (`group` set) the caller's budget is the group's overlap: it is never recorded, so
 * no reply can state it, and the caller's own finances are not read at all.
 */
export function createAssistantTools(
  deps: ToolDependencies,
  caller: Caller,
  group: GroupContext | null = null,
) {
  const ledger = new PriceLedger();
  const recorded = <T>(value: T): T => {
    ledger.record(value);
    return value;
  };
  const member = () => {
    if (caller.kind !== 'member') throw new SignInRequired();
    return caller;
  };

  /** Whether a share of `amount` per person fits every member's budget; null without one. */
  function fitsGroupBudget(perPerson: number): boolean | null {
    if (!group || caller.kind !== 'member' || !caller.budget) return null;
    return perPerson <= caller.budget.maxTripBudget;
  }

  // The group's plan as its cards show it: what every member has seen may be said back.
  if (group) ledger.record(group.picks);

  return {
    ledger,
    caller,
    group,
    fitsGroupBudget,

    async searchFlights(query: {
      origin: string;
      destination: string;
      departureDate: string;
      returnDate?: string;
      adults: number;
      travelClass: TravelClass;
    }) {
      const { currency } = member();
      // What was asked is part of the answer: "for 4 travellers" may be said back.
      ledger.record(query.adults);
      return recorded(await deps.travel.searchFlights({ ...query, type: 'flights', currency }));
    },

    async searchHotels(query: { city: string; checkIn: string; checkOut: string; adults: number }) {
      const { currency } = member();
      ledger.record(query.adults);
      return recorded(
        await deps.travel.searchHotels({
          ...query,
          type: 'hotels',
          roomType: 'standard',
          currency,
        }),
      );
    },

    async searchExperiences(query: { city: string; type?: ExperienceType }) {
      const { currency } = member();
      return recorded(await deps.travel.experiences({ ...query, currency }));
    },

    /**
     * Trips for two from the home airport within the budget (the suggestions screen's). In a
     * group, only those whose share per person fits everyone's budget, and only the trips are
     * recorded: the answer's header carries the caller's own budget.
     */
    async tripSuggestions() {
      const { userId, currency, homeAirport } = member();
      const found = await deps.travel.suggestions(userId, { origin: homeAirport.code, currency });
      if (!group) return recorded(found);
      const suggestions = found.suggestions.filter(
        (trip) => fitsGroupBudget(trip.price / SUGGESTION_TRAVELERS) !== false,
      );
      ledger.record(suggestions);
      ledger.record(found.origin);
      return { ...found, suggestions };
    },

    /**
     * The budget and a summary of the finances: never accounts, balances by account or
     * transactions, only the figures the budget screen shows.
     */
    async budgetSummary() {
      const { userId } = member();
      if (group) throw new PrivateInGroup();
      const [financials, settings] = await Promise.all([
        deps.finance.financials(userId),
        deps.finance.budgetSettings(userId),
      ]);
      return recorded({
        connected: financials.connected || financials.source === 'manual',
        currency: financials.currency,
        maxTripBudget: settings.maxTripBudget,
        monthlyIncome: financials.monthlyIncome,
        monthlyExpenses: financials.monthlyExpenses,
        recommendations: budgetRecommendations(financials.monthlyIncome).map((item) => ({
          percent: item.percent,
          amount: Math.max(item.amount, 0),
        })),
        minimumBudget: BUDGET_MIN,
      });
    },

    /**
     * What a group turn may say about money: that options are checked against everyone's
     * budget (when anyone connected their finances), never a figure or whose it is.
     */
    groupBudget() {
      member();
      return {
        financesArePrivate: true,
        optionsCheckedAgainstEveryonesBudget: fitsGroupBudget(0) !== null,
      };
    },

    /** The person's own lists (not those shared with them) and what is on them. */
    async bucketList() {
      const { userId } = member();
      const lists = (await deps.bucketLists.listsOf(userId)).filter(
        (list) => list.ownerId === userId,
      );
      return recorded(
        lists.map((list) => ({
          name: list.name,
          items: list.items.map((item) => ({
            title: item.title,
            location: item.location,
            country: item.country,
            completed: item.isCompleted,
          })),
        })),
      );
    },

    /** Adds a destination to the person's first list (a new one if they have none). */
    async addToBucketList(destination: string, defaultListName: string) {
      const { userId } = member();
      const place = placeNamed(destination);
      const own = (await deps.bucketLists.listsOf(userId)).filter((l) => l.ownerId === userId);
      const list =
        own[0] ??
        (await deps.bucketLists.createList(userId, {
          name: defaultListName,
          description: '',
          color: 'ocean-blue',
          isPublic: false,
        }));
      const item = await deps.bucketLists.addItem(list.id, userId, {
        title: place?.name ?? destination,
        description: '',
        location: place?.name ?? destination,
        country: place?.country ?? '',
        category: 'culture',
        priority: 'medium',
        estimatedCost: 0,
        bestTimeToVisit: '',
        notes: '',
        image: '',
      });
      deps.live.tell([userId], 'bucket-lists');
      return { listName: list.name, title: item.title };
    },

    async priceHistory(quoteId: string) {
      return recorded(await deps.travel.priceHistory(quoteId, caller.currency));
    },

    /** What the offline inventory knows of a destination: where it is and what to see. */
    destinationInfo(name: string) {
      const facts = destinationFacts(name);
      return facts && recorded(facts);
    },
  };
}

export type AssistantTools = ReturnType<typeof createAssistantTools>;
