import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound, Link2Off } from 'lucide-react';
import { resetPasswordFormSchema } from '@vowa/shared/auth/auth-schemas';
import { RESET_SUCCESS_REDIRECT_MS } from '@vowa/shared/app/timings';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';
import { resetPassword, validateResetToken } from './auth-api';
import type { GuardedState } from './require-auth';
import { AuthPageLayout } from '../../components/layout/auth-page-layout';

/** /reset-password?token=… (part 1 §2, §4): checking → invalid, or the new-password form. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  const validation = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  let content;
  if (token === '' || validation.isError || validation.data?.valid === false) {
    content = <InvalidLink />;
  } else if (validation.isPending) {
    content = (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-ink-muted">
        <Spinner className="size-5" />
        {t('reset.validating')}
      </div>
    );
  } else {
    content = <ResetForm token={token} />;
  }
  return <AuthPageLayout>{content}</AuthPageLayout>;
}

function InvalidLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-red-700 dark:text-red-300">
        <Link2Off aria-hidden="true" className="size-7" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{t('reset.invalidTitle')}</h1>
      <p className="mt-3 text-ink-muted">{t('reset.invalidText')}</p>
      <Button size="lg" className="mt-8 w-full" onClick={() => void navigate('/')}>
        {t('reset.backToLogin')}
      </Button>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // Part 1 §4: after a successful reset, go to / after 2 seconds ('Redirecting to login...'),
  // where the sign-in dialog opens for the new password.
  useEffect(() => {
    if (!done) return;
    const state: GuardedState = { signIn: true };
    const timer = window.setTimeout(() => void navigate('/', { state }), RESET_SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(token, values.newPassword);
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <>
      <div className="mb-5 flex size-12 items-center justify-center rounded-2xl bg-linear-to-br from-sky-500/15 to-violet-600/15 text-violet-700 dark:text-violet-300">
        <KeyRound aria-hidden="true" className="size-6" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{t('reset.title')}</h1>
      <p className="mt-1.5 text-sm text-ink-muted">{t('reset.subtitle')}</p>
      {done ? (
        <Banner tone="success" className="mt-6">
          {t('reset.success')}
        </Banner>
      ) : null}
      {failure ? (
        <Banner tone="error" className="mt-6">
          {failure}
        </Banner>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <PasswordInput
          label={t('reset.newPassword')}
          autoComplete="new-password"
          required
          error={translateValidation(errors.newPassword?.message)}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label={t('reset.confirmNewPassword')}
          autoComplete="new-password"
          required
          error={translateValidation(errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} disabled={done}>
          {t('reset.submit')}
        </Button>
      </form>
    </>
  );
}
