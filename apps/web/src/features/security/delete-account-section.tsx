import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Trash2, TriangleAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useSession } from '../../lib/session-context';
import { tokenStore } from '../../lib/session-storage';
import { deleteAccount, fetchTwoFactorStatus, securityKeys } from './security-api';
import { ConfirmIdentityForm } from './confirm-identity-form';
import { Section } from './security-parts';

// ---------- Delete account ----------

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
  });
  const [open, setOpen] = useState(false);

  return (
    <Section
      title={t('security.deleteAccount.title')}
      help={t('security.deleteAccount.help')}
      icon={TriangleAlert}
      danger
    >
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('security.deleteAccount.button')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('security.deleteAccount.dialogTitle')}
        description={t('security.deleteAccount.dialogHelp')}
        closeLabel={t('auth.close')}
      >
        <DeleteAccountForm
          needsCode={status.data?.enabled ?? false}
          onCancel={() => setOpen(false)}
          onDeleted={() => setOpen(false)}
        />
      </Dialog>
    </Section>
  );
}
function DeleteAccountForm({
  needsCode,
  onCancel,
  onDeleted,
}: {
  needsCode: boolean;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <ConfirmIdentityForm
      passwordLabel={t('security.deleteAccount.password')}
      codeLabel={t('security.deleteAccount.code')}
      codeHint={t('security.deleteAccount.codeHint')}
      needsCode={needsCode}
      confirmLabel={t('security.deleteAccount.confirm')}
      busyLabel={t('security.deleteAccount.deleting')}
      onCancel={onCancel}
      onConfirm={async (password, code) => {
        tokenStore.ending = true;
        try {
          await deleteAccount(password, code);
        } catch (error) {
          tokenStore.ending = false;
          throw error;
        }
        onDeleted();
        await session.signOut();
      }}
    />
  );
}
