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
import { tripSuggestionRoutes } from './trip-suggestion-routes';

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
    settings: Pick<SettingsService, 'settings'>;
    finance: Pick<FinanceService, 'financials' | 'budgetSettings'>;
    travel: Pick<TravelPublicService, 'preferences'>;
    assistant: AssistantService;
    people: Pick<AuthService, 'findUserById'>;
    live: LiveUpdates;
    config: Pick<AppConfig, 'chatRateLimitMax'>;
    now: () => Date;
  },
): Promise<ChatService> {
  const service = createChatService({
    repository: createChatRepository(deps.db),
    assistant: deps.assistant,
    people: deps.people,
    live: deps.live,
    log: app.log,
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
  return service;
}
