import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@vowa/shared/auth/auth-schemas';
import { jsonResponse, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { currentUserQueryKey } from '../../lib/session-context';
import { ProfilePage } from './profile-page';
import {
  clearGeolocation,
  emptyStats,
  makeProfile,
  makeSocial,
  makeStats,
  serveProfile,
  stubGeolocation,
} from './profile-test-data';

const renderPage = () => renderWithApp(<ProfilePage />, { path: '/profile' });

const edits = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/user_management/edit_profile');

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearGeolocation();
});

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return screen.findByRole('form', { name: 'Edit your details' });
}

describe('loading and viewing', () => {
  it('shows "Loading profile..." and then the profile', async () => {
    serveProfile(undefined, {
      profile: makeProfile({ home_airport: null, website: 'https://ada.example.com' }),
    });
    renderPage();
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByText('Loading profile...')).not.toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2026')).toBeInTheDocument();
    const about = within(screen.getByRole('region', { name: 'About' }));
    expect(about.getByText('Counting the stars, one trip at a time.')).toBeInTheDocument();
    expect(about.getByRole('link', { name: /ada\.example\.com/ })).toHaveAttribute(
      'href',
      'https://ada.example.com',
    );
    expect(about.getByText('Nearest airport')).toBeInTheDocument();
    // The photo can only be changed in edit mode.
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeDisabled();
    // A complete profile shows no completion banner.
    expect(screen.queryByText('Complete your profile')).not.toBeInTheDocument();
  });

  it('shows the spec banner in place of the profile when it cannot be loaded', async () => {
    serveProfile(({ path }) =>
      path === '/user_management/get_myprofile'
        ? jsonResponse(500, { detail: 'Something went wrong on our side.' })
        : undefined,
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile.');
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('prompts to complete a profile without bio or location, and goes to the bio', async () => {
    serveProfile(undefined, { profile: makeProfile({ bio: ' ', location: '' }) });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Complete your profile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByLabelText('Bio')).toHaveFocus();
    expect(screen.queryByText('Complete your profile')).not.toBeInTheDocument();
  });

  it('shows the pending email notice', async () => {
    serveProfile(undefined, { profile: makeProfile({ pending_email: 'new@example.com' }) });
    renderPage();
    expect(
      await screen.findByText(
        'We sent a confirmation link to new@example.com. Your email changes once you follow it.',
      ),
    ).toBeInTheDocument();
  });
});

describe('editing', () => {
  it('sends only what changed, shows the saved values and updates the header user', async () => {
    // The session user is read once; its re-read after the save never answers, so what the
    // header shows comes from the saved profile at once.
    let userReads = 0;
    const { calls, state } = serveProfile(({ path }) => {
      if (path !== '/auth/users/me') return undefined;
      userReads += 1;
      return userReads > 1 ? (new Promise(() => undefined) as unknown as Response) : undefined;
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage();
    const form = within(await startEditing(user));
    const name = form.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toBeRequired();
    expect(form.getByLabelText('Email')).toBeRequired();

    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    await user.clear(form.getByLabelText('Bio'));
    await user.type(form.getByLabelText('Bio'), 'Poet of science.');
    await user.clear(form.getByLabelText('Location'));
    await user.type(form.getByLabelText('Location'), 'Paris, France');
    await user.clear(form.getByLabelText('Website'));
    await user.type(form.getByLabelText('Website'), 'analytical.example.org');
    await user.clear(form.getByLabelText('Phone'));
    await user.type(form.getByLabelText('Phone'), '+33 (1) 555-0199');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(edits(calls)).toHaveLength(1));
    expect(edits(calls)[0]?.body).toEqual({
      name: 'Augusta Ada King',
      bio: 'Poet of science.',
      location: 'Paris, France',
      website: 'https://analytical.example.org',
      phone: '+33 (1) 555-0199',
    });
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Augusta Ada King' })).toBeInTheDocument();
    // The confirmation leaves after 3 seconds, like the settings' one.
    await waitFor(() => expect(screen.queryByText('Profile saved.')).not.toBeInTheDocument(), {
      timeout: 6_000,
    });
    const about = within(screen.getByRole('region', { name: 'About' }));
    expect(about.getByText('Poet of science.')).toBeInTheDocument();
    expect(about.getByText('Paris, France')).toBeInTheDocument();
    expect(about.getByRole('link', { name: /analytical\.example\.org/ })).toHaveAttribute(
      'href',
      'https://analytical.example.org',
    );
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(state.profile.name).toBe('Augusta Ada King');
    // The header's user takes the new name at once (and is re-read from the server).
    expect(queryClient.getQueryData<User>(currentUserQueryKey)?.name).toBe('Augusta Ada King');
    const cached = JSON.parse(localStorage.getItem('vowa.user') ?? '{}') as User;
    expect(cached.name).toBe('Augusta Ada King');
    await waitFor(() => expect(userReads).toBe(2));
  });

  it('disables Save and Cancel while saving', async () => {
    let release: (response: Response) => void = () => undefined;
    serveProfile(({ path }) =>
      path === '/user_management/edit_profile'
        ? (new Promise<Response>((resolve) => {
            release = resolve;
          }) as unknown as Response)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.type(form.getByLabelText('Display name'), ' L.');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    act(() => release(jsonResponse(200, makeProfile({ display_name: 'Ada L.' }))));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
  });

  it('Cancel restores the server values and drops a pending photo', async () => {
    const { calls } = serveProfile(({ path }) =>
      path === '/user_management/avatar'
        ? jsonResponse(200, { avatar: '/uploads/avatars/new.webp' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Somebody Else');
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('New photo ready. Select Save to keep it.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Ada' })).toHaveAttribute(
      'src',
      '/uploads/avatars/new.webp',
    );

    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Profile picture of Ada' })).not.toBeInTheDocument();
    expect(edits(calls)).toHaveLength(0);

    const again = within(await startEditing(user));
    expect(again.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.queryByRole('img', { name: 'Profile picture of Ada' })).not.toBeInTheDocument();
  });

  it('refuses an invalid phone number and sends nothing', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    const phone = form.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call me maybe');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(phone).toHaveFocus();
    expect(edits(calls)).toHaveLength(0);
  });

  it('refuses a one-letter location', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.clear(form.getByLabelText('Location'));
    await user.type(form.getByLabelText('Location'), 'X');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Please enter a valid location.')).toBeInTheDocument();
    expect(edits(calls)).toHaveLength(0);
  });

  it("shows the server's 422 errors under their fields", async () => {
    serveProfile(({ path }) =>
      path === '/user_management/edit_profile'
        ? jsonResponse(422, {
            detail: 'Please enter a valid website address.',
            code: 'validation_failed',
            errors: [
              {
                field: 'website',
                message: 'Please enter a valid website address.',
                code: 'websiteInvalid',
              },
              {
                field: 'location',
                message: 'Please enter a valid location.',
                code: 'locationInvalid',
              },
            ],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.clear(form.getByLabelText('Website'));
    await user.type(form.getByLabelText('Website'), 'example.org');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Failed to update profile. Please try again.',
    );
    expect(form.getByLabelText('Website')).toHaveAccessibleDescription(
      'Please enter a valid website address.',
    );
    expect(form.getByLabelText('Location')).toHaveAccessibleDescription(
      'Please enter a valid location.',
    );
    // Still editing, with what was typed.
    expect(form.getByLabelText('Website')).toHaveValue('example.org');
  });

  it('shows the save failure with the server detail', async () => {
    serveProfile(({ path }) =>
      path === '/user_management/edit_profile'
        ? jsonResponse(409, { detail: 'That email address is already in use.' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'taken@example.com');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update profile. Please try again.');
    expect(alert).toHaveTextContent('That email address is already in use.');
  });

  it('a new email waits for its confirmation link', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'countess@example.com');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits(calls)[0]?.body).toEqual({ email: 'countess@example.com' }));
    const notice =
      'We sent a confirmation link to countess@example.com. Your email changes once you follow it.';
    expect(await screen.findByText(`Profile saved. ${notice}`)).toBeInTheDocument();
    expect(screen.getByText(notice)).toBeInTheDocument();
    // The address itself has not changed yet.
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('Save without changes just leaves edit mode', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(edits(calls)).toHaveLength(0);
  });
});

describe('photo', () => {
  it('uploads a photo and saves its URL with the profile', async () => {
    const { calls } = serveProfile(({ path }) =>
      path === '/user_management/avatar'
        ? jsonResponse(200, { avatar: '/uploads/avatars/ada.webp' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    const change = screen.getByRole('button', { name: 'Change photo' });
    expect(change).toBeEnabled();
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    const upload = await waitFor(() => {
      const found = calls.find((call) => call.path === '/user_management/avatar');
      expect(found).toBeDefined();
      return found;
    });
    expect(upload?.method).toBe('POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(upload?.headers['Content-Type']).toBeUndefined();
    expect(upload?.headers.Authorization).toBe('Bearer jwt');

    await screen.findByText('New photo ready. Select Save to keep it.');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(edits(calls)[0]?.body).toEqual({ avatar: '/uploads/avatars/ada.webp' }),
    );
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Ada' })).toHaveAttribute(
      'src',
      '/uploads/avatars/ada.webp',
    );
    const cached = JSON.parse(localStorage.getItem('vowa.user') ?? '{}') as User;
    expect(cached.avatar).toBe('/uploads/avatars/ada.webp');
  });

  it('refuses a file that is not an image, without uploading it', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await startEditing(user);
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a JPEG, PNG or WebP image.',
    );
    expect(calls.some((call) => call.path === '/user_management/avatar')).toBe(false);
  });

  it('refuses a photo over 5 MB, without uploading it', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup();
    renderPage();
    await startEditing(user);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('avatar-file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo must be 5 MB or smaller.',
    );
    expect(calls.some((call) => call.path === '/user_management/avatar')).toBe(false);
  });

  it("shows the server's verdict when it refuses the content", async () => {
    serveProfile(({ path }) =>
      path === '/user_management/avatar'
        ? jsonResponse(415, { detail: 'Please choose a JPEG, PNG or WebP image.' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await startEditing(user);
    await user.upload(
      screen.getByTestId('avatar-file'),
      new File(['not really'], 'fake.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a JPEG, PNG or WebP image.',
    );
  });

  it('removes the photo', async () => {
    const { calls } = serveProfile(undefined, {
      profile: makeProfile({ avatar: '/uploads/avatars/old.webp' }),
    });
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img', { name: 'Profile picture of Ada' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits(calls)[0]?.body).toEqual({ avatar: null }));
  });
});

describe('detect location', () => {
  it('fills the location from the browser position', async () => {
    const { calls } = serveProfile(({ path }) =>
      path === '/user_management/reverse_geocode'
        ? jsonResponse(200, {
            city: 'Paris',
            state: 'Île-de-France',
            country: 'France',
            label: 'Paris, Île-de-France, France',
            source: 'bundled',
          })
        : undefined,
    );
    stubGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.click(form.getByRole('button', { name: 'Detect location' }));
    await waitFor(() =>
      expect(form.getByLabelText('Location')).toHaveValue('Paris, Île-de-France, France'),
    );
    expect(form.getByText('Location detected: Paris, Île-de-France, France')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user_management/reverse_geocode')?.body).toEqual({
      latitude: 48.8566,
      longitude: 2.3522,
    });
  });

  it('says when location access is denied', async () => {
    const { calls } = serveProfile();
    stubGeolocation({ error: 1 });
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.click(form.getByRole('button', { name: 'Detect location' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Location access denied or unavailable.',
    );
    expect(calls.some((call) => call.path === '/user_management/reverse_geocode')).toBe(false);
  });

  it('says when the browser has no geolocation', async () => {
    serveProfile();
    stubGeolocation('unsupported');
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.click(form.getByRole('button', { name: 'Detect location' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Geolocation is not supported by your browser.',
    );
  });

  it('says when the place cannot be looked up', async () => {
    serveProfile(({ path }) =>
      path === '/user_management/reverse_geocode'
        ? jsonResponse(502, { detail: 'The geocoder is unavailable.' })
        : undefined,
    );
    stubGeolocation({ latitude: 1, longitude: 2 });
    const user = userEvent.setup();
    renderPage();
    const form = within(await startEditing(user));
    await user.click(form.getByRole('button', { name: 'Detect location' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Failed to detect location.');
    expect(form.getByLabelText('Location')).toHaveValue('London, England, United Kingdom');
  });
});

describe('social media', () => {
  it('says nothing of followers that were never given', async () => {
    serveProfile(undefined, { social: [makeSocial({ followers: 0 })] });
    renderPage();
    const social = within(await screen.findByRole('region', { name: 'Social Media' }));
    expect(await social.findByText('Not verified')).toBeInTheDocument();
    expect(social.queryByText(/followers/)).not.toBeInTheDocument();
  });

  it('shows connected accounts with formatted followers, a link and "Not verified"', async () => {
    serveProfile(undefined, {
      social: [
        makeSocial({ followers: 1234 }),
        makeSocial({
          platform: 'tiktok',
          username: 'ada.dances',
          url: 'https://www.tiktok.com/@ada.dances',
          followers: 3_450_000,
        }),
      ],
    });
    renderPage();
    const social = within(await screen.findByRole('region', { name: 'Social Media' }));
    expect(await social.findByText('1.2K followers')).toBeInTheDocument();
    expect(social.getByText('3.5M followers')).toBeInTheDocument();
    expect(social.getAllByText('Not verified')).toHaveLength(2);
    expect(social.getByRole('link', { name: /@ada\.travels on Instagram/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/ada.travels/',
    );
  });

  it('connects an account through the modal and disconnects it', async () => {
    const { calls } = serveProfile();
    const user = userEvent.setup();
    renderPage();
    const social = within(await screen.findByRole('region', { name: 'Social Media' }));
    expect(await social.findAllByText('Not connected')).toHaveLength(2);
    await user.click(social.getByRole('button', { name: 'Connect Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Account' }));
    expect(dialog.getByLabelText('Platform')).toHaveValue('instagram');
    expect(dialog.getByLabelText('Username')).toHaveFocus();
    await user.type(dialog.getByLabelText('Username'), '@ada.travels');
    await user.type(dialog.getByLabelText('Followers'), '980');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find(
      (call) => call.path === '/users/u1/social_profiles' && call.method === 'POST',
    );
    expect(post?.body).toEqual({ platform: 'instagram', username: 'ada.travels', followers: 980 });
    expect(await social.findByText('980 followers')).toBeInTheDocument();
    expect(screen.getByText('Instagram connected.')).toBeInTheDocument();

    await user.click(social.getByRole('button', { name: 'Disconnect Instagram' }));
    expect(await screen.findByText('Instagram disconnected.')).toBeInTheDocument();
    expect(social.getAllByText('Not connected')).toHaveLength(2);
    expect(
      calls.some(
        (call) => call.path === '/users/u1/social_profiles/instagram' && call.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('checks the username before sending, and shows a failed connection', async () => {
    const { calls } = serveProfile(({ path, method }) =>
      path === '/users/u1/social_profiles' && method === 'POST'
        ? jsonResponse(503, { detail: 'Social accounts are unavailable right now.' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    const social = within(await screen.findByRole('region', { name: 'Social Media' }));
    await social.findAllByText('Not connected');
    await user.click(social.getByRole('button', { name: 'Connect Account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Connect Account' }));
    await user.selectOptions(dialog.getByLabelText('Platform'), 'tiktok');
    await user.type(dialog.getByLabelText('Username'), 'not valid!');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(
      await dialog.findByText('Usernames are 1 to 30 letters, digits, dots or underscores'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(dialog.getByLabelText('Username'));
    await user.type(dialog.getByLabelText('Username'), 'ada');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to connect social account.');
    expect(alert).toHaveTextContent('Social accounts are unavailable right now.');
  });
});

describe('stats', () => {
  it('shows honest zeros and an empty Recent Trips', async () => {
    serveProfile(undefined, { stats: emptyStats });
    renderPage();
    const tiles = within(await screen.findByRole('region', { name: 'Your travel stats' }));
    expect(tiles.getByTestId('stat-trips')).toHaveTextContent('Trips Booked0');
    expect(tiles.getByTestId('stat-saved')).toHaveTextContent('Total Saved$0');
    expect(tiles.getByTestId('stat-countries')).toHaveTextContent('Countries Visited0');
    expect(tiles.getByTestId('stat-favorite')).toHaveTextContent('—');
    expect(tiles.getByTestId('stat-favorite')).toHaveTextContent('None yet');
    const trips = within(screen.getByRole('region', { name: 'Recent Trips' }));
    expect(trips.getByText('No trips yet')).toBeInTheDocument();
    expect(trips.getByRole('link', { name: 'Browse trip suggestions' })).toHaveAttribute(
      'href',
      '/travel/suggestions',
    );
    expect(screen.queryByRole('region', { name: 'Financial Overview' })).not.toBeInTheDocument();
    const achievements = within(screen.getByRole('region', { name: 'Achievements' }));
    expect(achievements.getAllByText('Locked')).toHaveLength(6);
    expect(achievements.getByText('0 of 10')).toBeInTheDocument();
  });

  it('shows the figures, achievements, trips and the financial overview', async () => {
    serveProfile(undefined, { stats: makeStats() });
    renderPage();
    const tiles = within(await screen.findByRole('region', { name: 'Your travel stats' }));
    expect(tiles.getByTestId('stat-trips')).toHaveTextContent('3');
    expect(tiles.getByTestId('stat-saved')).toHaveTextContent('$1,240');
    expect(tiles.getByTestId('stat-countries')).toHaveTextContent('4');
    expect(tiles.getByTestId('stat-favorite')).toHaveTextContent('Lisbon');

    const achievements = within(screen.getByRole('region', { name: 'Achievements' }));
    const dreamer = within(achievements.getByRole('listitem', { name: 'Dreamer' }));
    expect(dreamer.getByText('Locked')).toBeInTheDocument();
    expect(dreamer.getByText('3 of 10')).toBeInTheDocument();
    expect(dreamer.getByText('Add 10 destinations to your bucket lists.')).toBeInTheDocument();
    const firstList = within(achievements.getByRole('listitem', { name: 'First List' }));
    expect(firstList.getByText('Unlocked')).toBeInTheDocument();
    expect(achievements.getByText('4 of 6 unlocked')).toBeInTheDocument();

    const trips = within(screen.getByRole('region', { name: 'Recent Trips' }));
    expect(trips.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(trips.getByText('May 2, 2026')).toBeInTheDocument();
    expect(trips.getByText('Confirmed')).toBeInTheDocument();

    const finance = within(screen.getByRole('region', { name: 'Financial Overview' }));
    expect(finance.getByText('$6,500')).toBeInTheDocument();
    expect(finance.getByText('$2,100')).toBeInTheDocument();
    expect(finance.getByText('$12,000')).toBeInTheDocument();
    expect(finance.getByText('$5,000')).toBeInTheDocument();
    expect(finance.getByText('Connected to Platypus National Bank')).toBeInTheDocument();
  });
});
