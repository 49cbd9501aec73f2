import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import {
  installPushFakes,
  removePushFakes,
  vapidKeyBytes,
  vapidPublicKey,
} from '../../test/push-fakes';
import { renderWithApp } from '../../test/render-app';
import { PushNotificationsSwitch } from './push-notifications-switch';

function serve() {
  return mockFetch(({ path }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/notifications/push/config')
      return jsonResponse(200, { publicKey: vapidPublicKey });
    return jsonResponse(204);
  });
}

/** The switch as the settings form holds it: a draft value. */
function Draft({ initial }: { initial: boolean }) {
  const [checked, setChecked] = useState(initial);
  return <PushNotificationsSwitch checked={checked} onCheckedChange={setChecked} />;
}

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  removePushFakes();
  vi.unstubAllGlobals();
});

const pushSwitch = () => screen.findByRole('switch', { name: 'Push notifications' });

describe('Settings → Notifications: push notifications', () => {
  it('turning it on asks the browser, subscribes it and says so', async () => {
    const { calls } = serve();
    const fakes = installPushFakes();
    const user = userEvent.setup();
    renderWithApp(<Draft initial={false} />);
    await user.click(await pushSwitch());
    expect(await screen.findByText('This browser receives push notifications.')).toBeVisible();
    expect(fakes.notification.requestPermission).toHaveBeenCalledOnce();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/notifications/push/subscriptions' }),
    );
    expect(await pushSwitch()).toBeChecked();
  });

  it('says so when the browser blocks notifications', async () => {
    serve();
    installPushFakes({ answer: 'denied' });
    const user = userEvent.setup();
    renderWithApp(<Draft initial={false} />);
    await user.click(await pushSwitch());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications are blocked for Vowa in this browser.',
    );
  });

  it('says so when the browser has no push at all', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<Draft initial={false} />);
    await user.click(await pushSwitch());
    expect(
      await screen.findByText('This browser cannot show push notifications.'),
    ).toBeInTheDocument();
  });

  it('offers to set up this browser when the account switch is already on', async () => {
    const { calls } = serve();
    installPushFakes();
    const user = userEvent.setup();
    renderWithApp(<Draft initial />);
    expect(
      await screen.findByText('Push notifications are not set up in this browser.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn on in this browser' }));
    expect(await screen.findByText('This browser receives push notifications.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('turning it off unsubscribes this browser', async () => {
    const { calls } = serve();
    const fakes = installPushFakes({ permission: 'granted', subscribedWith: vapidKeyBytes });
    const user = userEvent.setup();
    renderWithApp(<Draft initial />);
    await screen.findByText('This browser receives push notifications.');
    await user.click(await pushSwitch());
    await waitFor(() => expect(fakes.previous?.unsubscribe).toHaveBeenCalledOnce());
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        path: '/notifications/push/subscriptions',
        body: { endpoint: 'https://push.example/old' },
      }),
    );
    expect(await pushSwitch()).not.toBeChecked();
  });

  it('says when setting up failed, with a way to try again', async () => {
    mockFetch(({ path }) =>
      path === '/auth/users/me'
        ? jsonResponse(200, sampleUser)
        : jsonResponse(503, { detail: 'Down', code: 'service_unavailable' }),
    );
    installPushFakes();
    const user = userEvent.setup();
    renderWithApp(<Draft initial={false} />);
    await user.click(await pushSwitch());
    expect(
      await screen.findByText('Push notifications could not be set up. Please try again.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn on in this browser' })).toBeEnabled();
  });
});
