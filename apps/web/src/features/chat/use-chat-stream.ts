import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  AssistantActivity,
  ChatResponse,
  Conversation,
} from '@vowa/shared/assistant/assistant-schemas';
import { ApiError } from '../../lib/api-client';
import { chatKeys } from './chat-api';
import { streamChat } from './chat-stream';

/** The exchange in flight (or the one that just failed), shown after the stored messages. */
export interface LiveExchange {
  /** The chat it belongs to: a conversation id, or '' for the not yet created 'Vowa AI'. */
  conversationId: string;
  userText: string;
  /** The person's message as the server stored it, once it says so. */
  userMessageId: string | null;
  /** The reply so far; the final text replaces it when the stream is done. */
  replyText: string;
  activity: AssistantActivity | null;
  replying: boolean;
  /** The reply as the server finished it (kept until the stored messages have been re-read). */
  response: ChatResponse | null;
  /** Set when the assistant could not be reached: the spec's sentence is shown instead. */
  failed: boolean;
  /** A refusal before the stream (blank, too long, rate limited): the server's text. */
  refusal: string | null;
}

/**
 * Sends a message over the streaming chat call and keeps what is happening in one state.
 * `onConversation` is told when the message opened a new trip chat, so the screen makes it active.
 */
export function useChatStream(
  onConversation: (id: string | null, conversation: Conversation | null) => void,
) {
  const client = useQueryClient();
  const [live, setLive] = useState<LiveExchange | null>(null);
  const abort = useRef<AbortController | null>(null);

  const send = useCallback(
    async (message: string, conversationId: string | undefined) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const update = (change: Partial<LiveExchange>) =>
        setLive((current) => (current ? { ...current, ...change } : current));
      setLive({
        conversationId: conversationId ?? '',
        userText: message,
        userMessageId: null,
        replyText: '',
        activity: 'thinking',
        replying: true,
        response: null,
        failed: false,
        refusal: null,
      });
      try {
        await streamChat({
          message,
          conversationId,
          signal: controller.signal,
          onEvent: (event) => {
            if (event.type === 'conversation') {
              if (event.conversation_id) update({ conversationId: event.conversation_id });
              if (event.message_id) update({ userMessageId: event.message_id });
              onConversation(event.conversation_id, event.conversation);
            } else if (event.type === 'status') update({ activity: event.status });
            else if (event.type === 'text') {
              setLive((current) =>
                current ? { ...current, replyText: current.replyText + event.text } : current,
              );
            } else if (event.type === 'done') {
              update({
                replyText: event.response.response,
                response: event.response,
                activity: null,
                replying: false,
              });
            } else update({ failed: true, activity: null, replying: false });
          },
        });
        setLive((current) =>
          current && current.replying
            ? { ...current, failed: true, activity: null, replying: false }
            : current,
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
        update({
          failed: !refusal,
          refusal: refusal ? error.message : null,
          activity: null,
          replying: false,
        });
      }
      // The stored messages now hold the exchange; the screen shows them once they are read.
      await client.invalidateQueries({ queryKey: chatKeys.all });
    },
    [client, onConversation],
  );

  return { live, send, clear: () => setLive(null) };
}
