import {
  assistantActivities,
  chatResponseSchema,
  conversationSchema,
  type ChatStreamEvent,
} from '@vowa/shared/assistant/assistant-schemas';
import { z } from 'zod';
import { authorizedFetch } from '../../lib/api-client';
import { readServerEvents } from './server-events';

const streamEventSchemas = {
  conversation: z.object({
    conversation_id: z.string().nullable(),
    conversation: conversationSchema.nullable(),
  }),
  status: z.object({ status: z.enum(assistantActivities) }),
  text: z.object({ text: z.string() }),
  done: z.object({ response: chatResponseSchema }),
  error: z.object({ detail: z.string(), code: z.string() }),
};

/**
 * POST /api/llm/chat/stream: sends a message and reports the assistant's events as they come
 * (the conversation it went to, what it is doing, text deltas, then done or error). Bad input
 * is refused before the stream starts and thrown as an ApiError.
 */
export async function streamChat({
  message,
  conversationId,
  signal,
  onEvent,
}: {
  message: string;
  conversationId: string | undefined;
  signal?: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
}): Promise<void> {
  const response = await authorizedFetch('/llm/chat/stream', {
    method: 'POST',
    accept: 'text/event-stream',
    body: conversationId ? { message, conversation_id: conversationId } : { message },
    signal,
  });
  if (!response.body) throw new Error('The assistant answered without a stream.');
  await readServerEvents(response.body, ({ event, data }) => {
    if (!(event in streamEventSchemas)) return;
    const type = event as keyof typeof streamEventSchemas;
    const payload = streamEventSchemas[type].parse(JSON.parse(data));
    onEvent({ type, ...payload } as ChatStreamEvent);
  });
}
