import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-app';
import { makeItem } from './bucket-test-data';
import { ItemCard } from './item-card';

const renderCard = (image: string) =>
  renderWithApp(
    <ItemCard
      item={makeItem({ image })}
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
