import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { languages } from '@vowa/shared/settings/settings-constants';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../auth/session-context';
import { settingsKeys } from './settings-keys';

/**
 * Puts the signed-in user's saved settings into effect on every device they sign in on: the
 * interface language follows the Language setting. Renders nothing. It lives in the shell, so
 * it reads the answer with a light check rather than pulling zod into the entry chunk.
 */
export function ApplyUserSettings() {
  const { i18n } = useTranslation();
  const { user, status } = useSession();
  const settings = useQuery({
    queryKey: settingsKeys.mine(user?.id ?? ''),
    queryFn: ({ signal }) => apiRequest('/user_management/settings', { signal }),
    enabled: status === 'signed-in' && !!user,
    staleTime: 5 * 60_000,
  });
  const language = (settings.data as { account?: { language?: unknown } } | undefined)?.account
    ?.language;
  useEffect(() => {
    if (typeof language !== 'string' || !(languages as readonly string[]).includes(language))
      return;
    if (language !== i18n.language) void i18n.changeLanguage(language);
  }, [language, i18n]);
  return null;
}
