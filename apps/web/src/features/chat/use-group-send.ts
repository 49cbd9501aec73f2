import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@vowa/shared/assistant/assistant-schemas';
import { chatKeys } from './chat-api';
import { mergeIntoThread, sendGroupMessage } from './group-api';

/** A message of this person's on its way to the group, or one that could not be sent. */
export type PendingMessage = {
  clientId: string;
  conversationId: string;
  content: string;
  status: 'sending' | 'failed';
};

/**
 * Optimistic sending to a group: the message shows at once with its own client id; a retry
 * sends the same id, so the server stores it once however often it arrives. It stops being
 * pending when the stored message is in the thread (from the answer or the live event).
 */
export function useGroupSend(threadKey: readonly unknown[]) {
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const mark = (clientId: string, status: PendingMessage['status'] | null) =>
    setPending((current) =>
      status === null
        ? current.filter((message) => message.clientId !== clientId)
        : current.map((message) =>
            message.clientId === clientId ? { ...message, status } : message,
          ),
    );

  const deliver = async (message: PendingMessage) => {
    try {
      const stored: ChatMessage = await sendGroupMessage(
        message.conversationId,
        message.content,
        message.clientId,
      );
      mergeIntoThread(client, threadKey, [stored]);
      mark(message.clientId, null);
      void client.invalidateQueries({ queryKey: chatKeys.all });
    } catch {
      mark(message.clientId, 'failed');
    }
  };

  return {
    pending,
    send(conversationId: string, content: string) {
      const message: PendingMessage = {
        clientId: crypto.randomUUID(),
        conversationId,
        content,
        status: 'sending',
      };
      setPending((current) => [...current, message]);
      void deliver(message);
    },
    retry(clientId: string) {
      const message = pending.find((candidate) => candidate.clientId === clientId);
      if (!message) return;
      mark(clientId, 'sending');
      void deliver({ ...message, status: 'sending' });
    },
  };
}
