import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Fingerprint } from 'lucide-react';
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  registerFormSchema,
  type SignInMode,
} from '@vowa/shared/auth/auth-schemas';
import { FORGOT_PASSWORD_RETURN_MS } from '@vowa/shared/app/timings';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Dialog } from '../../components/ui/dialog';
import { TextInput } from '../../components/ui/text-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { translateValidation } from '../../lib/i18n';
import { cn } from '../../lib/cn';
import { forgotPassword, login, loginWithCode, loginWithPasskey, register } from './auth-api';
import { passkeysSupported } from '../../lib/passkeys-supported';
import { useSession } from '../../lib/session-context';

type Notice = { tone: 'error' | 'success'; text: string } | null;

interface ModeFormProps {
  onNotice: (notice: Notice) => void;
}

const linkButton = cn(
  'rounded-md font-semibold text-sky-700 underline-offset-4 hover:underline dark:text-sky-300',
  focusRing,
);

/**
 * The sign-in dialog (part 1 §2, §4): login, register and forgot-password modes. Each mode is
 * its own form component, so switching modes starts from a clean form.
 */
export function SignInDialog({
  open,
  onOpenChange,
  initialMode = 'login',
  showSocialLogin = false,
  onSignedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMode?: SignInMode;
  /** Google/Facebook buttons stay hidden until an OAuth provider is configured. */
  showSocialLogin?: boolean;
  /** Replaces the default "close and go to /profile" after a successful login. */
  onSignedIn?: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [notice, setNotice] = useState<Notice>(null);
  const [resetSent, setResetSent] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  /** Set when the password was right and the account asks for a code (two-factor sign-in). */
  const [challenge, setChallenge] = useState<string | null>(null);
  /** The address just registered: the sign-in form that follows starts with it. */
  const [registeredEmail, setRegisteredEmail] = useState('');

  function switchMode(next: SignInMode, nextNotice: Notice = null) {
    setMode(next);
    setNotice(nextNotice);
    setResetSent(false);
    setChallenge(null);
    setRegisteredEmail('');
  }

  async function finishSignIn() {
    if (onSignedIn) return onSignedIn();
    onOpenChange(false);
    await navigate('/profile');
  }

  // After the reset email goes out, return to login on our own (part 1 §9: 3000 ms).
  useEffect(() => {
    if (!resetSent) return;
    const timer = window.setTimeout(() => {
      setMode('login');
      setNotice(null);
      setResetSent(false);
    }, FORGOT_PASSWORD_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [resetSent]);

  async function handleLogout() {
    setLoggingOut(true);
    try {
      await session.signOut();
    } finally {
      setLoggingOut(false);
      onOpenChange(false);
    }
  }

  const titles = {
    login: t('auth.loginTitle'),
    register: t('auth.registerTitle'),
    'forgot-password': t('auth.forgotTitle'),
  } as const;

  const codeStep = mode === 'login' && challenge !== null;
  const description = codeStep
    ? t('auth.twoFactorHelp')
    : mode === 'forgot-password'
      ? t('auth.forgotHelp')
      : t('auth.welcomeLine');

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={codeStep ? t('auth.twoFactorTitle') : titles[mode]}
      description={description}
      closeLabel={t('auth.close')}
      header={
        mode === 'forgot-password' || codeStep ? (
          <button
            type="button"
            aria-label={t('auth.backToSignIn')}
            onClick={() => switchMode('login')}
            className={cn(
              '-ml-2 inline-flex size-10 items-center justify-center rounded-xl text-ink-muted hover:bg-raised hover:text-ink',
              focusRing,
            )}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </button>
        ) : null
      }
    >
      {notice ? (
        <Banner tone={notice.tone} className="mb-5">
          {notice.text}
        </Banner>
      ) : null}

      {codeStep ? (
        <TwoFactorForm
          key={challenge}
          challengeToken={challenge}
          onNotice={setNotice}
          onSignedIn={finishSignIn}
        />
      ) : null}
      {mode === 'login' && !codeStep ? (
        <LoginForm
          key="login"
          initialEmail={registeredEmail}
          onNotice={setNotice}
          onSignedIn={finishSignIn}
          onChallenge={(token) => {
            setNotice(null);
            setChallenge(token);
          }}
          onForgot={() => switchMode('forgot-password')}
        />
      ) : null}
      {mode === 'login' && !codeStep && passkeysSupported() ? (
        <PasskeyButton
          onNotice={setNotice}
          onSignedIn={finishSignIn}
          onChallenge={(token) => {
            setNotice(null);
            setChallenge(token);
          }}
        />
      ) : null}
      {mode === 'register' ? (
        <RegisterForm
          key="register"
          onNotice={setNotice}
          onRegistered={(message, email) => {
            switchMode('login', {
              tone: 'success',
              text: message || t('auth.registerSuccess'),
            });
            setRegisteredEmail(email);
          }}
        />
      ) : null}
      {mode === 'forgot-password' ? (
        <ForgotPasswordForm
          key="forgot"
          onNotice={setNotice}
          onSent={() => {
            setNotice({ tone: 'success', text: t('auth.forgotSuccess') });
            setResetSent(true);
          }}
        />
      ) : null}

      {mode !== 'forgot-password' && showSocialLogin ? <SocialButtons /> : null}

      {mode === 'login' && !codeStep ? (
        <p className="mt-6 text-center text-sm text-ink-muted">
          {t('auth.noAccount')}{' '}
          <button type="button" className={linkButton} onClick={() => switchMode('register')}>
            {t('auth.signUp')}
          </button>
        </p>
      ) : null}
      {mode === 'register' ? (
        <p className="mt-6 text-center text-sm text-ink-muted">
          {t('auth.haveAccount')}{' '}
          <button type="button" className={linkButton} onClick={() => switchMode('login')}>
            {t('auth.signIn')}
          </button>
        </p>
      ) : null}

      {mode === 'login' && !codeStep && session.token ? (
        <Button
          variant="outline"
          className="mt-4 w-full"
          loading={loggingOut}
          loadingText={t('auth.loggingOut')}
          onClick={() => void handleLogout()}
        >
          {t('auth.logout')}
        </Button>
      ) : null}
    </Dialog>
  );
}

function LoginForm({
  initialEmail,
  onNotice,
  onSignedIn,
  onChallenge,
  onForgot,
}: ModeFormProps & {
  initialEmail: string;
  onSignedIn: () => Promise<void>;
  onChallenge: (challengeToken: string) => void;
  onForgot: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: initialEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    onNotice(null);
    try {
      const result = await login(values);
      if ('two_factor_required' in result) {
        onChallenge(result.challenge_token);
        return;
      }
      await session.signIn(result.access_token);
      await onSignedIn();
    } catch (error) {
      onNotice({ tone: 'error', text: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <EmailInput error={errors.email?.message} {...form.register('email')} />
      <TextInput
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        error={translateValidation(errors.password?.message)}
        {...form.register('password')}
      />
      <div className="flex justify-end">
        <button type="button" className={cn(linkButton, 'text-sm')} onClick={onForgot}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {t('auth.signIn')}
      </Button>
    </form>
  );
}

/**
 * The second step of a sign-in with two-factor authentication: a code from the authenticator
 * app, or one of the recovery codes.
 */
function TwoFactorForm({
  challengeToken,
  onNotice,
  onSignedIn,
}: ModeFormProps & { challengeToken: string; onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const session = useSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [recovery]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    onNotice(null);
    const value = code.replace(/[\s-]/g, '');
    if (!value) return setError(t('auth.codeRequired'));
    if (!recovery && !/^\d{6}$/.test(value)) return setError(t('auth.codeFormat'));
    setError(undefined);
    setBusy(true);
    try {
      const result = await loginWithCode(challengeToken, code.trim());
      if ('two_factor_required' in result) throw new Error('unexpected second challenge');
      await session.signIn(result.access_token);
      await onSignedIn();
    } catch (caught) {
      onNotice({ tone: 'error', text: errorMessage(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextInput
        ref={inputRef}
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? t('auth.recoveryCode') : t('auth.authCode')}
        hint={recovery ? t('auth.recoveryHelp') : undefined}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 32 : 7}
        required
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex justify-end">
        <button
          type="button"
          className={cn(linkButton, 'text-sm')}
          onClick={() => {
            setRecovery((current) => !current);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? t('auth.useAuthenticator') : t('auth.useRecoveryCode')}
        </button>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {t('auth.verify')}
      </Button>
    </form>
  );
}

/** "Sign in with a passkey": shown only where the browser has WebAuthn. */
function PasskeyButton({
  onNotice,
  onSignedIn,
  onChallenge,
}: ModeFormProps & {
  onSignedIn: () => Promise<void>;
  onChallenge: (challengeToken: string) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState(false);

  async function signInWithPasskey() {
    onNotice(null);
    setBusy(true);
    try {
      const result = await loginWithPasskey();
      if ('two_factor_required' in result) {
        onChallenge(result.challenge_token);
        return;
      }
      await session.signIn(result.access_token);
      await onSignedIn();
    } catch (error) {
      const cancelled =
        error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      // The server's refusals have their own words; the browser's (no usable passkey, not a
      // secure page) say what the person can do instead of 'Something went wrong'.
      onNotice({
        tone: 'error',
        text: cancelled
          ? t('auth.passkeyCancelled')
          : error instanceof ApiError
            ? errorMessage(error)
            : t('auth.passkeyFailed'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4">
      <div className="flex items-center gap-3 text-xs text-ink-muted">
        <span className="h-px flex-1 bg-line" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button
        variant="outline"
        size="lg"
        className="mt-4 w-full"
        loading={busy}
        onClick={() => void signInWithPasskey()}
      >
        <Fingerprint aria-hidden="true" className="size-4" />
        {t('auth.passkeySignIn')}
      </Button>
    </div>
  );
}

function RegisterForm({
  onNotice,
  onRegistered,
}: ModeFormProps & { onRegistered: (message: string, email: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    onNotice(null);
    try {
      const result = await register({
        name: values.name,
        email: values.email,
        password: values.password,
      });
      onRegistered(result.message, values.email);
    } catch (error) {
      onNotice({ tone: 'error', text: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextInput
        label={t('auth.fullName')}
        autoComplete="name"
        required
        error={translateValidation(errors.name?.message)}
        {...form.register('name')}
      />
      <EmailInput error={errors.email?.message} {...form.register('email')} />
      <TextInput
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        required
        error={translateValidation(errors.password?.message)}
        {...form.register('password')}
      />
      <TextInput
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={translateValidation(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {t('auth.createAccount')}
      </Button>
    </form>
  );
}

function ForgotPasswordForm({ onNotice, onSent }: ModeFormProps & { onSent: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    onNotice(null);
    try {
      await forgotPassword(values.email);
      onSent();
    } catch (error) {
      onNotice({ tone: 'error', text: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <EmailInput error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {t('auth.sendResetLink')}
      </Button>
    </form>
  );
}

/** The same email field in all three modes. */
function EmailInput({ error, ...field }: { error: string | undefined } & UseFormRegisterReturn) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      type="email"
      autoComplete="email"
      placeholder={t('auth.emailPlaceholder')}
      required
      error={translateValidation(error)}
      {...field}
    />
  );
}

function SocialButtons() {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-ink-muted">
        <span className="h-px flex-1 bg-line" />
        {t('auth.orContinueWith')}
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="outline">{t('auth.google')}</Button>
        <Button variant="outline">{t('auth.facebook')}</Button>
      </div>
    </div>
  );
}
