import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithApp } from '../../test/render-app';
import { makeList } from './bucket-test-data';
import { ListDialog } from './list-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create New Bucket List', () => {
  it('keeps Create List disabled until the trimmed name has text', async () => {
    mockFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderWithApp(<ListDialog open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Create New Bucket List' });
    const create = within(dialog).getByRole('button', { name: 'Create List' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('List Name'), '   ');
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('List Name'), 'Japan');
    expect(create).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('offers the eight colour presets and sends the chosen one', async () => {
    const list = makeList({ name: 'Japan', color: 'rose-pink', isPublic: true });
    const { calls } = mockFetch(({ method }) =>
      method === 'POST' ? jsonResponse(201, list) : jsonResponse(200, { lists: [list] }),
    );
    const onCreated = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ListDialog open onOpenChange={onOpenChange} onCreated={onCreated} />);
    const group = screen.getByRole('radiogroup', { name: 'Color Theme' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual([
      'Ocean Blue',
      'Sunset Orange',
      'Forest Green',
      'Royal Purple',
      'Golden Yellow',
      'Rose Pink',
      'Slate Gray',
      'Teal',
    ]);
    expect(within(group).getByRole('radio', { name: 'Ocean Blue' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Rose Pink' }));
    expect(within(group).getByRole('radio', { name: 'Rose Pink' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Ocean Blue' })).not.toBeChecked();

    await user.type(screen.getByLabelText('List Name'), '  Japan ');
    await user.click(
      screen.getByLabelText('Make this list public (others can view and get inspired)'),
    );
    await user.click(screen.getByRole('button', { name: 'Create List' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(list));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/travel/bucket_lists',
      body: { name: 'Japan', description: '', color: 'rose-pink', isPublic: true },
    });
  });
});
