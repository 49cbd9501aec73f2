import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { settingsKeys } from '../../lib/settings-keys';
import { keepPushSubscribed, usePushState } from '../../lib/web-push';

/**
 * Keeps this browser subscribed for the signed-in person while their account's
 * `pushNotifications` is on and the browser already allows Vowa's notifications (a new sign-in
 * after another person used the browser, a subscription the push service dropped). It never
 * asks for permission: only the Settings switch does, on a click.
 */
export function usePushUpkeep() {
  const { user } = useSession();
  const { remember } = usePushState();
  // The same query (key and read) as the Settings screen and the formatter.
  const settings = useQuery({
    queryKey: settingsKeys.mine(user?.id ?? ''),
    queryFn: ({ signal }) => apiRequest('/user_management/settings', { signal }),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
  const wantsPush =
    (settings.data as { notifications?: { pushNotifications?: unknown } } | undefined)
      ?.notifications?.pushNotifications === true;
  const userId = user?.id;

  useEffect(() => {
    if (!userId || !wantsPush) return;
    // Once per person and page load (and when the switch is saved on), not per render.
    keepPushSubscribed().then(remember, () => undefined);
  }, [userId, wantsPush, remember]);
}
