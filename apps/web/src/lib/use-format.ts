import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsTimezones } from '@vowa/shared/settings/settings-constants';
import { DEFAULT_DISPLAY_CURRENCY, displayCurrencies } from '@vowa/shared/travel/travel-constants';
import { apiRequest } from './api-client';
import { createFormatter, type Formatter } from './format';
import { useSession } from './session-context';
import { settingsKeys } from './settings-keys';

const includes = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

/**
 * The signed-in user's saved account settings, read from the same query as the Settings
 * screen. The shell uses it, so the answer gets a light check here rather than zod.
 */
export function useAccountSettings() {
  const { user, status } = useSession();
  const settings = useQuery({
    queryKey: settingsKeys.mine(user?.id ?? ''),
    queryFn: ({ signal }) => apiRequest('/user_management/settings', { signal }),
    enabled: status === 'signed-in' && !!user,
    staleTime: 5 * 60_000,
  });
  const account = (settings.data as { account?: Record<string, unknown> } | undefined)?.account;
  return {
    language: account?.language,
    currency: includes(displayCurrencies, account?.currency) ? account.currency : undefined,
    timeZone: includes(settingsTimezones, account?.timezone) ? account.timezone : undefined,
  };
}

/**
 * Money, dates and times as this reader wants them: their language, their currency and their
 * time zone (Settings). Guests get the browser's zone and the default currency.
 */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const { currency, timeZone } = useAccountSettings();
  return useMemo(
    () =>
      createFormatter({
        locale: i18n.language,
        currency: currency ?? DEFAULT_DISPLAY_CURRENCY,
        timeZone,
      }),
    [i18n.language, currency, timeZone],
  );
}
