import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';
import { Banner } from '../../components/ui/banner';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useBookingFlow, type BookingStart } from '../../lib/booking-flow-context';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session-context';
import { BookBothPrompt } from './book-both-prompt';
import { useConversations, useMessages, useUserId } from './chat-api';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { CreateGroupDialog } from './create-group-dialog';
import { useGroupDialogs } from './group-dialogs';
import { JoinGroupButton } from './join-group-dialog';
import type { ChatDetailDialogs } from './detail-dialogs';
import { MessageList } from './message-list';
import { OfferDialog, type Viewing } from './result-cards';
import { useChatStream, type LiveExchange } from './use-chat-stream';
import { useGroupSend } from './use-group-send';
import { useGroupThread } from './use-group-thread';

/**
 * Part 2 §2 Messages screen: the conversation list on the left, the active conversation on
 * the right (two screens on phones). With no conversation chosen the person's 'Vowa AI' chat
 * is active, even before its first message creates it. A guest (part 2 §1) talks to 'Vowa AI'
 * only: the server stores nothing of theirs, so their exchanges live in this screen alone.
 */
export function ChatPage({ dialogs }: { dialogs: ChatDetailDialogs }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const guest = !useSession().user;
  const list = useConversations();
  const conversations = list.data?.conversations ?? [];
  // `?conversation=<id>` opens that conversation (where joining a group lands).
  const [activeId, setActiveId] = useState<string | undefined>(
    () => params.get('conversation') ?? undefined,
  );
  // A trip chat the stream just opened, until the list has been read again.
  const [opened, setOpened] = useState<Conversation | null>(null);
  const [threadOnPhone, setThreadOnPhone] = useState(() => params.has('conversation'));
  // /chat?group=true (the home screen's Group Chat card) opens Create New Group.
  // Guests have no groups: it opens once they are signed in.
  const [creatingGroup, setCreatingGroup] = useState(params.get('group') === 'true');

  const active =
    conversations.find((conversation) => conversation.id === activeId) ??
    (opened && opened.id === activeId ? opened : undefined) ??
    (activeId ? undefined : conversations.find((conversation) => conversation.type === 'ai'));
  const activeKey = active?.id ?? activeId ?? '';
  const group = active?.type === 'group' ? active : undefined;
  const settled = list.isSuccess && !list.isFetching;
  useForgetGoneConversation(settled ? conversations : undefined, activeId, opened, () => {
    setActiveId(undefined);
    setOpened(null);
  });

  const onConversation = useCallback((id: string | null, conversation: Conversation | null) => {
    if (conversation) {
      setOpened(conversation);
      setActiveId(conversation.id);
    } else if (id) setActiveId((current) => current ?? id);
  }, []);
  const { live, send } = useChatStream(onConversation);
  const [guestExchanges, setGuestExchanges] = useState<LiveExchange[]>([]);
  // A message to the default chat is sent before its id is known ('' until the stream says).
  const liveHere =
    live && (live.conversationId === activeKey || (live.conversationId === '' && !activeId))
      ? live
      : null;

  const personal = useMessages(group ? undefined : activeKey || undefined);
  const thread = useGroupThread(group?.id);
  const groupSend = useGroupSend(thread.key);
  const selfId = useUserId();
  const messages = group ? thread.messages : personal;
  const stored = (messages.data?.pages ?? [])
    .slice()
    .reverse()
    .flatMap((page) => page.messages);
  // Once the stored messages hold the exchange, they show it (with their ids and times).
  const storedIds = new Set(stored.map((message) => message.id));
  const liveShown =
    liveHere?.response?.messages?.length &&
    liveHere.response.messages.every((message) => storedIds.has(message.id))
      ? null
      : liveHere;
  const selection = useSelection();
  // In a group the detail dialogs say 'Select for Group' and post picks (issue 15 §5).
  const offerDialogs = useGroupDialogs(dialogs, group?.id);
  const { start: startBooking } = useBookingFlow();

  const open = (conversation: Conversation) => {
    setActiveId(conversation.id);
    setThreadOnPhone(true);
  };
  const openCreated = (created: Conversation) => {
    setOpened(created);
    open(created);
  };

  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] max-w-7xl overflow-hidden rounded-xl border border-line bg-surface md:my-4">
      <aside
        className={cn(
          'min-h-0 w-full flex-col border-line md:flex md:w-80 md:border-r',
          threadOnPhone ? 'hidden' : 'flex',
        )}
      >
        {guest ? (
          <ConversationList
            conversations={withDefaultChat([], t('chat.vowaAi'))}
            activeId=""
            onOpen={open}
          />
        ) : list.isPending ? (
          <div className="flex flex-col gap-2 p-3" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-14" />
          </div>
        ) : list.isError ? (
          <div className="p-3">
            <Banner tone="error">{errorMessage(list.error)}</Banner>
          </div>
        ) : (
          <ConversationList
            conversations={withDefaultChat(conversations, t('chat.vowaAi'))}
            activeId={activeKey}
            onOpen={open}
            onCreateGroup={() => setCreatingGroup(true)}
            actions={<JoinGroupButton onJoined={openCreated} />}
          />
        )}
      </aside>
      <section
        aria-label={active?.name ?? t('chat.vowaAi')}
        className={cn(
          'min-h-0 min-w-0 flex-1 flex-col overflow-hidden md:flex',
          threadOnPhone ? 'flex' : 'hidden',
        )}
      >
        <ChatHeader
          name={active?.name ?? t('chat.vowaAi')}
          conversation={active}
          onBack={() => setThreadOnPhone(false)}
          onDeleted={() => {
            setActiveId(undefined);
            setThreadOnPhone(false);
          }}
        />
        {messages.isError && (
          <div className="p-3">
            <Banner tone="error">{errorMessage(messages.error)}</Banner>
          </div>
        )}
        {/* One log element for every chat: a live region replaced mid-reply is not announced. */}
        <MessageList
          messages={stored}
          earlier={guestExchanges}
          guest={guest}
          live={liveShown}
          hasEarlier={messages.hasNextPage}
          loadingEarlier={messages.isFetchingNextPage}
          onLoadEarlier={() => void messages.fetchNextPage()}
          resultsCleared={!!liveHere?.failed}
          selection={selection}
          group={
            group && {
              selfId,
              pending: groupSend.pending.filter((m) => m.conversationId === group.id),
              typists: thread.typists,
              assistant: thread.assistant,
              onRetry: groupSend.retry,
            }
          }
        />
        <Composer
          key={group ? 'group' : 'assistant'}
          group={!!group}
          onTyping={group ? thread.typing : undefined}
          replying={!group && !!live?.replying}
          onSend={(message) => {
            if (group) return groupSend.send(group.id, message);
            setThreadOnPhone(true);
            if (guest && live && !live.replying && !live.refusal) {
              setGuestExchanges((shown) => [...shown, live]);
            }
            void send(message, activeKey || undefined);
          }}
        />
      </section>
      <CreateGroupDialog
        open={creatingGroup && !guest}
        onOpenChange={setCreatingGroup}
        onCreated={openCreated}
      />
      <OfferDialog
        viewing={selection.viewing}
        dialogs={offerDialogs}
        selection={selection}
        onChange={selection.change}
      />
      {selection.flight && selection.hotel && selection.prompting && (
        <BookBothPrompt
          flight={selection.flight}
          hotel={selection.hotel}
          onBookBoth={() => {
            const { flight, hotel } = selection;
            selection.closePrompt();
            if (flight && hotel) startBooking(bookBothStart(flight, hotel));
          }}
          onCancel={selection.clear}
        />
      )}
    </div>
  );
}

/**
 * Book Both (part 2 §4): the selected flight and hotel in one booking, named after the place
 * the hotel is in. The review step asks how many travel.
 */
function bookBothStart(flight: Flight, hotel: Hotel): BookingStart {
  return {
    items: [
      { kind: 'flight', quoteId: flight.quote.quoteId },
      { kind: 'hotel', quoteId: hotel.quote.quoteId },
    ],
    travelers: 1,
    source: 'chat',
    tripTitle: {
      destination: hotel.address.city || flight.arrival.city,
      country: hotel.address.country || flight.arrival.country,
      countryCode: hotel.address.countryCode ?? flight.arrival.countryCode ?? '',
    },
  };
}

/**
 * 'Vowa AI' is created by its first message; until then the list shows it anyway (id '', no
 * time), so a phone, where the list is its own screen, can open it.
 */
function withDefaultChat(conversations: Conversation[], name: string): Conversation[] {
  if (conversations.some((conversation) => conversation.type === 'ai')) return conversations;
  const defaultChat: Conversation = {
    id: '',
    name,
    type: 'ai',
    lastMessage: null,
    lastActivity: '',
    unreadCount: 0,
    destination: null,
    memberCount: 1,
    role: 'owner',
  };
  return [defaultChat, ...conversations];
}

/**
 * When the open conversation is no longer the person's (they left the group or were removed,
 * here or elsewhere), the screen goes back to the assistant chat.
 */
function useForgetGoneConversation(
  conversations: Conversation[] | undefined,
  activeId: string | undefined,
  opened: Conversation | null,
  forget: () => void,
) {
  const gone =
    !!conversations &&
    !!activeId &&
    opened?.id !== activeId &&
    !conversations.some((conversation) => conversation.id === activeId);
  useEffect(() => {
    if (gone) forget();
  }, [gone, forget]);
}

/**
 * The flight and hotel picked from result cards, whether 'Book Both?' is asking, the offer
 * whose details are open, and the offers changed through Modify.
 */
function useSelection() {
  const [flight, setFlight] = useState<Flight | null>(null);
  const [hotel, setHotel] = useState<Hotel | null>(null);
  const [prompting, setPrompting] = useState(false);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [edited, setEdited] = useState<Record<string, Flight | Hotel | undefined>>({});
  return {
    flight,
    hotel,
    prompting,
    viewing,
    edited,
    view: setViewing,
    /** Closes the dialog, or keeps it on a modified offer that its card then shows too. */
    change: (next: Viewing | null) => {
      if (next && next.kind !== 'experience') {
        const offer = next.kind === 'flight' ? next.flight : next.hotel;
        setEdited((current) => ({ ...current, [next.id]: offer }));
      }
      setViewing(next);
    },
    selectFlight: (chosen: Flight) => {
      setFlight(chosen);
      setPrompting(true);
    },
    selectHotel: (chosen: Hotel) => {
      setHotel(chosen);
      setPrompting(true);
    },
    closePrompt: () => setPrompting(false),
    clear: () => {
      setFlight(null);
      setHotel(null);
      setPrompting(false);
    },
  };
}
