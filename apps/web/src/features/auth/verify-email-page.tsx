import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { verifyEmail } from './auth-api';
import { EmailLinkPage } from '../../components/layout/email-link-page';
import { currentUserQueryKey } from '../../lib/session-context';

/** /verify-email?token=…: confirms the address once, then offers a way on. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <EmailLinkPage
      name="verify-email"
      continueTo="/"
      follow={async (token) => {
        const result = await verifyEmail(token);
        // The signed-in user's email_verified flag just changed.
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        return result;
      }}
      texts={{
        title: t('verify.title'),
        checking: t('verify.verifying'),
        success: t('verify.success'),
        failedTitle: t('verify.failedTitle'),
        missingToken: t('verify.missingToken'),
        continueLabel: t('verify.continue'),
        backHome: t('verify.backHome'),
      }}
    />
  );
}
