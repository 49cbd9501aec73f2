import { createContext, useContext } from 'react';
import type {
  GroupAssistantEvent,
  GroupChangedEvent,
  GroupMessageEvent,
  GroupTypingEvent,
} from '@vowa/shared/realtime/live-events';

/**
 * What the live link hears of group chats (issue 15), passed to the chat feature through this
 * context because features never import app/ (where the socket lives). `reconnected` says the
 * link came back without replaying what it missed: open threads read what came after them.
 */
export type LiveGroupEvent =
  | ({ type: 'message' } & GroupMessageEvent)
  | ({ type: 'typing' } & GroupTypingEvent)
  | ({ type: 'assistant' } & GroupAssistantEvent)
  | ({ type: 'changed' } & GroupChangedEvent)
  | { type: 'reconnected' };

export type LiveGroups = {
  /** Hears every group event; returns the function that stops listening. */
  subscribe: (listener: (event: LiveGroupEvent) => void) => () => void;
  /** Tells the group's other members this person is typing (the server throttles it too). */
  typing: (conversationId: string) => void;
};

/**
 * A hub the live link feeds and screens listen to. Typing goes out through whatever socket is
 * attached (none while the link is down: a typing notice is not worth queueing).
 */
export function createLiveGroups() {
  const listeners = new Set<(event: LiveGroupEvent) => void>();
  let sendTyping: ((conversationId: string) => void) | undefined;
  return {
    subscribe(listener: (event: LiveGroupEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    typing(conversationId: string) {
      sendTyping?.(conversationId);
    },
    attach(send: ((conversationId: string) => void) | undefined) {
      sendTyping = send;
    },
    emit(event: LiveGroupEvent) {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

/** Without a live link (a guest, tests): nothing arrives and typing goes nowhere. */
const offline: LiveGroups = { subscribe: () => () => undefined, typing: () => undefined };

export const LiveGroupsContext = createContext<LiveGroups>(offline);

export function useLiveGroups(): LiveGroups {
  return useContext(LiveGroupsContext);
}
