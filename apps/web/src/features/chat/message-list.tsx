import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bot } from 'lucide-react';
import type { ChatMessage, ReplyAttachments } from '@vowa/shared/assistant/assistant-schemas';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { useFormat } from '../../lib/use-format';
import {
  GroupActivity,
  GroupMessageItem,
  PendingItem,
  type GroupThreadView,
} from './group-message';
import { GroupCard } from './group-card';
import { isPlanCard } from './group-plan-api';
import { ReplyResults, type Selection } from './result-cards';
import type { LiveExchange } from './use-chat-stream';

/**
 * Part 2 §2, the conversation: a log region (new assistant text is announced politely), the
 * stored messages oldest first, then the exchange in flight with what the assistant is doing.
 */
export function MessageList({
  messages,
  earlier = [],
  guest = false,
  live,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  resultsCleared,
  selection,
  group,
}: {
  messages: ChatMessage[];
  /** A guest's finished exchanges of this visit (nothing of a guest's is stored). */
  earlier?: LiveExchange[];
  /** Signed out: the greeting asks them to sign in (part 2 §1). */
  guest?: boolean;
  live: LiveExchange | null;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** After a failure the chat's earlier result cards are hidden (part 2 §8). */
  resultsCleared: boolean;
  selection: Selection;
  /** In a group: authors, pending sends, typing and the assistant's progress. */
  group?: GroupThreadView;
}) {
  const { t } = useTranslation();
  const scroller = useStickToBottom(messages, live, group);
  const showWelcome = messages.length === 0 && !hasEarlier && !group;
  const extrasOf = (message: ChatMessage) =>
    message.attachments && (
      <Extras
        attachments={message.attachments}
        showResults={!resultsCleared}
        selection={selection}
      />
    );
  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto p-4">
      {hasEarlier && (
        <div className="mb-3 flex justify-center">
          <Button size="sm" variant="ghost" loading={loadingEarlier} onClick={onLoadEarlier}>
            {t('chat.loadEarlier')}
          </Button>
        </div>
      )}
      <div role="log" aria-live="polite" aria-label={t('chat.messages')}>
        <ol className="flex flex-col gap-3">
          {showWelcome && (
            <Bubble fromAssistant text={t(guest ? 'chat.guestWelcome' : 'chat.welcome')}>
              {guest && <SignInButton />}
            </Bubble>
          )}
          {group && <GroupThread messages={messages} group={group} extrasOf={extrasOf} />}
          {!group &&
            messages.map((message) => (
              <Bubble
                key={message.id}
                fromAssistant={message.type === 'ai'}
                text={message.content}
                time={message.timestamp}
              >
                {message.attachments && (
                  <Extras
                    attachments={message.attachments}
                    showResults={!resultsCleared}

                    selection={selection}
                  />
                )}
              </Bubble>
            ))}
          {earlier.map((exchange, index) => (
            <LiveBubbles key={index} live={exchange} selection={selection} />
          ))}
          {live && (
            <LiveBubbles
              live={live}
              // The stored list may hold the person's message before the reply is done.
              userStored={messages.some((message) => message.id === live.userMessageId)}
              selection={selection}
            />
          )}
        </ol>
      </div>
    </div>
  );
}

/** A group's messages, then this person's pending ones, then who is typing or thinking. */
function GroupThread({
  messages,
  group,
  extrasOf,
}: {
  messages: ChatMessage[];
  group: GroupThreadView;
  extrasOf: (message: ChatMessage) => ReactNode;
}) {
  const stored = new Set(messages.flatMap((message) => message.clientId ?? []));
  return (
    <>
      {messages.map((message) =>
        isPlanCard(message.card) ? (
          <GroupCard key={message.id} message={message} />
        ) : (
          <GroupMessageItem key={message.id} message={message} selfId={group.selfId}>
            {extrasOf(message)}
          </GroupMessageItem>
        ),
      )}
      {group.pending
        .filter((message) => !stored.has(message.clientId))
        .map((message) => (
          <PendingItem key={message.clientId} message={message} onRetry={group.onRetry} />
        ))}
      <GroupActivity typists={group.typists} assistant={group.assistant} />
    </>
  );
}

function LiveBubbles({
  live,
  userStored = false,
  selection,
}: {
  live: LiveExchange;
  userStored?: boolean;
  selection: Selection;
}) {
  const { t } = useTranslation();
  const response = live.response;
  return (
    <>
      {!live.refusal && !userStored && <Bubble fromAssistant={false} text={live.userText} />}
      {live.failed ? (
        <Bubble fromAssistant text={t('chat.error')} />
      ) : live.refusal ? (
        <li className="text-sm text-red-600 dark:text-red-300">
          <span role="alert">{live.refusal}</span>
        </li>
      ) : (
        <>
          {live.replyText && <Bubble fromAssistant text={live.replyText} />}
          {live.activity && (
            <li className="flex items-center gap-2 text-sm text-ink-muted">
              <Bot aria-hidden className="size-4 animate-pulse motion-reduce:animate-none" />
              <span role="status">{t(`chat.activity.${live.activity}`)}</span>
            </li>
          )}
          {response && (
            <Extras
              attachments={{
                flights: response.flight_results,
                returnFlights: response.return_flight_results,
                hotels: response.hotel_results,
                experiences: response.experiences,
                suggestions: response.suggestions,
                note: response.note,
                callToAction: response.call_to_action,
              }}
              showResults

              selection={selection}
            />
          )}
        </>
      )}
    </>
  );
}

function Extras({
  attachments,
  showResults,
  selection,
}: {
  attachments: ReplyAttachments;
  showResults: boolean;
  selection: Selection;
}) {
  const { t } = useTranslation();
  return (
    <>
      {attachments.note && <p className="mt-1 text-xs text-ink-muted">{attachments.note}</p>}
      {attachments.callToAction === 'connect_finances' && (
        <Link to="/financial/connect" className="mt-1 block text-sm text-violet-600 underline">
          {t('chat.connectFinances')}
        </Link>
      )}
      {attachments.callToAction === 'sign_in' && <SignInButton />}
      {showResults && <ReplyResults attachments={attachments} selection={selection} />}
    </>
  );
}

/** Opens the sign-in dialog and keeps the guest in the chat afterwards. */
function SignInButton() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  return (
    <Button size="sm" className="mt-2" onClick={() => openSignIn('login', { stay: true })}>
      {t('chat.signIn')}
    </Button>
  );
}

function Bubble({
  fromAssistant,
  text,
  time,
  children,
}: {
  fromAssistant: boolean;
  text: string;
  time?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className={cn('flex flex-col', fromAssistant ? 'items-start' : 'items-end')}>
      <span className="sr-only">{fromAssistant ? t('chat.assistantSaid') : t('chat.youSaid')}</span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap',
          fromAssistant ? 'bg-raised text-ink' : 'bg-violet-600 text-white',
        )}
      >
        {text}
      </p>
      {time && (
        <time dateTime={time} className="mt-0.5 text-xs text-ink-muted">
          {format.time(time)}
        </time>
      )}
      {children && <div className="w-full">{children}</div>}
    </li>
  );
}

/**
 * Keeps the newest message in view as text streams in, unless the person scrolled up to read;
 * loading earlier messages keeps the position instead of jumping.
 */
function useStickToBottom(
  messages: ChatMessage[],
  live: LiveExchange | null,
  group: GroupThreadView | undefined,
) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastHeight = useRef(0);
  const firstSeq = messages[0]?.seq;
  const previousFirst = useRef(firstSeq);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (
      previousFirst.current !== undefined &&
      firstSeq !== undefined &&
      firstSeq < previousFirst.current
    ) {
      element.scrollTop += element.scrollHeight - lastHeight.current;
    } else if (atBottom.current) element.scrollTop = element.scrollHeight;
    previousFirst.current = firstSeq;
    lastHeight.current = element.scrollHeight;
  }, [messages, live, firstSeq, group]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    };
    element.addEventListener('scroll', onScroll);
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  return ref;
}
