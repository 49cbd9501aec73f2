import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { resendVerification } from './auth-api';
import { useSession } from '../../lib/session-context';

const HIDDEN_KEY = 'vowa.verifyBannerHiddenFor';

/** Whether the person put the reminder off for this visit (it comes back in a new tab). */
function hiddenThisVisit(userId: string): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * Reminds a signed-in user with an unverified address, with a way to resend the link, and lets
 * them put it off for the visit: on a phone it would otherwise take a third of every screen.
 */
export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const resend = useMutation({ mutationFn: resendVerification });
  const [hidden, setHidden] = useState(() => (user ? hiddenThisVisit(user.id) : false));
  if (!user || user.email_verified || hidden || hiddenThisVisit(user.id)) return null;

  const putOff = () => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, user.id);
    } catch {
      // Storage refused: hidden until the next page load.
    }
    setHidden(true);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-3 sm:px-6 sm:pt-4">
      <Banner
        tone="info"
        className="py-2 text-xs sm:py-3 sm:text-sm"
        action={
          <div className="flex flex-col gap-1 sm:flex-row sm:gap-2">
            {resend.isSuccess ? null : (
              <Button
                size="sm"
                variant="outline"
                loading={resend.isPending}
                onClick={() => resend.mutate()}
              >
                {t('verifyBanner.resend')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={putOff}>
              {t('verifyBanner.later')}
            </Button>
          </div>
        }
      >
        <p className="break-words">{t('verifyBanner.text', { email: user.email })}</p>
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
