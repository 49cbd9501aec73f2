import { PaymentMethodsSection } from '../features/payments/payment-methods-section';
import { SecuritySettings } from '../features/security/security-settings';
import { SettingsPage } from '../features/settings/settings-page';

/**
 * /settings: the settings screen with the security feature as its Security tab and the payments
 * feature's saved cards in their own card below the tabs.
 */
export function SettingsRoute() {
  return <SettingsPage securityTab={<SecuritySettings />} sections={<PaymentMethodsSection />} />;
}
