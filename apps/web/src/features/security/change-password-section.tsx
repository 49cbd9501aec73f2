import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { changePasswordFormSchema } from '@vowa/shared/auth/security-schemas';
import { Button } from '../../components/ui/button';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError, errorMessage } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/error-text';
import { translateValidation } from '../../lib/i18n';
import { changePassword, securityKeys } from './security-api';
import { Announcer, type Notice, Section } from './security-parts';

// ---------- Change password ----------

export function ChangePasswordSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      form.reset();
      setNotice({ tone: 'success', text: t('security.password.success') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'current_password_incorrect') {
        form.setError('currentPassword', { message: errorMessage(error) }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.errors?.length) {
        for (const fieldError of error.errors) {
          const field = fieldError.field === 'current_password' ? 'currentPassword' : 'newPassword';
          form.setError(field, { message: fieldErrorText(fieldError) });
        }
      } else {
        setNotice({ tone: 'error', text: errorMessage(error) });
      }
    }
  });

  return (
    <Section
      title={t('security.password.title')}
      help={t('security.password.help')}
      icon={KeyRound}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-md space-y-4">
        <PasswordInput
          label={t('security.password.current')}
          autoComplete="current-password"
          required
          error={translateValidation(errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label={t('security.password.new')}
          autoComplete="new-password"
          required
          error={translateValidation(errors.newPassword?.message)}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label={t('security.password.confirm')}
          autoComplete="new-password"
          required
          error={translateValidation(errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} loadingText={t('security.password.saving')}>
          {t('security.password.submit')}
        </Button>
      </form>
      <Announcer notice={notice} />
    </Section>
  );
}
