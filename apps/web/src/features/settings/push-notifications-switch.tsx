import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { readPushState, turnOffPush, turnOnPush, usePushState } from '../../lib/web-push';

/**
 * Settings → Notifications' "Push notifications" (issue 16 §3). The switch is the account's
 * (saved with Save Changes: whether Vowa pushes at all); turning it on also asks this browser's
 * permission and subscribes it (browsers only ask during the click), turning it off
 * unsubscribes it. The line under it says where this browser stands, with a way to subscribe
 * it when the account's switch was already on (another device, or the default).
 */
export function PushNotificationsSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const { state, remember } = usePushState();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const applyToBrowser = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      remember(on ? await turnOnPush() : await turnOffPush());
    } catch {
      setFailed(true);
      remember(await readPushState().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Switch
        label={t('settings.notifications.pushNotifications.label')}
        description={t('settings.notifications.pushNotifications.hint')}
        checked={checked}
        onCheckedChange={(value) => {
          onCheckedChange(value);
          // Nothing to turn off in a browser that cannot or may not receive pushes.
          if (value || state === 'on') void applyToBrowser(value);
        }}
      />
      <div role="status" className="mt-2 space-y-2 text-sm">
        {failed ? (
          <p className="font-medium text-red-700 dark:text-red-300">
            {t('notifications.push.failed')}
          </p>
        ) : checked && state && !busy ? (
          <p className={state === 'on' ? 'text-ink-muted' : 'text-amber-800 dark:text-amber-200'}>
            {t(`notifications.push.${state}`)}
          </p>
        ) : null}
      </div>
      {checked && (state === 'off' || failed) && !busy ? (
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() => void applyToBrowser(true)}
        >
          {t('notifications.push.enable')}
        </Button>
      ) : null}
    </div>
  );
}
