import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { AuthPageLayout } from './auth-page-layout';

export type EmailLinkTexts = {
  title: string;
  checking: string;
  success: string;
  failedTitle: string;
  missingToken: string;
  continueLabel: string;
  backHome: string;
};

/**
 * A page a mailed link opens (`?token=…`): sends the single-use token once, then says how it
 * went and offers a way on. Verifying an address and confirming a new one both use it.
 */
export function EmailLinkPage({
  name,
  follow,
  continueTo,
  texts,
}: {
  /** Names the query, so each kind of link is followed once per token. */
  name: string;
  follow: (token: string) => Promise<unknown>;
  continueTo: string;
  texts: EmailLinkTexts;
}) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  // A query (not an effect) so the single-use token is sent exactly once, even in StrictMode.
  const result = useQuery({
    queryKey: [name, token],
    queryFn: async () => (await follow(token)) ?? null,
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  let body;
  if (token !== '' && result.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-3 py-6 text-ink-muted">
        <Spinner className="size-5" />
        {texts.checking}
      </div>
    );
  } else if (result.isSuccess) {
    body = (
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-emerald-500/10 text-emerald-700 dark:text-emerald-300">
          <MailCheck aria-hidden="true" className="size-7" />
        </div>
        <p role="status" className="text-lg font-medium">
          {texts.success}
        </p>
        <Button asChild size="lg" className="mt-8 w-full">
          <Link to={continueTo}>{texts.continueLabel}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/10 text-red-700 dark:text-red-300">
          <MailX aria-hidden="true" className="size-7" />
        </div>
        <p className="font-semibold">{texts.failedTitle}</p>
        <p role="alert" className="mt-2 text-ink-muted">
          {token === '' ? texts.missingToken : errorMessage(result.error)}
        </p>
        <Button asChild size="lg" variant="outline" className="mt-8 w-full">
          <Link to="/">{texts.backHome}</Link>
        </Button>
      </div>
    );
  }

  return (
    <AuthPageLayout>
      <h1 className="mb-6 text-center text-2xl font-bold tracking-tight">{texts.title}</h1>
      {body}
    </AuthPageLayout>
  );
}
