import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin, Plus, Search, Users } from 'lucide-react';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import { filterConversations } from './conversation-filter';

/** Part 2 §2, left side: the search box and the person's conversations. */
export function ConversationList({
  conversations,
  activeId,
  onOpen,
  onCreateGroup,
  actions,
}: {
  conversations: Conversation[];
  /** '' is the person's 'Vowa AI' chat before its first message. */
  activeId: string;
  onOpen: (conversation: Conversation) => void;
  /** Opens Create New Group; absent for guests, who have no groups. */
  onCreateGroup?: () => void;
  /** More buttons beside it (Join with a code). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = filterConversations(conversations, query);
  return (
    <nav aria-label={t('chat.conversations')} className="flex min-h-0 flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-lg font-semibold text-ink">{t('chat.title')}</h1>
        {actions}
        {onCreateGroup && (
          <Button size="sm" variant="outline" onClick={onCreateGroup}>
            <Plus aria-hidden className="size-4" />
            {t('groups.newGroup')}
          </Button>
        )}
      </div>
      <label className="relative block">
        <span className="sr-only">{t('chat.search')}</span>
        <Search aria-hidden className="absolute top-2.5 left-3 size-4 text-ink-muted" />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('chat.searchPlaceholder')}
          className="w-full rounded-xl border border-line bg-raised py-2 pr-3 pl-9 text-sm text-ink placeholder:text-ink-muted"
        />
      </label>
      {shown.length === 0 ? (
        <p className="px-1 text-sm text-ink-muted">{t('chat.noMatches')}</p>
      ) : (
        <ul className="flex min-h-0 flex-col gap-1 overflow-y-auto">
          {shown.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow
                conversation={conversation}
                active={conversation.id === activeId}
                onOpen={() => onOpen(conversation)}
              />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

function ConversationRow({
  conversation,
  active,
  onOpen,
}: {
  conversation: Conversation;
  active: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'flex w-full flex-col gap-0.5 rounded-xl px-3 py-2 text-left hover:bg-raised focus-visible:outline-2 focus-visible:outline-sky-500',
        active && 'bg-raised',
      )}
    >
      <span className="flex items-center gap-2">
        <span className="flex-1 truncate font-medium text-ink">{conversation.name}</span>
        {conversation.lastActivity && (
          <time dateTime={conversation.lastActivity} className="text-xs text-ink-muted">
            {format.dateTime(conversation.lastActivity)}
          </time>
        )}
      </span>
      {conversation.type === 'group' && (
        <span className="flex items-center gap-1 text-xs text-ink-muted">
          <Users aria-hidden className="size-3" />
          {t('groups.members', { count: conversation.memberCount })}
        </span>
      )}
      {conversation.destination && (
        <span className="flex items-center gap-1 text-xs text-ink-muted">
          <MapPin aria-hidden className="size-3" />
          {conversation.destination}
        </span>
      )}
      <span className="flex items-center gap-2">
        <span className="flex-1 truncate text-sm text-ink-muted">
          {conversation.lastMessage ?? t('chat.noMessages')}
        </span>
        {conversation.unreadCount > 0 && (
          <span
            className="rounded-full bg-violet-600 px-2 text-xs font-semibold text-white"
            aria-label={t('chat.unread', { count: conversation.unreadCount })}
          >
            {conversation.unreadCount}
          </span>
        )}
      </span>
    </button>
  );
}
