import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';

/**
 * The list's search box (the spec leaves it open): a conversation matches when every word
 * typed appears in its name, its trip destination or its last message, ignoring case and
 * accents, so "lisb" and "lisboa" find the Lisbon trip and "hotel" finds a chat about hotels.
 */
export function filterConversations(conversations: Conversation[], query: string) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return conversations;
  return conversations.filter((conversation) => {
    const haystack = fold(
      [conversation.name, conversation.destination ?? '', conversation.lastMessage ?? ''].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

function fold(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
