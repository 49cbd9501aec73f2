import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Check, Copy, UserPlus } from 'lucide-react';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import {
  checkInviteInput,
  countryCodeOptions,
  DEFAULT_COUNTRY_CODE,
  INVITE_COPIED_MS,
  inviteModeOf,
  type CountryCodeId,
} from '@vowa/shared/groups/group-invite-rules';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { controlClasses, describedBy } from '../../components/ui/field-classes';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { createInviteCode, useSendInvite } from './invite-api';

/**
 * The group header's Invite button (part 2 §2: only inside groups). Renders nothing for other
 * conversations, so the header can always include it.
 */
export function InviteButton({ conversation }: { conversation: Conversation | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (conversation?.type !== 'group') return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('groupInvites.inviteLabel')}
      >
        <UserPlus aria-hidden className="size-4" />
        <span className="hidden sm:inline">{t('groupInvites.invite')}</span>
      </Button>
      <InviteDialog conversationId={conversation.id} open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * Invite to Group (part 2 §2, §5, §8, §9): one email-or-phone field with the country code in
 * phone mode, a read-only invite code made afresh each time the dialog opens with a copy
 * button, Cancel and Send Invite.
 */
export function InviteDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('groupInvites.title')}
      description={t('groupInvites.description')}
      closeLabel={t('groupInvites.close')}
      fitOnPhones
    >
      {/* Mounted only while open: each opening asks for a new code and starts empty. */}
      {open ? (
        <InviteForm conversationId={conversationId} onCancel={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

function InviteForm({
  conversationId,
  onCancel,
}: {
  conversationId: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [country, setCountry] = useState<CountryCodeId>(DEFAULT_COUNTRY_CODE);
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = useSendInvite();

  const phoneMode = text.trim() !== '' && inviteModeOf(text) === 'phone';
  const dialCode =
    countryCodeOptions.find((option) => option.id === country)?.dialCode ??
    countryCodeOptions[0].dialCode;
  const check = checkInviteInput(text, dialCode);
  // The rule's text shows once a send was tried, and follows the typing from then on.
  const error = tried && text.trim() && !check.ok ? t(`validation.${check.code}`) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || send.isPending) return;
    setTried(true);
    setOutcome(null);
    if (!check.ok) return;
    send.mutate(
      { type: check.type, value: check.value, chat_id: conversationId },
      {
        onSuccess: () => {
          setOutcome({ tone: 'success', text: t('groupInvites.sent') });
          setText('');
          setTried(false);
        },
        onError: (failure) =>
          setOutcome({
            tone: 'error',
            text: t('groupInvites.failed', { message: errorMessage(failure) }),
          }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="space-y-1.5">
        <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
          {t('groupInvites.contact')}
        </label>
        <div className="flex gap-2">
          {phoneMode ? (
            <Select
              label={t('groupInvites.countryCode')}
              hideLabel
              className="w-32 shrink-0"
              value={country}
              onChange={(event) => setCountry(event.target.value as CountryCodeId)}
              options={countryCodeOptions.map((option) => ({
                value: option.id,
                label: option.label,
              }))}
            />
          ) : null}
          <input
            id={fieldId}
            type="text"
            inputMode={phoneMode ? 'tel' : 'email'}
            autoComplete="off"
            value={text}
            maxLength={320}
            placeholder={t('groupInvites.contactPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId, error)}
            onChange={(event) => {
              setText(event.target.value);
              setOutcome(null);
            }}
            className={cn(
              controlClasses,
              'h-11 min-w-0 flex-1',
              error ? 'border-red-600 dark:border-red-400' : 'border-line',
            )}
          />
        </div>
        {error ? (
          <p id={`${fieldId}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>

      <InviteCodeField conversationId={conversationId} />

      {outcome ? <Banner tone={outcome.tone}>{outcome.text}</Banner> : null}

      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('groupInvites.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={!text.trim()}
          loading={send.isPending}
          loadingText={t('groupInvites.sending')}
        >
          {t('groupInvites.send')}
        </Button>
      </div>
    </form>
  );
}

/** The read-only code with its copy button; 'Copied!' for 2 seconds (part 2 §9). */
function InviteCodeField({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  // A new code for each opening: the key is this mounting's own (React gives each mounting a
  // new id), and a query (not an effect) asks once even in StrictMode.
  const opening = useId();
  const code = useQuery({
    queryKey: ['invite-code', conversationId, opening],
    queryFn: ({ signal }) => createInviteCode(conversationId, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    const value = code.data?.code;
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard (permission, an old browser): the code is selected for copying by hand.
      input.current?.select();
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), INVITE_COPIED_MS);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
        {t('groupInvites.code')}
      </label>
      {code.isError ? (
        <Banner tone="error">{t('groupInvites.codeFailed')}</Banner>
      ) : (
        <div className="flex gap-2">
          {code.data ? (
            <input
              ref={input}
              id={fieldId}
              readOnly
              value={code.data.code}
              aria-describedby={`${fieldId}-hint`}
              onFocus={(event) => event.currentTarget.select()}
              className={cn(
                controlClasses,
                'h-11 min-w-0 flex-1 border-line font-mono text-lg tracking-[0.3em]',
              )}
            />
          ) : (
            <Skeleton className="h-11 flex-1" />
          )}
          <Button
            variant="outline"
            onClick={() => void copy()}
            disabled={!code.data}
            aria-label={copied ? t('groupInvites.copied') : t('groupInvites.copyLabel')}
          >
            {copied ? (
              <Check aria-hidden className="size-4" />
            ) : (
              <Copy aria-hidden className="size-4" />
            )}
            {copied ? t('groupInvites.copied') : t('groupInvites.copy')}
          </Button>
        </div>
      )}
      <p id={`${fieldId}-hint`} className="text-xs text-ink-muted">
        {t('groupInvites.codeHint')}
      </p>
      <span role="status" className="sr-only">
        {copied ? t('groupInvites.copied') : ''}
      </span>
    </div>
  );
}
