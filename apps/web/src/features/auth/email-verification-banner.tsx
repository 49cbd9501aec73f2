import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { resendVerification } from './auth-api';
import { useSession } from '../../lib/session-context';

/** Reminds a signed-in user with an unverified address, with a way to resend the link. */
export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!user || user.email_verified) return null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <Banner
        tone="info"
        action={
          resend.isSuccess ? null : (
            <Button
              size="sm"
              variant="outline"
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t('verifyBanner.resend')}
            </Button>
          )
        }
      >
        <p>{t('verifyBanner.text', { email: user.email })}</p>
        {resend.isSuccess ? <p className="mt-1 font-semibold">{t('verifyBanner.sent')}</p> : null}
        {resend.isError ? (
          <p className="mt-1 font-semibold text-red-700 dark:text-red-300">
            {errorMessage(resend.error)}
          </p>
        ) : null}
      </Banner>
    </div>
  );
}
