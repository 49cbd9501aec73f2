import { SecuritySettings } from '../features/security/security-settings';
import { SettingsPage } from '../features/settings/settings-page';

/** /settings: the settings screen with the security feature as its Security tab. */
export function SettingsRoute() {
  return <SettingsPage securityTab={<SecuritySettings />} />;
}
