import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '@vowa/shared/assistant/assistant-schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { InviteButton } from './invite-dialog';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const group: Conversation = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Lisbon crew',
  type: 'group',
  lastMessage: null,
  lastActivity: '2026-05-01T10:00:00.000Z',
  unreadCount: 0,
  destination: null,
  memberCount: 2,
  role: 'member',
};

const CODES = `/llm/groups/${group.id}/invite_codes`;
const INVITE = '/user_management/users/invite';

/** Answers the code requests with ABC123, DEF456, … and the invitation with `onInvite`. */
function server(onInvite: (call: RecordedCall) => Response | Promise<Response> = sent) {
  const codes = ['ABC123', 'DEF456', 'GHJ789'];
  let made = 0;
  return mockFetch((call) => {
    if (call.path === CODES && call.method === 'POST') {
      const code = codes[made++ % codes.length];
      return jsonResponse(201, { id: `code-${made}`, code, expiresAt: '2026-05-08T10:00:00Z' });
    }
    if (call.path === INVITE) return onInvite(call);
    return jsonResponse(401, { detail: 'Not authenticated', code: 'not_authenticated' });
  });
}

function sent() {
  return jsonResponse(201, { id: 'inv-1', type: 'email', expiresAt: '2026-05-15T10:00:00Z' });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Invite people to this group' }));
  return screen.findByRole('dialog', { name: 'Invite to Group' });
}

const field = (dialog: HTMLElement) => within(dialog).getByLabelText('Email or phone number');
const codeField = (dialog: HTMLElement) => within(dialog).findByLabelText('Invite code');

describe('the Invite button', () => {
  it('appears only in groups', () => {
    server();
    renderWithApp(<InviteButton conversation={{ ...group, type: 'trip' }} />);
    expect(screen.queryByRole('button', { name: /invite/i })).not.toBeInTheDocument();
  });

  it('fetches a new read-only code each time the dialog opens', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderWithApp(<InviteButton conversation={group} />);
    let dialog = await openDialog(user);
    expect(await codeField(dialog)).toHaveValue('ABC123');
    expect(await codeField(dialog)).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialog(user);
    expect(await codeField(dialog)).toHaveValue('DEF456');
    expect(calls.filter((call) => call.path === CODES)).toHaveLength(2);
  });
});

describe('Invite to Group', () => {
  it('switches to phone mode for digits with an optional +, with the country codes', async () => {
    server();
    const user = userEvent.setup();
    renderWithApp(<InviteButton conversation={group} />);
    const dialog = await openDialog(user);
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();

    await user.type(field(dialog), '+4479');
    const select = within(dialog).getByRole('combobox', { name: 'Country code' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['+1 US', '+1 CA', '+44 UK', '+213 DZ', '+234 NG', '+33 FR', '+49 DE', '+91 IN']);
    await user.type(field(dialog), 'x');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("shows 'Invalid email address' and 'Phone number too short' and sends nothing", async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderWithApp(<InviteButton conversation={group} />);
    const dialog = await openDialog(user);
    const send = within(dialog).getByRole('button', { name: 'Send Invite' });
    expect(send).toBeDisabled();

    await user.type(field(dialog), 'ada@example');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();
    expect(field(dialog)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field(dialog));
    await user.type(field(dialog), '123456');
    await user.click(send);
    expect(within(dialog).getByText('Phone number too short')).toBeInTheDocument();
    // Seven digits are enough: the message goes as the typing goes on.
    await user.type(field(dialog), '7');
    expect(within(dialog).queryByText('Phone number too short')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === INVITE)).toHaveLength(0);
  });

  it("sends the number with the chosen country code: 'Sending...', then 'Invite sent!' and an empty field", async () => {
    let release: (response: Response) => void = () => {};
    const { calls } = server(() => new Promise<Response>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    renderWithApp(<InviteButton conversation={group} />);
    const dialog = await openDialog(user);
    await user.type(field(dialog), '7911 123456');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Country code' }),
      '+44 UK',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));

    const busy = within(dialog).getByRole('button', { name: /Sending\.\.\./ });
    expect(busy).toBeDisabled();
    expect(calls.find((call) => call.path === INVITE)?.body).toEqual({
      type: 'phone',
      value: '+447911123456',
      chat_id: group.id,
    });
    release(sent());
    expect(await within(dialog).findByText('Invite sent!')).toBeInTheDocument();
    expect(field(dialog)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Send Invite' })).toBeDisabled();
  });

  it("says 'Failed to send invite: ' and the server's message", async () => {
    server(() =>
      jsonResponse(503, {
        detail: 'Text messages cannot be sent right now. Please try again later.',
        code: 'sms_unavailable',
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<InviteButton conversation={group} />);
    const dialog = await openDialog(user);
    await user.type(field(dialog), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(
      await within(dialog).findByText(
        'Failed to send invite: Text messages cannot be sent right now. Please try again later.',
      ),
    ).toBeInTheDocument();
    // The field keeps what was typed, to try again.
    expect(field(dialog)).toHaveValue('ada@example.com');
  });

  it("copies the code and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithApp(<InviteButton conversation={group} />);
    const dialog = await openDialog(user);
    expect(await codeField(dialog)).toHaveValue('ABC123');

    await user.click(within(dialog).getByRole('button', { name: 'Copy the invite code' }));
    expect(await navigator.clipboard.readText()).toBe('ABC123');
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_900));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(dialog).getByRole('button', { name: 'Copy the invite code' })).toHaveTextContent(
      'Copy',
    );
  });
});
