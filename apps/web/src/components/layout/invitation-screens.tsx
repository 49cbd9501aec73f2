import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MailOpen, MailX } from 'lucide-react';
import { useSignInDialog } from '../../lib/sign-in-dialog-context';
import { useStartupDone } from '../../lib/startup-context';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { AuthPageLayout } from './auth-page-layout';

/**
 * The screens of a mailed invitation link (a shared bucket list, a group): opening it, a link
 * that no longer works, and a guest asked to sign in first. Each feature brings its own words.
 */
export function InvitationOpening({ label }: { label: string }) {
  return (
    <AuthPageLayout>
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-ink-muted">
        <Spinner className="size-5" />
        {label}
      </div>
    </AuthPageLayout>
  );
}

export function InvitationInvalid({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action: { to: string; label: string };
}) {
  return (
    <AuthPageLayout>
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-red-700 dark:text-red-300">
          <MailX aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {text && <p className="mt-2 text-ink-muted">{text}</p>}
        <Button asChild className="mt-6">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      </div>
    </AuthPageLayout>
  );
}

/**
 * Opens the sign-in dialog once the loading screen has gone (opening under it would steal focus
 * and hide Skip Loading from assistive tech), with a button to open it again. Signing in
 * re-renders the page as signed in, which opens the invitation.
 */
export function InvitationSignIn({
  title,
  text,
  button,
}: {
  title: string;
  text: ReactNode;
  button: string;
}) {
  const { openSignIn } = useSignInDialog();
  const startupDone = useStartupDone();
  const opened = useRef(false);
  useEffect(() => {
    if (!startupDone || opened.current) return;
    opened.current = true;
    openSignIn('login', { stay: true });
  }, [startupDone, openSignIn]);
  return (
    <AuthPageLayout>
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-violet-500/10 text-violet-700 dark:text-violet-300">
          <MailOpen aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-ink-muted">{text}</p>
        <Button className="mt-6" onClick={() => openSignIn('login', { stay: true })}>
          {button}
        </Button>
      </div>
    </AuthPageLayout>
  );
}
