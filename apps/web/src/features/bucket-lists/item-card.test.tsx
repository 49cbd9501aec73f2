import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-app';
import type { BucketItem } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { makeItem } from './bucket-test-data';
import { ItemCard } from './item-card';

const renderCard = (image: string, estimatedCost = 0) =>
  renderWithApp(
    <ItemCard
      item={makeItem({ image, estimatedCost })}
      canEdit={false}
      actions={{ toggle: vi.fn(), edit: vi.fn(), remove: vi.fn() }}
    />,
  );

describe('ItemCard picture', () => {
  it('describes a photo as the place it shows', async () => {
    renderCard('https://images.example.com/fuji.jpg');
    expect(await screen.findByRole('img', { name: 'Photo of Fujinomiya, Japan' })).toHaveAttribute(
      'src',
      'https://images.example.com/fuji.jpg',
    );
  });

  it('describes the app’s artwork as the category’s illustration', async () => {
    renderCard('/artwork/bucket/mountain-1.svg');
    expect(
      await screen.findByRole('img', { name: 'Illustration for Mountain' }),
    ).toBeInTheDocument();
  });
});

describe('ItemCard photo credit', () => {
  const credit = {
    photographer: 'Ada Nordlys',
    photographerUrl: 'https://unsplash.com/@ada_nordlys?utm_source=vowa&utm_medium=referral',
    sourceUrl: 'https://unsplash.com/?utm_source=vowa&utm_medium=referral',
  };
  const renderItem = (item: Partial<BucketItem>) =>
    renderWithApp(
      <ItemCard
        item={makeItem(item)}
        canEdit={false}
        actions={{ toggle: vi.fn(), edit: vi.fn(), remove: vi.fn() }}
      />,
    );

  it('credits an Unsplash photo’s photographer, both links tagged as a referral', async () => {
    renderItem({ image: 'https://images.unsplash.com/photo-1?w=1080', imageCredit: credit });
    const shown = await screen.findByTestId('photo-credit');
    expect(shown).toHaveTextContent('Photo by Ada Nordlys on Unsplash');
    const links = within(shown).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ada Nordlys', credit.photographerUrl],
      ['Unsplash', credit.sourceUrl],
    ]);
    for (const link of links) {
      const params = new URL(link.getAttribute('href')!).searchParams;
      expect(params.get('utm_source')).toBe('vowa');
      expect(params.get('utm_medium')).toBe('referral');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows no credit for artwork, a person’s own image or an older server’s item', async () => {
    const { unmount } = renderItem({
      image: '/api/artwork/scenes/none.mountains.cold.aurora.x.1.svg',
    });
    await screen.findByRole('article');
    expect(screen.queryByTestId('photo-credit')).not.toBeInTheDocument();
    unmount();
    const own = renderItem({ image: 'https://images.example.com/fuji.jpg', imageCredit: null });
    await screen.findByRole('article');
    expect(screen.queryByTestId('photo-credit')).not.toBeInTheDocument();
    own.unmount();
    const older = makeItem({ image: 'https://images.example.com/fuji.jpg' });
    delete older.imageCredit;
    renderWithApp(
      <ItemCard
        item={older}
        canEdit={false}
        actions={{ toggle: vi.fn(), edit: vi.fn(), remove: vi.fn() }}
      />,
    );
    await screen.findByRole('article');
    expect(screen.queryByTestId('photo-credit')).not.toBeInTheDocument();
  });

  it('drops the credit when the photo fails to load and the artwork stands in', async () => {
    renderItem({ image: 'https://images.unsplash.com/photo-1?w=1080', imageCredit: credit });
    expect(await screen.findByTestId('photo-credit')).toBeInTheDocument();
    fireEvent.error(screen.getByTestId('bucket-item-image'));
    expect(screen.getByTestId('bucket-item-image')).toHaveAttribute(
      'src',
      '/artwork/bucket/mountain.svg',
    );
    expect(screen.queryByTestId('photo-credit')).not.toBeInTheDocument();
  });
});

describe('ItemCard details', () => {
  it('shows an estimated cost that was given, and none for the form’s default of 0', async () => {
    const { unmount } = renderCard('/artwork/bucket/mountain-1.svg', 2400);
    expect(await screen.findByText('Estimated Cost')).toBeInTheDocument();
    expect(screen.getByText('$2,400')).toBeInTheDocument();
    unmount();
    renderCard('/artwork/bucket/mountain-1.svg', 0);
    await screen.findByRole('article');
    expect(screen.queryByText('Estimated Cost')).not.toBeInTheDocument();
  });
});

describe('ItemCard budget watch (issue 16)', () => {
  it('offers "Tell me when it fits my budget" on a place not yet visited', async () => {
    const actions = { toggle: vi.fn(), edit: vi.fn(), remove: vi.fn(), watchBudget: vi.fn() };
    const item = makeItem();
    const user = userEvent.setup();
    const view = renderWithApp(<ItemCard item={item} canEdit={false} actions={actions} />);
    await user.click(screen.getByRole('button', { name: 'Tell me when it fits my budget' }));
    expect(actions.watchBudget).toHaveBeenCalledExactlyOnceWith(item);
    view.unmount();

    renderWithApp(
      <ItemCard
        item={makeItem({ isCompleted: true, completedDate: '2026-01-10' })}
        canEdit={false}
        actions={actions}
      />,
    );
    expect(
      screen.queryByRole('button', { name: 'Tell me when it fits my budget' }),
    ).not.toBeInTheDocument();
  });
});
