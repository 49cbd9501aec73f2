import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '@vowa/shared/profile/public-profile-schemas';
import { jsonResponse, mockFetch, sampleUser, type RecordedCall } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { ProfilePage } from './profile-page';
import { serveProfile } from './profile-test-data';
import { PublicProfilePage } from './public-profile-page';

const OTHER = '7f0c2a52-0000-4000-8000-000000000002';

function makePublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    uid: OTHER,
    name: 'Isabella Bird',
    display_name: 'Izzy',
    avatar: null,
    location: 'Edinburgh, Scotland, United Kingdom',
    bio: 'Rode across the Rockies.',
    website: 'https://bird.example.com',
    member_since: '2026-03-14T10:00:00.000Z',
    social_profiles: [
      {
        platform: 'instagram',
        username: 'izzy.rides',
        url: 'https://www.instagram.com/izzy.rides/',
        verified: false,
        followers: 1234,
        connected: true,
      },
    ],
    relationship: 'friend',
    accepts_friend_requests: true,
    bucket_lists: [
      {
        id: 'list-1',
        name: 'Rocky Mountains',
        description: 'Peaks and passes',
        color: 'teal',
        is_public: true,
        shared_with_you: false,
        item_count: 3,
        completed_count: 1,
      },
      {
        id: 'list-2',
        name: 'Hawaii with friends',
        description: '',
        color: 'sunset-orange',
        is_public: false,
        shared_with_you: true,
        item_count: 1,
        completed_count: 0,
      },
    ],
    trips: [],
    online: true,
    last_seen: '2026-05-02',
    ...overrides,
  };
}

function serve(answer: (call: RecordedCall) => Response) {
  return mockFetch((call) => {
    if (call.path === '/auth/users/me') return jsonResponse(200, sampleUser);
    return answer(call);
  });
}

const renderPage = (uid = OTHER) =>
  renderWithApp(<PublicProfilePage />, { path: '/users/:uid', initialEntry: `/users/${uid}` });

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('a visible profile', () => {
  it('shows "Loading profile...", then everything the owner shares', async () => {
    const { calls } = serve(() => jsonResponse(200, makePublicProfile()));
    renderPage();
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Izzy', level: 1 })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`/users/${OTHER}/profile`);
    expect(screen.getByText('Isabella Bird')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2026')).toBeInTheDocument();
    expect(screen.getByText('Friend')).toBeInTheDocument();
    expect(screen.getByText('Online now')).toBeInTheDocument();
    expect(screen.getByText('Open to friend requests')).toBeInTheDocument();

    const about = within(screen.getByRole('region', { name: 'About' }));
    expect(about.getByText('Rode across the Rockies.')).toBeInTheDocument();
    expect(about.getByText('Edinburgh, Scotland, United Kingdom')).toBeInTheDocument();
    expect(about.getByRole('link', { name: /bird\.example\.com/ })).toHaveAttribute(
      'href',
      'https://bird.example.com',
    );

    const social = within(screen.getByRole('region', { name: 'Social media' }));
    expect(social.getByRole('link', { name: /@izzy\.rides/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/izzy.rides/',
    );
    expect(social.getByText('1.2K followers')).toBeInTheDocument();

    const lists = within(screen.getByRole('region', { name: 'Bucket lists' }));
    const rocky = lists.getByRole('link', { name: /Rocky Mountains/ });
    expect(rocky).toHaveAttribute('href', '/travel/bucket-list?list=list-1');
    expect(rocky).toHaveTextContent('3 items · 1 completed');
    expect(rocky).toHaveTextContent('Public');
    expect(lists.getByRole('link', { name: /Hawaii with friends/ })).toHaveTextContent(
      'Shared with you',
    );

    const trips = within(screen.getByRole('region', { name: 'Trips' }));
    expect(trips.getByText('No trips shared yet')).toBeInTheDocument();

    // Not the owner: no preview notice.
    expect(screen.queryByText('This is how other Vowa users see your profile.')).toBeNull();
  });

  it('opens a shared list on the bucket-list screen', async () => {
    serve(() => jsonResponse(200, makePublicProfile()));
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByRole('link', { name: /Rocky Mountains/ }));
    expect(router.state.location.pathname).toBe('/travel/bucket-list');
    expect(router.state.location.search).toBe('?list=list-1');
  });

  it('leaves out what the owner does not share', async () => {
    serve(() =>
      jsonResponse(
        200,
        makePublicProfile({
          relationship: 'other',
          bucket_lists: null,
          trips: null,
          online: undefined,
          last_seen: undefined,
          accepts_friend_requests: false,
          social_profiles: [],
          bio: '',
          website: '',
        }),
      ),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Izzy', level: 1 });
    expect(screen.queryByRole('region', { name: 'Bucket lists' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Trips' })).toBeNull();
    expect(screen.queryByText('Online now')).toBeNull();
    expect(screen.queryByText(/Last seen/)).toBeNull();
    expect(screen.queryByText('Friend')).toBeNull();
    expect(screen.getByText('Not accepting friend requests')).toBeInTheDocument();
    expect(screen.getByText('No bio yet.')).toBeInTheDocument();
    expect(screen.getByText('No social accounts connected.')).toBeInTheDocument();
  });

  it('shows the day last seen when offline, and empty states for shared sections', async () => {
    serve(() =>
      jsonResponse(200, makePublicProfile({ online: false, bucket_lists: [], trips: [] })),
    );
    renderPage();
    expect(await screen.findByText('Last seen May 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('No bucket lists to show yet.')).toBeInTheDocument();
    expect(screen.getByText('No trips shared yet')).toBeInTheDocument();
  });

  it('tells the owner this is the preview, with a way to change it', async () => {
    serve(() => jsonResponse(200, makePublicProfile({ uid: sampleUser.id, relationship: 'self' })));
    renderPage(sampleUser.id);
    expect(
      await screen.findByText('This is how other Vowa users see your profile.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change what they see' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});

describe('a profile that cannot be shown', () => {
  it('says it is private or does not exist on a 404, the same for both', async () => {
    serve(() => jsonResponse(404, { detail: "This profile is private or doesn't exist." }));
    renderPage();
    expect(
      await screen.findByRole('heading', {
        name: "This profile is private or doesn't exist",
        level: 1,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('offers to try again after another failure', async () => {
    let fail = true;
    serve(() =>
      fail
        ? jsonResponse(500, { detail: 'Something went wrong on our side.' })
        : jsonResponse(200, makePublicProfile()),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Izzy', level: 1 })).toBeInTheDocument();
  });
});

describe('links to the public profile', () => {
  it('my own profile links to how others see it', async () => {
    serveProfile();
    renderWithApp(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('link', { name: 'View as others see it' })).toHaveAttribute(
      'href',
      `/users/${sampleUser.id}`,
    );
  });
});
