import type { FastifyInstance } from 'fastify';
import type { ToolDependencies } from './assistant-tools';
import { createAssistantService, type AssistantService } from './assistant-service';
import { createOfflineAssistant } from './offline/offline-assistant';
import { prepareUnderstanding } from './understanding/understand-request';

/**
 * The assistant Vowa: its tools over travel, finance and bucket lists, the offline assistant
 * (the default) and, when configured, a model. It has no routes of its own: conversations
 * (modules/chat) talk to it.
 */
export async function registerAssistantModule(
  app: FastifyInstance,
  deps: ToolDependencies,
): Promise<AssistantService> {
  // The place indexes and date parsers take a second or two to build: once the server listens,
  // not in the first person's request (and not in tests that never listen).
  app.addHook('onListen', async () => {
    setImmediate(prepareUnderstanding);
  });
  return createAssistantService({
    tools: deps,
    offline: createOfflineAssistant(),
    log: app.log,
  });
}
