import {
  chatStreamEventSchemas,
  type ChatStreamEvent,
} from '@vowa/shared/assistant/assistant-schemas';
import { authorizedFetch } from '../../lib/api-client';
import { readServerEvents } from './server-events';

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
    if (!(event in chatStreamEventSchemas)) return;
    const type = event as keyof typeof chatStreamEventSchemas;
    const payload = chatStreamEventSchemas[type].parse(JSON.parse(data));
    onEvent({ type, ...payload } as ChatStreamEvent);
  });
}
