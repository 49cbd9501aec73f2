import { languages, type Language } from '@vowa/shared/settings/settings-constants';
import { DEFAULT_DISPLAY_CURRENCY } from '@vowa/shared/travel/travel-constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import type { AssistantService, Caller } from '../assistant/assistant-service';
import type { AuthService } from '../auth/auth-service';
import type { FinanceService } from '../finance/finance-service';
import type { LiveUpdates } from '../realtime/realtime-module';
import type { SettingsService } from '../settings/settings-service';
import { localToday } from '../travel/travel-service';
import type { TravelPublicService } from '../travel/travel-module';
import { createChatRepository } from './chat-repository';
import { chatRoutes } from './chat-routes';
import { createChatService, type ChatService } from './chat-service';
import { registerGroupInvites } from './group-invite-module';
import { createGroupAssistant } from './group-assistant';
import { createGroupAssistantRepository } from './group-assistant-repository';
import { createGroupRepository } from './group-repository';
import { groupRoutes } from './group-routes';
import { createGroupService, type AnswerMention, type GroupService } from './group-service';
import { tripSuggestionRoutes } from './trip-suggestion-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Group chats, for the modules that add members or post to groups (and for tests). */
    groups: GroupService;
  }
}

/** A guest's language: the first of the browser's (or the web app's) languages we speak. */
function guestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if ((languages as readonly string[]).includes(tag ?? '')) return tag as Language;
  }
  return 'en';
}

/** The assistant and conversations: /api/llm (part 2 §2, §7). */
export async function registerChatModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    settings: Pick<SettingsService, 'settings' | 'privacy'>;
    finance: Pick<FinanceService, 'financials' | 'budgetSettings' | 'exchangeRates'>;
    travel: Pick<TravelPublicService, 'preferences'>;
    assistant: AssistantService;
    people: Pick<AuthService, 'findUserById' | 'sessionActivity'>;
    live: LiveUpdates;
    config: Pick<AppConfig, 'chatRateLimitMax' | 'groupMessageRateLimitMax'>;
    now: () => Date;
    /** Answers @vowa in groups instead of the group assistant (tests). */
    answerMention?: AnswerMention;
  },
): Promise<ChatModule> {
  const repository = createChatRepository(deps.db);
  const groups = createGroupService({
    chats: repository,
    groups: createGroupRepository(deps.db),
    people: deps.people,
    settings: deps.settings,
    live: deps.live,
    greeting: deps.assistant.groupGreeting,
    answerMention: deps.answerMention,
    log: app.log,
    now: deps.now,
  });
  if (!deps.answerMention)
    groups.setAnswerMention(groupAssistantFor(app, deps, repository, groups));
  // Realtime registered first; from now on connections join their groups' rooms.
  deps.live.setGroupDirectory({ groupsOf: groups.groupsOf, nameOf: groups.nameOf });
  const service = createChatService({
    repository,
    assistant: deps.assistant,
    people: deps.people,
    live: deps.live,
    log: app.log,
    groups,
  });

  /** Who is asking, with what the assistant needs to know of them (part 2 §1). */
  async function callerOf(request: FastifyRequest): Promise<Caller> {
    if (!request.auth) {
      return {
        kind: 'guest',
        language: guestLanguage(request),
        currency: DEFAULT_DISPLAY_CURRENCY,
        today: localToday('UTC', deps.now()),
      };
    }
    const { userId, user } = request.auth;
    const [settings, preferences, financials, budget] = await Promise.all([
      deps.settings.settings(userId),
      deps.travel.preferences(userId),
      deps.finance.financials(userId),
      deps.finance.budgetSettings(userId),
    ]);
    const { language, currency, timezone } = settings.account;
    return {
      kind: 'member',
      userId,
      name: user.display_name || user.name,
      language,
      currency,
      timeZone: timezone,
      today: localToday(timezone, deps.now()),
      homeAirport: preferences.homeAirport,
      budget: financials.connected ? { maxTripBudget: budget.maxTripBudget, currency } : null,
    };
  }

  await app.register(chatRoutes, {
    prefix: '/api/llm',
    service,
    callerOf,
    rateLimitMax: deps.config.chatRateLimitMax,
  });
  await app.register(tripSuggestionRoutes, {
    prefix: '/api/llm',
    assistant: deps.assistant,
    callerOf,
    rateLimitMax: deps.config.chatRateLimitMax,
  });
  const languageOf = async (userId: string) =>
    (await deps.settings.settings(userId)).account.language;
  await app.register(groupRoutes, {
    prefix: '/api/llm',
    groups,
    languageOf,
    rateLimitMax: deps.config.groupMessageRateLimitMax,
  });
  app.decorate('groups', groups);
  await registerGroupInvites(app, {
    db: deps.db,
    joinGroup: (conversationId, userId) => groups.joinGroup(conversationId, userId),
    people: deps.people,
    languageOf,
    config: app.config,
    now: deps.now,
  });
  return { chat: service, groups };
}

type ChatDeps = Parameters<typeof registerChatModule>[1];

/**
 * The @vowa answerer (group-assistant.ts): the personal chat's assistant with the group's
 * context, posting through the group service. Answers in flight end with the app.
 */
function groupAssistantFor(
  app: FastifyInstance,
  deps: ChatDeps,
  chats: ReturnType<typeof createChatRepository>,
  groups: GroupService,
): AnswerMention {
  const answerer = createGroupAssistant({
    repository: createGroupAssistantRepository(deps.db),
    chats,
    assistant: deps.assistant,
    post: groups.post,
    live: deps.live,
    people: deps.people,
    settings: deps.settings,
    travel: deps.travel,
    finance: deps.finance,
    log: app.log,
    now: deps.now,
  });
  app.addHook('preClose', () => answerer.close());
  return (request) => void answerer.answer(request);
}

/**
 * What the chat module offers the rest of the app: the conversations, and the groups (the
 * invite module adds members with `groups.joinGroup`; the group assistant and the group plan
 * post with `groups.post`).
 */
export type ChatModule = { chat: ChatService; groups: GroupService };
