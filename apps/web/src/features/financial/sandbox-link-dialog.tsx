import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ChevronRight, FlaskConical, Landmark } from 'lucide-react';
import type { SandboxInstitution } from '@vowa/shared/finance/finance-schemas';
import { Badge } from '../../components/ui/badge';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../components/ui/button-variants';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { fetchSandboxInstitutions, sandboxLogin, sandboxPublicToken } from './finance-api';

type Account = Awaited<ReturnType<typeof sandboxLogin>>[number];

/**
 * Vowa's test bank, shaped like Plaid Link: choose an institution, sign in with the test
 * credentials, choose accounts. Ends with a public token (`onSuccess`) or nothing (`onExit`).
 */
export function SandboxLinkDialog({
  linkToken,
  onSuccess,
  onExit,
}: {
  linkToken: string;
  onSuccess: (publicToken: string) => void;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  const [institution, setInstitution] = useState<SandboxInstitution | null>(null);
  const [accounts, setAccounts] = useState<Account[] | null>(null);

  const back = () => {
    if (accounts) setAccounts(null);
    else setInstitution(null);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onExit();
      }}
      title={t('finance.sandbox.title')}
      description={t('finance.sandbox.description')}
      closeLabel={t('finance.close')}
      header={
        institution ? (
          <Button variant="ghost" size="sm" className="-ml-3" onClick={back}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('finance.sandbox.back')}
          </Button>
        ) : (
          <Badge tone="warning">
            <FlaskConical aria-hidden="true" className="size-3.5" />
            {t('finance.sandbox.badge')}
          </Badge>
        )
      }
    >
      {!institution ? (
        <InstitutionStep onChoose={setInstitution} onFailed={onExit} />
      ) : !accounts ? (
        <LoginStep linkToken={linkToken} institution={institution} onSignedIn={setAccounts} />
      ) : (
        <AccountsStep
          linkToken={linkToken}
          institution={institution}
          accounts={accounts}
          onSuccess={onSuccess}
        />
      )}
    </Dialog>
  );
}

function InstitutionLogo({ institution }: { institution: SandboxInstitution }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-xl text-white"
      style={{ backgroundColor: institution.color }}
    >
      <Landmark className="size-5" />
    </span>
  );
}

function InstitutionStep({
  onChoose,
  onFailed,
}: {
  onChoose: (institution: SandboxInstitution) => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const institutions = useQuery({
    queryKey: ['finance', 'sandbox-institutions'],
    queryFn: ({ signal }) => fetchSandboxInstitutions(signal),
    staleTime: Infinity,
    retry: false,
  });
  // The bank list is part of the link: without it the connection has failed.
  useEffect(() => {
    if (institutions.isError) onFailed();
  }, [institutions.isError, onFailed]);
  if (institutions.isError) return null;
  return (
    <section aria-labelledby="sandbox-choose">
      <h3 id="sandbox-choose" className="text-base font-semibold">
        {t('finance.sandbox.chooseTitle')}
      </h3>
      {institutions.isPending ? (
        <div role="status" className="mt-4 space-y-2">
          <span className="sr-only">{t('finance.sandbox.loadingInstitutions')}</span>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : (
        <ul aria-label={t('finance.sandbox.institutionsLabel')} className="mt-4 space-y-2">
          {institutions.data.map((institution) => (
            <li key={institution.institution_id}>
              <button
                type="button"
                onClick={() => onChoose(institution)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl border border-line bg-surface p-3 text-left text-sm font-semibold text-ink transition-colors hover:bg-raised',
                  focusRing,
                )}
              >
                <InstitutionLogo institution={institution} />
                <span className="flex-1">{institution.name}</span>
                <ChevronRight aria-hidden="true" className="size-4 text-ink-muted" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LoginStep({
  linkToken,
  institution,
  onSignedIn,
}: {
  linkToken: string;
  institution: SandboxInstitution;
  onSignedIn: (accounts: Account[]) => void;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: sandboxLogin, onSuccess: onSignedIn });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        login.mutate({
          link_token: linkToken,
          institution_id: institution.institution_id,
          username,
          password,
        });
      }}
    >
      <div className="flex items-center gap-3">
        <InstitutionLogo institution={institution} />
        <div>
          <h3 className="text-base font-semibold">
            {t('finance.sandbox.signInTitle', { name: institution.name })}
          </h3>
          <p className="text-sm text-ink-muted">{t('finance.sandbox.signInText')}</p>
        </div>
      </div>
      <Banner tone="info">
        {t('finance.sandbox.hint', {
          username: institution.test_username,
          password: institution.test_password,
        })}
      </Banner>
      {login.isError ? <Banner tone="error">{errorMessage(login.error)}</Banner> : null}
      <TextInput
        label={t('finance.sandbox.username')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <TextInput
        label={t('finance.sandbox.password')}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button
        type="submit"
        className="w-full"
        loading={login.isPending}
        disabled={!username || !password}
      >
        {t('finance.sandbox.signIn')}
      </Button>
    </form>
  );
}

function AccountsStep({
  linkToken,
  institution,
  accounts,
  onSuccess,
}: {
  linkToken: string;
  institution: SandboxInstitution;
  accounts: Account[];
  onSuccess: (publicToken: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => new Set(accounts.map((a) => a.account_id)));
  const publicToken = useMutation({ mutationFn: sandboxPublicToken, onSuccess });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        publicToken.mutate({
          link_token: linkToken,
          institution_id: institution.institution_id,
          account_ids: accounts.map((a) => a.account_id).filter((id) => chosen.has(id)),
        });
      }}
    >
      <div>
        <h3 className="text-base font-semibold">{t('finance.sandbox.accountsTitle')}</h3>
        <p className="text-sm text-ink-muted">{t('finance.sandbox.accountsText')}</p>
      </div>
      {publicToken.isError ? <Banner tone="error">{errorMessage(publicToken.error)}</Banner> : null}
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('finance.sandbox.accountsLabel')}</legend>
        {accounts.map((account) => (
          <Checkbox
            key={account.account_id}
            className="rounded-xl border border-line p-3"
            label={
              account.mask
                ? t('finance.sandbox.accountName', { name: account.name, mask: account.mask })
                : account.name
            }
            checked={chosen.has(account.account_id)}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(account.account_id);
              else next.delete(account.account_id);
              setChosen(next);
            }}
          />
        ))}
      </fieldset>
      <Button
        type="submit"
        className="w-full"
        loading={publicToken.isPending}
        disabled={chosen.size === 0}
      >
        {t('finance.sandbox.continue')}
      </Button>
    </form>
  );
}
