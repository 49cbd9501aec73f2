import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { DiscoverDialog } from './discover-dialog';

const OTHER = '7f0c2a52-0000-4000-8000-000000000002';

beforeEach(() => localStorage.setItem('access_token', 'jwt'));
afterEach(() => vi.unstubAllGlobals());

describe('Discover Public Lists', () => {
  it('a discovered list links to its owner’s profile', async () => {
    mockFetch(({ path }) =>
      path === '/auth/users/me'
        ? jsonResponse(200, sampleUser)
        : path.startsWith('/travel/bucket_lists/public')
          ? jsonResponse(200, {
              lists: [
                {
                  id: 'list-1',
                  name: 'Rocky Mountains',
                  description: '',
                  color: 'teal',
                  isPublic: true,
                  ownerId: OTHER,
                  ownerName: 'Isabella Bird',
                  ownerAvatar: null,
                  createdAt: '2026-01-01T00:00:00.000Z',
                  updatedAt: '2026-01-01T00:00:00.000Z',
                  itemCount: 3,
                  completedCount: 1,
                },
              ],
            })
          : jsonResponse(404, { detail: 'Not found.' }),
    );
    renderWithApp(<DiscoverDialog open onOpenChange={() => undefined} onOpenList={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Discover Public Lists' });
    expect(
      await within(dialog).findByRole('link', { name: "Isabella Bird's profile" }),
    ).toHaveAttribute('href', `/users/${OTHER}`);
    // The list itself still opens with its own button.
    expect(within(dialog).getByRole('button', { name: /Rocky Mountains/ })).toHaveTextContent(
      'by Isabella Bird',
    );
  });
});
