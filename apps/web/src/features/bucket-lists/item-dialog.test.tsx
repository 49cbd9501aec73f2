import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeItem } from './bucket-test-data';
import { ItemDialog } from './item-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (label: string) =>
  within(screen.getByRole('dialog')).getByLabelText(label, { exact: true });

describe('Add Bucket List Item', () => {
  it('keeps Add Item disabled until title, location and country are non-blank', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderWithApp(<ItemDialog open onOpenChange={vi.fn()} listId="l1" />);
    expect(screen.getByRole('heading', { name: 'Add Bucket List Item' })).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add Item' });
    expect(add).toBeDisabled();
    // Defaults (part 1 §3).
    expect(field('Category')).toHaveValue('adventure');
    expect(field('Priority')).toHaveValue('medium');
    expect(field('Estimated Cost')).toHaveValue(0);

    await user.type(field('Title'), 'Fuji');
    await user.type(field('Location'), '  ');
    await user.type(field('Country'), 'Japan');
    expect(add).toBeDisabled();
    await user.type(field('Location'), 'Fujinomiya');
    expect(add).toBeEnabled();
    await user.clear(field('Title'));
    await user.type(field('Title'), '   ');
    expect(add).toBeDisabled();
  });

  it('rejects an image that is not a URL, then sends a valid item and closes', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, makeItem()));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ItemDialog open onOpenChange={onOpenChange} listId="l1" />);
    await user.type(field('Title'), 'Climb Mount Fuji');
    await user.type(field('Location'), 'Fujinomiya');
    await user.type(field('Country'), 'Japan');
    await user.selectOptions(field('Category'), 'Mountain');
    await user.clear(field('Estimated Cost'));
    await user.type(field('Estimated Cost'), '2500');
    await user.type(field('Image URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(
      await screen.findByText('Image must be a web address starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(field('Image URL')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await user.clear(field('Image URL'));
    await user.type(field('Image URL'), 'https://example.com/fuji.jpg');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/travel/bucket_lists/l1/items',
      body: {
        title: 'Climb Mount Fuji',
        location: 'Fujinomiya',
        country: 'Japan',
        category: 'mountain',
        priority: 'medium',
        estimatedCost: 2500,
        image: 'https://example.com/fuji.jpg',
      },
    });
  });

  it('rejects a negative cost', async () => {
    const { calls } = mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderWithApp(<ItemDialog open onOpenChange={vi.fn()} listId="l1" />);
    await user.type(field('Title'), 'A');
    await user.type(field('Location'), 'B');
    await user.type(field('Country'), 'C');
    await user.clear(field('Estimated Cost'));
    await user.type(field('Estimated Cost'), '-5');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(
      await screen.findByText('Estimated cost must be a number of at least 0'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('edits an item with its values prefilled', async () => {
    const item = makeItem({ title: 'Eat ramen', category: 'food', estimatedCost: 40 });
    const { calls } = mockFetch(() => jsonResponse(200, item));
    const user = userEvent.setup();
    renderWithApp(<ItemDialog open onOpenChange={vi.fn()} listId="l1" item={item} />);
    expect(screen.getByRole('heading', { name: 'Edit Bucket List Item' })).toBeInTheDocument();
    expect(field('Title')).toHaveValue('Eat ramen');
    expect(field('Category')).toHaveValue('food');
    // App artwork is not shown as if the person had typed it.
    expect(field('Image URL')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.path).toBe(`/travel/bucket_lists/l1/items/${item.id}`);
  });
});
