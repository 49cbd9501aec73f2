import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { ToolDependencies } from './assistant-tools';
import { createAssistantService, type AssistantService } from './assistant-service';
import { createModelAssistant } from './model/model-assistant';
import { createOfflineAssistant } from './offline/offline-assistant';
import { prepareUnderstanding } from './understanding/understand-request';

/**
 * The assistant Vowa: its tools over travel, finance and bucket lists, the offline assistant
 * (the default) and, when configured, a model. It has no routes of its own: conversations
 * (modules/chat) talk to it.
 */
export async function registerAssistantModule(
  app: FastifyInstance,
  deps: ToolDependencies & { config: Pick<AppConfig, 'llm'> },
): Promise<AssistantService> {
  // The place indexes and date parsers take a second or two to build: once the server listens,
  // not in the first person's request (and not in tests that never listen).
  app.addHook('onListen', async () => {
    setImmediate(prepareUnderstanding);
  });
  const { config, ...tools } = deps;
  return createAssistantService({
    tools,
    offline: createOfflineAssistant(),
    model: config.llm && createModelAssistant(config.llm),
    log: app.log,
  });
}
