import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BucketList, ReceivedInvitation } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { jsonResponse, mockFetch, sampleUser } from '../../test/fetch-mock';
import { renderWithApp, watchTargets } from '../../test/render-app';
import { BucketListPage } from './bucket-list-page';
import { makeItem, makeList } from './bucket-test-data';

const owned = makeList({
  name: 'Japan 2027',
  items: [
    makeItem({ title: 'Climb Mount Fuji', category: 'mountain', estimatedCost: 2500 }),
    makeItem({ title: 'Eat ramen', category: 'food', location: 'Tokyo' }),
    makeItem({
      title: 'See Kyoto temples',
      category: 'culture',
      location: 'Kyoto',
      isCompleted: true,
      completedDate: '2026-03-04T10:00:00.000Z',
    }),
  ],
});
const shared = makeList({
  name: 'Grace’s Peru',
  color: 'teal',
  ownerId: 'someone-else',
  ownerName: 'Grace Hopper',
  isPublic: true,
  items: [makeItem({ title: 'Hike to Machu Picchu', location: 'Cusco', country: 'Peru' })],
});

function serve(lists: BucketList[], invitations: ReceivedInvitation[] = []) {
  return mockFetch(({ path }) => {
    if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
    if (path === '/travel/bucket_lists') return jsonResponse(200, { lists });
    if (path === '/travel/bucket_lists/invitations') return jsonResponse(200, { invitations });
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

function renderPage(query = '') {
  return renderWithApp(<BucketListPage />, {
    path: '/travel/bucket-list',
    initialEntry: `/travel/bucket-list${query}`,
  });
}

const statusButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', {
    name,
  });
const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

beforeEach(() => {
  localStorage.setItem('access_token', 'jwt');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BucketListPage', () => {
  it('shows a friendly empty state to a brand-new account, never sample data', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('You have no bucket lists yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create your first list' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows invitations waiting for an answer, and accepting one sends it and opens the list', async () => {
    const invitation: ReceivedInvitation = {
      id: 'invitation-1',
      listId: shared.id,
      listName: 'Grace’s Peru',
      listColor: 'teal',
      ownerName: 'Grace Hopper',
      ownerAvatar: null,
      expiresAt: '2027-01-01T00:00:00.000Z',
    };
    let accepted = false;
    const { calls } = mockFetch(({ path, method }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path === '/travel/bucket_lists')
        return jsonResponse(200, { lists: accepted ? [owned, shared] : [owned] });
      if (path === '/travel/bucket_lists/invitations')
        return jsonResponse(200, { invitations: accepted ? [] : [invitation] });
      if (path === '/travel/bucket_lists/invitations/invitation-1/accept' && method === 'POST') {
        accepted = true;
        return jsonResponse(200, shared);
      }
      return jsonResponse(404, { detail: 'Not found.' });
    });
    renderPage();
    const region = await screen.findByRole('region', { name: 'Invitations' });
    expect(region).toHaveTextContent(
      'Grace Hopper invited you to follow their list “Grace’s Peru”.',
    );
    expect(
      within(region).getByRole('button', { name: 'Decline the invitation to Grace’s Peru' }),
    ).toBeEnabled();
    await userEvent.click(
      within(region).getByRole('button', { name: 'Accept the invitation to Grace’s Peru' }),
    );
    expect(await screen.findByRole('heading', { name: 'Grace’s Peru', level: 2 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/invitation-1/accept'))).toBe(true);
  });

  it('watches a place for the budget from its card', async () => {
    serve([owned, shared]);
    const user = userEvent.setup();
    renderPage();
    const fuji = await screen.findByRole('article', { name: 'Climb Mount Fuji' });
    await user.click(within(fuji).getByRole('button', { name: 'Tell me when it fits my budget' }));
    const item = owned.items.find((candidate) => candidate.title === 'Climb Mount Fuji')!;
    expect(watchTargets).toEqual([
      {
        kind: 'destination',
        bucketItemId: item.id,
        place: `${item.location}, ${item.country}`,
      },
    ]);
  });

  it('selects the first list and shows its banner, progress and cards', async () => {
    serve([owned, shared]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Japan 2027', level: 2 })).toBeVisible();
    expect(screen.getByRole('button', { name: /Japan 2027/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const sharedButton = screen.getByRole('button', { name: /Grace’s Peru/ });
    expect(sharedButton).toHaveTextContent('Shared with you');
    expect(sharedButton).toHaveTextContent('Public');
    expect(sharedButton).toHaveTextContent('by Grace Hopper');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('33% complete')).toBeInTheDocument();
    expect(screen.getByText('1 completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    expect(screen.getByText('$2,500')).toBeInTheDocument();
    expect(screen.getByText('Completed Mar 4, 2026')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Mark Climb Mount Fuji as completed' }),
    ).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Mark See Kyoto temples as not completed' }),
    ).toBeEnabled();
  });

  it('filters by status and category with counts', async () => {
    serve([owned]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Japan 2027', level: 2 });
    expect(statusButton('All 3')).toHaveAttribute('aria-pressed', 'true');
    expect(statusButton('Pending 2')).toBeInTheDocument();
    expect(statusButton('Completed 1')).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(3);

    await user.click(statusButton('Completed 1'));
    expect(cardTitles()).toEqual(['See Kyoto temples']);
    await user.click(statusButton('Pending 2'));
    expect(cardTitles()).toEqual(['Climb Mount Fuji', 'Eat ramen']);

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('all');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Categories',
      'Adventure',
      'Culture',
      'Food',
      'Nature',
      'City',
      'Beach',
      'Mountain',
      'Historical',
    ]);
    await user.selectOptions(category, 'food');
    expect(cardTitles()).toEqual(['Eat ramen']);
    expect(statusButton('All 1')).toBeInTheDocument();
    expect(statusButton('Pending 1')).toBeInTheDocument();
    expect(statusButton('Completed 0')).toBeInTheDocument();
  });

  it('shows the exact empty-state texts for an empty list, and for pending and completed', async () => {
    serve([makeList({ name: 'Iceland', items: [] })]);
    renderPage();
    await screen.findByRole('heading', { name: 'Iceland', level: 2 });
    expect(screen.getByText('No items found.')).toBeInTheDocument();
    expect(
      screen.getByText('Start building your bucket list by adding your dream destinations!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your First Item' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(statusButton('Pending 0'));
    expect(screen.getByText('No pending items in this category.')).toBeInTheDocument();
    await user.click(statusButton('Completed 0'));
    expect(screen.getByText('No completed items in this category.')).toBeInTheDocument();
  });

  it('offers to clear the filters when they hide every item of a list that has some', async () => {
    serve([owned]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Japan 2027', level: 2 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'beach');
    expect(screen.getByText('No items found.')).toBeInTheDocument();
    expect(screen.getByText('No items in this category.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Your First Item' })).not.toBeInTheDocument();
    await user.click(statusButton('Pending 0'));
    expect(screen.getByText('No pending items in this category.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cardTitles()).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
    expect(statusButton('All 3')).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives someone else’s list a read-only view', async () => {
    serve([owned, shared]);
    const user = userEvent.setup();
    renderPage(`?list=${shared.id}`);
    expect(await screen.findByRole('heading', { name: 'Grace’s Peru', level: 2 })).toBeVisible();
    expect(screen.getByText('by Grace Hopper', { selector: 'section span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'List settings' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Mark Hike to Machu Picchu as completed' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave list' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'food');
    expect(screen.getByText('No items found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Your First Item' })).not.toBeInTheDocument();
  });

  it('polls while an image is being fetched', async () => {
    const fetching = makeList({
      items: [
        makeItem({
          image: '/artwork/bucket/beach.svg',
          imageStatus: 'fetching',
          category: 'beach',
        }),
      ],
    });
    const ready = {
      ...fetching,
      items: [
        {
          ...fetching.items[0]!,
          image: '/artwork/bucket/beach-2.svg',
          imageStatus: 'ready' as const,
        },
      ],
    };
    let listCalls = 0;
    mockFetch(({ path }) => {
      if (path === '/auth/users/me') return jsonResponse(200, sampleUser);
      if (path.endsWith('/invitations')) return jsonResponse(200, { invitations: [] });
      listCalls += 1;
      return jsonResponse(200, { lists: [listCalls === 1 ? fetching : ready] });
    });
    renderPage();
    expect(await screen.findByText('Fetching image...')).toBeInTheDocument();
    expect(screen.getByTestId('bucket-item-image')).toHaveAttribute(
      'src',
      '/artwork/bucket/beach.svg',
    );
    expect(screen.getByRole('img', { name: 'Illustration for Beach' })).toBeInTheDocument();
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('bucket-item-image')).toHaveAttribute(
          'src',
          '/artwork/bucket/beach-2.svg',
        ),
      { timeout: 4000 },
    );
    expect(screen.queryByText('Fetching image...')).not.toBeInTheDocument();
  });
});
