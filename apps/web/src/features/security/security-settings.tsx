import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/**
 * The Security tab of the Settings screen: password, two-factor authentication, passkeys,
 * signed-in devices and deleting the account.
 */
export function SecuritySettings() {
  return (
    <div className="space-y-6">
      <ChangePasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <DeleteAccountSection />
    </div>
  );
}
