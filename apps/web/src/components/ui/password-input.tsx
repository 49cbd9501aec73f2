import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from './button-variants';
import { TextInput, type TextInputProps } from './text-input';

/** A password field with a show/hide toggle. */
export function PasswordInput(props: Omit<TextInputProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          className={cn(
            'inline-flex size-9 items-center justify-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink',
            focusRing,
          )}
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      }
    />
  );
}
