import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-app';
import { makeItem } from './bucket-test-data';
import { ItemCard } from './item-card';

const renderCard = (image: string, estimatedCost = 0) =>
  renderWithApp(
    <ItemCard
      item={makeItem({ image, estimatedCost })}
      canEdit={false}
      onToggle={vi.fn()}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
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
