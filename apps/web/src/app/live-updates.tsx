import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  LIVE_TOPICS,
  REALTIME_PATH,
  RECENT_CHANGES_WINDOW_MS,
  type ClientToServerEvents,
  type LiveTopic,
  type ServerToClientEvents,
} from '@vowa/shared/realtime/live-events';
import type { Socket } from 'socket.io-client';
import { bookingKeys, paymentMethodKeys } from '../lib/booking-keys';
import { bucketKeys } from '../lib/bucket-keys';
import { renewAccessToken } from '../lib/api-client';
import { createLiveGroups, LiveGroupsContext } from '../lib/live-groups';
import { LiveLinkContext, type LiveLink } from '../lib/live-link';
import { useSession } from '../lib/session-context';
import { tokenStore } from '../lib/session-storage';
import { useFirstScreenSettled } from '../lib/use-first-screen-settled';
import { notificationKeys } from '../lib/notification-keys';
import { watchKeys } from '../lib/watch-keys';
import { settingsKeys } from '../lib/settings-keys';
import { travelKeys } from '../lib/travel-keys';
import { financeKeys } from '../lib/use-financial-status';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A link down for less than this (a server restart, a token renewal) is not worth a word. */
const RECONNECTING_AFTER_MS = 1500;
/** Handshakes refused in a row after which the link gives up until the next sign-in. */
const REFUSALS_BEFORE_GIVING_UP = 3;

/**
 * What each topic's change makes stale. Settings and budget feed the suggestions and deals,
 * and the settings screen shows the budget's auto-booking flag, so they refresh each other.
 */
const STALE_AFTER: Record<LiveTopic, readonly (readonly string[])[]> = {
  settings: [settingsKeys.all, financeKeys.all, travelKeys.all],
  finance: [financeKeys.all, settingsKeys.all, travelKeys.all],
  'bucket-lists': [bucketKeys.all],
  // The chat screen's queries are keyed under 'conversations' (features/chat).
  conversations: [['conversations']],
  // A booking made, finished or cancelled elsewhere: My Trips, the cards (one may have been
  // saved with it) and the profile's trip figures.
  bookings: [bookingKeys.all, paymentMethodKeys.all, ['profile'], watchKeys.all],
  // A new notification or a read mark: the bell and its list.
  notifications: [notificationKeys.all],
  // A watch made, paused, priced again or booked: the Watches screen, the modal's list.
  watches: [watchKeys.all],
};

/**
 * Marks what the topics make stale, each query key once: the topics overlap, and invalidating a
 * key twice cancels its first refetch and starts another, so every screen showing it would
 * read and render its data twice (a re-render storm right after the link comes up).
 */
function staleKeys(topics: readonly LiveTopic[]) {
  const keys = new Map<string, readonly string[]>();
  for (const topic of topics) {
    for (const queryKey of STALE_AFTER[topic] ?? []) keys.set(JSON.stringify(queryKey), queryKey);
  }
  return [...keys.values()];
}

function refreshTopics(queryClient: QueryClient, topics: readonly LiveTopic[]) {
  for (const queryKey of staleKeys(topics)) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The catch-up after the link comes up without replay. A screen's first read may still be on
 * its way (the suggestions take seconds to price); cancelling it would make the screen wait
 * for a second one, so a read in flight is left to finish and read again after it.
 */
function catchUp(queryClient: QueryClient) {
  for (const queryKey of staleKeys(LIVE_TOPICS)) {
    const inFlight = queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' });
    void queryClient.invalidateQueries({
      queryKey,
      predicate: (query) => query.state.fetchStatus !== 'fetching',
    });
    for (const query of inFlight) {
      void query.promise
        ?.catch(() => undefined)
        .then(() => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }));
    }
  }
}

/**
 * How long ago this page started, for its first connection's handshake: every read the page
 * made is younger, so the server's replay of what changed since replaces a catch-up that would
 * read the whole screen a second time. Undefined when the page is older than the server keeps.
 */
function pageAgeForReplay(): number | undefined {
  const age = Math.ceil(performance.now());
  return age < RECENT_CHANGES_WINDOW_MS ? age : undefined;
}

/**
 * The live link: one Socket.IO connection per signed-in tab, opened after sign-in and closed at
 * sign-out. What the person changes in another tab or device arrives as a topic and the screens
 * showing it read it again. The connection reconnects by itself; when the server closes or
 * refuses it (the token expired, the sign-in ended), the token is renewed first, and a sign-in
 * that has ended signs this tab out as any refused request would.
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? user?.id : undefined;
  // The link opens once the first screen has settled; the replay covers the wait.
  const screenSettled = useFirstScreenSettled();
  const [link, setLink] = useState<LiveLink>('off');
  // Group chats' events go to the chat screen through a hub; typing goes out on the socket.
  const [groups] = useState(createLiveGroups);

  useEffect(() => {
    if (!userId || !screenSettled) return;
    let socket: LiveSocket | undefined;
    let closed = false;
    let refusals = 0;
    let connectedBefore = false;
    // Fixed when the link is first asked for, so every handshake until one succeeds names it.
    const replayFrom = pageAgeForReplay();
    let downTimer: ReturnType<typeof setTimeout> | undefined;
    const linkDown = () => {
      downTimer ??= setTimeout(() => setLink('reconnecting'), RECONNECTING_AFTER_MS);
    };
    const renewAndReconnect = async (live: LiveSocket) => {
      refusals += 1;
      // Signed out in this tab, or signing out: nothing to renew.
      if (closed || !tokenStore.get() || tokenStore.ending) return;
      if (refusals > REFUSALS_BEFORE_GIVING_UP) return;
      await renewAccessToken().then(
        () => !closed && live.connect(),
        () => undefined,
      );
    };
    const sendFreshToken = () => {
      const token = tokenStore.get();
      if (token && socket?.connected) socket.emit('authenticate', token, () => undefined);
    };
    const stopWatchingToken = tokenStore.subscribe(sendFreshToken);

    // Loaded when needed: guests never download the client.
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const live: LiveSocket = io({
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: (send) =>
          send({
            token: tokenStore.get() ?? '',
            ...(connectedBefore ? {} : { changedWithinMs: replayFrom }),
          }),
      });
      socket = live;
      groups.attach((conversationId) => {
        if (live.connected) live.emit('group_typing', conversationId);
      });
      live.on('connect', () => {
        clearTimeout(downTimer);
        downTimer = undefined;
        refusals = 0;
        setLink('connected');
        // The server told a first connection what changed since the page started.
        const replayed = !connectedBefore && replayFrom !== undefined;
        connectedBefore = true;
        // Back after a gap it could not replay: anything may have changed meanwhile. Group
        // messages go to rooms, not topics: the open group reads what it missed either way.
        if (!live.recovered) {
          if (!replayed) catchUp(queryClient);
          groups.emit({ type: 'reconnected' });
        }
      });
      live.on('disconnect', (reason) => {
        if (closed) return;
        linkDown();
        if (reason === 'io server disconnect') void renewAndReconnect(live);
      });
      live.on('connect_error', () => {
        linkDown();
        // Not retried by the client when the server refused the handshake.
        if (!live.active) void renewAndReconnect(live);
      });
      live.on('changed', (topic) => refreshTopics(queryClient, [topic]));
      // A group message also changes the list (last message, unread): the server sends it once,
      // to the group's room, rather than a second event to every member.
      live.on('group_message', (event) => {
        groups.emit({ type: 'message', ...event });
        refreshTopics(queryClient, ['conversations']);
      });
      live.on('group_typing', (event) => groups.emit({ type: 'typing', ...event }));
      live.on('group_assistant', (event) => groups.emit({ type: 'assistant', ...event }));
      live.on('group_changed', (event) => groups.emit({ type: 'changed', ...event }));
    });

    return () => {
      closed = true;
      clearTimeout(downTimer);
      stopWatchingToken();
      socket?.disconnect();
      groups.attach(undefined);
      setLink('off');
    };
  }, [userId, screenSettled, queryClient, groups]);

  return (
    <LiveLinkContext.Provider value={link}>
      <LiveGroupsContext.Provider value={groups}>{children}</LiveGroupsContext.Provider>
    </LiveLinkContext.Provider>
  );
}
