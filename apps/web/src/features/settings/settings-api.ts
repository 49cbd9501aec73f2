import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  userSettingsSchema,
  type UserSettings,
  type UserSettingsUpdate,
} from '@vowa/shared/settings/settings-schemas';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { settingsKeys } from '../../lib/settings-keys';

/** The signed-in user's settings (the spec defaults until changed). */
export function useUserSettings() {
  const { user, status } = useSession();
  return useQuery({
    queryKey: settingsKeys.mine(user?.id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('/user_management/settings', { signal, schema: userSettingsSchema }),
    enabled: status === 'signed-in' && !!user,
    staleTime: 5 * 60_000,
  });
}

/**
 * Saves any subset. What the settings change elsewhere is refetched at once: prices (the
 * currency), the budget settings (auto-booking is the same value) and the profile stats.
 */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (changes: UserSettingsUpdate) =>
      apiRequest('/user_management/settings', {
        method: 'PUT',
        body: changes,
        schema: userSettingsSchema,
      }),
    onSuccess: async (saved: UserSettings) => {
      queryClient.setQueryData(settingsKeys.mine(user?.id ?? ''), saved);
      await Promise.all(
        [['finance'], ['travel'], ['profile']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
