import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** The composer grows with its text up to this height, then scrolls (part 2 §2). */
export const COMPOSER_MAX_HEIGHT = 120;

/**
 * Part 2 §2 composer: Enter sends, Shift+Enter a new line; send is disabled while the text is
 * blank or the assistant is replying.
 */
export function Composer({
  replying,
  onSend,
  group = false,
  onTyping,
}: {
  replying: boolean;
  onSend: (message: string) => void;
  /** In a group: the group's placeholder and label (part 2 §2). */
  group?: boolean;
  /** Called as the person types (a group tells its members, throttled by the caller). */
  onTyping?: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === '';

  const grow = () => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, COMPOSER_MAX_HEIGHT)}px`;
  };

  const send = () => {
    if (blank || replying) return;
    onSend(text.trim());
    setText('');
    requestAnimationFrame(() => {
      if (field.current) field.current.style.height = 'auto';
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={field}
        rows={1}
        value={text}
        aria-label={group ? t('groups.composerLabel') : t('chat.composerLabel')}
        placeholder={group ? t('groups.placeholder') : t('chat.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          grow();
          if (event.target.value.trim()) onTyping?.();
        }}
        onKeyDown={onKeyDown}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT }}
        className="min-h-10 flex-1 resize-none rounded-xl border border-line bg-raised px-3 py-2 text-sm text-ink placeholder:text-ink-muted focus-visible:outline-2 focus-visible:outline-sky-500"
      />
      <Button type="submit" disabled={blank || replying} aria-label={t('chat.send')}>
        <SendHorizontal aria-hidden className="size-4" />
      </Button>
    </form>
  );
}
