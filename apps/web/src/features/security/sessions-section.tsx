import { useId, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Laptop, LogOut, Smartphone } from 'lucide-react';
import type { SessionInfo } from '@vowa/shared/auth/security-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { describeUserAgent } from './user-agent';
import { fetchSessions, revokeOtherSessions, revokeSession, securityKeys } from './security-api';
import { Announcer, LoadFailed, type Notice, Section } from './security-parts';

export function SessionsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const deviceName = useDeviceName();
  const sessions = useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => fetchSessions(signal),
  });
  const [notice, setNotice] = useState<Notice>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [othersBusy, setOthersBusy] = useState(false);
  const listId = useId();

  async function signOut(session: SessionInfo) {
    setNotice(null);
    setBusyId(session.id);
    try {
      await revokeSession(session.id);
      setNotice({ tone: 'success', text: t('security.sessions.signedOut') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusyId(null);
    }
  }

  async function signOutOthers() {
    setNotice(null);
    setOthersBusy(true);
    try {
      await revokeOtherSessions();
      setNotice({ tone: 'success', text: t('security.sessions.signedOutOthers') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setOthersBusy(false);
    }
  }

  let body: ReactNode;
  if (sessions.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (sessions.isError) body = <LoadFailed onRetry={() => void sessions.refetch()} />;
  else {
    const others = sessions.data.filter((session) => !session.current).length;
    body = (
      <>
        <h3 id={listId} className="sr-only">
          {t('security.sessions.listLabel')}
        </h3>
        <ul aria-labelledby={listId} className="divide-y divide-line rounded-xl border border-line">
          {sessions.data.map((session) => {
            const name = deviceName(session);
            const { os } = describeUserAgent(session.user_agent);
            const Icon = os === 'iPhone' || os === 'Android' ? Smartphone : Laptop;
            return (
              <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Icon aria-hidden="true" className="size-5 text-ink-muted" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {name}
                    {session.current ? (
                      <Badge tone="success">{t('security.sessions.thisDevice')}</Badge>
                    ) : null}
                  </p>
                  <p className="text-xs text-ink-muted">
                    {session.ip_address
                      ? `${t('security.sessions.ip', { ip: session.ip_address })} · `
                      : null}
                    {t('security.sessions.lastActive', {
                      date: format.dateTime(session.last_used_at),
                    })}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('security.sessions.signOutLabel', { device: name })}
                    loading={busyId === session.id}
                    onClick={() => void signOut(session)}
                  >
                    {t('security.sessions.signOut')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {others > 0 ? (
          <Button variant="outline" loading={othersBusy} onClick={() => void signOutOthers()}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('security.sessions.signOutOthers')}
          </Button>
        ) : (
          <p className="text-sm text-ink-muted">{t('security.sessions.onlyThis')}</p>
        )}
      </>
    );
  }

  return (
    <Section title={t('security.sessions.title')} help={t('security.sessions.help')} icon={Laptop}>
      {body}
      <Announcer notice={notice} />
    </Section>
  );
}

/** "Chrome on macOS": the device of a sign-in, in plain words. */
function useDeviceName() {
  const { t } = useTranslation();
  return (session: SessionInfo) => {
    const { browser, os } = describeUserAgent(session.user_agent);
    if (!browser && !os) return t('security.sessions.unknownDevice');
    return t('security.sessions.device', {
      browser: browser ?? t('security.sessions.unknownBrowser'),
      os: os ?? t('security.sessions.unknownOs'),
    });
  };
}
