import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailCheck, MailX } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { verifyEmail } from './auth-api';
import { AuthPageLayout } from './auth-page-layout';
import { currentUserQueryKey } from './session-context';

/** /verify-email?token=…: confirms the address once, then offers a way on. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();

  // A query (not an effect) so the single-use token is sent exactly once, even in StrictMode.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const result = await verifyEmail(token);
      // The signed-in user's email_verified flag just changed.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return result;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  let body;
  if (token !== '' && verification.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-ink-muted">
        <Spinner className="size-5" />
        {t('verify.verifying')}
      </div>
    );
  } else if (verification.isSuccess) {
    body = (
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-emerald-500/10 text-emerald-700 dark:text-emerald-300">
          <MailCheck aria-hidden="true" className="size-7" />
        </div>
        <p role="status" className="text-lg font-medium">
          {t('verify.success')}
        </p>
        <Button asChild size="lg" className="mt-8 w-full">
          <Link to="/">{t('verify.continue')}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-red-700 dark:text-red-300">
          <MailX aria-hidden="true" className="size-7" />
        </div>
        <p className="font-semibold">{t('verify.failedTitle')}</p>
        <p role="alert" className="mt-2 text-ink-muted">
          {token === '' ? t('verify.missingToken') : errorMessage(verification.error)}
        </p>
        <Button asChild size="lg" variant="outline" className="mt-8 w-full">
          <Link to="/">{t('verify.backHome')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <AuthPageLayout>
      <h1 className="mb-6 text-center text-2xl font-bold tracking-tight">{t('verify.title')}</h1>
      {body}
    </AuthPageLayout>
  );
}
