import { useTranslation } from 'react-i18next';
import { EmailLinkPage } from '../../components/layout/email-link-page';
import { confirmEmail, useAfterEmailConfirmed } from './profile-api';

/** /confirm-email?token=…: follows the link mailed to a new address, once. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const afterConfirmed = useAfterEmailConfirmed();
  return (
    <EmailLinkPage
      name="confirm-email"
      continueTo="/profile"
      follow={async (token) => {
        const result = await confirmEmail(token);
        // The signed-in user's email (header, profile) just changed.
        await afterConfirmed();
        return result;
      }}
      texts={{
        title: t('confirmEmail.title'),
        checking: t('confirmEmail.checking'),
        success: t('confirmEmail.success'),
        failedTitle: t('confirmEmail.failedTitle'),
        missingToken: t('confirmEmail.missingToken'),
        continueLabel: t('confirmEmail.toProfile'),
        backHome: t('confirmEmail.backHome'),
      }}
    />
  );
}
