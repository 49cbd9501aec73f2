import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, switchLanguage } from '../../lib/i18n';
import { useAccountSettings } from '../../lib/use-format';

/**
 * Puts the signed-in user's saved settings into effect on every device they sign in on: the
 * interface language follows the Language setting (currency and time zone are read where
 * amounts and dates are formatted, through `useFormat`). Renders nothing.
 */
export function ApplyUserSettings() {
  const { i18n } = useTranslation();
  const { language } = useAccountSettings();
  useEffect(() => {
    if (isLanguage(language) && language !== i18n.language) void switchLanguage(language);
  }, [language, i18n]);
  return null;
}
