import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssistantActivity, ChatMessage } from '@vowa/shared/assistant/assistant-schemas';
import { useLiveGroups, type LiveGroupEvent } from '../../lib/live-groups';
import { chatKeys, useUserId } from './chat-api';
import {
  groupKeys,
  markRead,
  mergeIntoThread,
  messagesAfter,
  newestSeq,
  useGroupMessages,
} from './group-api';

/** A typing notice shows this long after the last one (senders repeat it every 2 s or so). */
export const TYPING_SHOWN_MS = 4000;
/** This person's own typing notices go out at most this often. */
const TYPING_SENT_EVERY_MS = 2000;

/** Who is typing in the open group: their names, each until their notice runs out. */
function useTypists() {
  const [typists, setTypists] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const forget = (userId: string) => {
    clearTimeout(timers.current.get(userId));
    timers.current.delete(userId);
    setTypists(({ [userId]: _gone, ...rest }) => rest);
  };
  const saw = (userId: string, name: string) => {
    clearTimeout(timers.current.get(userId));
    timers.current.set(
      userId,
      setTimeout(() => forget(userId), TYPING_SHOWN_MS),
    );
    setTypists((current) => (current[userId] === name ? current : { ...current, [userId]: name }));
  };
  return { names: Object.values(typists), saw, forget, clear: () => setTypists({}) };
}

/**
 * An open group thread kept live: messages arrive by the socket and are merged into the read
 * pages (by id, in seq order), what was missed while the link was down is read with `after`,
 * others' messages seen here are marked read, and typing and the assistant's progress show.
 */
export function useGroupThread(conversationId: string | undefined) {
  const client = useQueryClient();
  const userId = useUserId();
  const live = useLiveGroups();
  const messages = useGroupMessages(conversationId);
  const typists = useTypists();
  const [assistant, setAssistant] = useState<AssistantActivity | null>(null);
  const key = groupKeys.messages(userId, conversationId ?? '');
  const keyText = JSON.stringify(key);

  useEffect(() => {
    if (!conversationId) return;
    const threadKey = JSON.parse(keyText) as readonly unknown[];
    const arrived = (found: ChatMessage[]) => {
      mergeIntoThread(client, threadKey, found);
      const fromOthers = found.filter((message) => message.sender.id !== userId);
      const newest = fromOthers.at(-1);
      if (newest) void markRead(conversationId, newest.seq).catch(() => undefined);
      for (const message of fromOthers) typists.forget(message.sender.id);
      if (found.some((message) => message.type === 'ai')) setAssistant(null);
    };
    const onEvent = (event: LiveGroupEvent) => {
      if (event.type === 'reconnected') {
        const after = newestSeq(client, threadKey);
        if (after !== undefined) {
          void messagesAfter(conversationId, after).then(arrived, () => undefined);
        }
        return;
      }
      if (event.conversationId !== conversationId) return;
      if (event.type === 'message') arrived([event.message as ChatMessage]);
      else if (event.type === 'typing' && event.userId !== userId) {
        typists.saw(event.userId, event.name);
      } else if (event.type === 'assistant') setAssistant(event.status);
      else if (event.type === 'changed') {
        void client.invalidateQueries({ queryKey: groupKeys.members(userId, conversationId) });
        void client.invalidateQueries({ queryKey: chatKeys.all });
      }
    };
    const stop = live.subscribe(onEvent);
    return () => {
      stop();
      typists.clear();
      setAssistant(null);
    };
    // `typists` changes identity each render; its functions only touch state and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, keyText, client, live, userId]);

  const lastTyped = useRef(0);
  const typing = () => {
    const now = Date.now();
    if (!conversationId || now - lastTyped.current < TYPING_SENT_EVERY_MS) return;
    lastTyped.current = now;
    live.typing(conversationId);
  };

  return { messages, key, typists: typists.names, assistant, typing };
}
