import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bot } from 'lucide-react';
import type { AssistantActivity, ChatMessage } from '@vowa/shared/assistant/assistant-schemas';
import type { GroupCard } from '@vowa/shared/groups/group-schemas';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useFormat } from '../../lib/use-format';
import type { PendingMessage } from './use-group-send';

/** What a group thread shows besides its stored messages (see MessageList's `group`). */
export type GroupThreadView = {
  selfId: string;
  pending: PendingMessage[];
  typists: string[];
  assistant: AssistantActivity | null;
  onRetry: (clientId: string) => void;
};

type MembershipCard = Extract<GroupCard, { name: string; type: `member_${string}` | 'renamed' }>;

function isMembershipCard(card: GroupCard | null): card is MembershipCard {
  return (
    !!card && ['member_joined', 'member_left', 'member_removed', 'renamed'].includes(card.type)
  );
}

/** A system event, in the reader's language (the stored English text for anything else). */
function SystemCard({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const card = message.card;
  const text = isMembershipCard(card)
    ? t(`groups.cards.${card.type}`, { name: card.name })
    : message.content;
  return (
    <li className="flex justify-center">
      <p className="rounded-full bg-raised px-3 py-1 text-center text-xs text-ink-muted">{text}</p>
    </li>
  );
}

/**
 * A message in a group: the person's own on the right, everyone else's on the left with their
 * name and picture, the assistant's as Vowa's, events as a line in the middle. Text is always
 * rendered as text, never as markup.
 */
export function GroupMessageItem({
  message,
  selfId,
  children,
}: {
  message: ChatMessage;
  selfId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (message.type === 'system') return <SystemCard message={message} />;
  const own = message.type === 'user' && message.sender.id === selfId;
  const name = message.type === 'ai' ? 'Vowa' : message.sender.name || t('groups.someone');
  return (
    <li className={cn('flex gap-2', own ? 'flex-row-reverse' : 'flex-row')}>
      {!own &&
        (message.type === 'ai' ? (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-200">
            <Bot aria-hidden className="size-4" />
          </span>
        ) : (
          <Avatar user={{ avatar: message.sender.avatar, name: message.sender.name }} size="sm" />
        ))}
      <div className={cn('flex min-w-0 flex-1 flex-col', own ? 'items-end' : 'items-start')}>
        <span className={own ? 'sr-only' : 'text-xs font-medium text-ink-muted'}>
          {own ? t('chat.youSaid') : t('groups.saidBy', { name })}
        </span>
        <p
          className={cn(
            'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap',
            own ? 'bg-violet-600 text-white' : 'bg-raised text-ink',
          )}
        >
          {message.content}
        </p>
        <time dateTime={message.timestamp} className="mt-0.5 text-xs text-ink-muted">
          {format.time(message.timestamp)}
        </time>
        {children && <div className="w-full">{children}</div>}
      </div>
    </li>
  );
}

/** The person's message before the server has it: dimmed while sending, with Retry if it failed. */
export function PendingItem({
  message,
  onRetry,
}: {
  message: PendingMessage;
  onRetry: (clientId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col items-end" data-pending={message.status}>
      <span className="sr-only">{t('chat.youSaid')}</span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl bg-violet-600 px-3 py-2 text-sm whitespace-pre-wrap text-white',
          message.status === 'sending' && 'opacity-60',
        )}
      >
        {message.content}
      </p>
      {message.status === 'sending' ? (
        <span className="mt-0.5 text-xs text-ink-muted">{t('groups.sending')}</span>
      ) : (
        <span className="mt-0.5 flex items-center gap-2 text-xs text-red-600 dark:text-red-300">
          <span role="alert">{t('groups.notSent')}</span>
          <Button size="sm" variant="ghost" onClick={() => onRetry(message.clientId)}>
            {t('groups.retry')}
          </Button>
        </span>
      )}
    </li>
  );
}

/** '{name} is typing…' and 'Vowa is thinking...' under the thread. */
export function GroupActivity({
  typists,
  assistant,
}: {
  typists: string[];
  assistant: AssistantActivity | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {assistant && (
        <li className="flex items-center gap-2 text-sm text-ink-muted">
          <Bot aria-hidden className="size-4 animate-pulse motion-reduce:animate-none" />
          <span role="status">{t(`chat.activity.${assistant}`)}</span>
        </li>
      )}
      {typists.length > 0 && (
        <li className="text-xs text-ink-muted italic">
          {typists.length === 1 ? t('groups.typing', { name: typists[0] }) : t('groups.typingMany')}
        </li>
      )}
    </>
  );
}
