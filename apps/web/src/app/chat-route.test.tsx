import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sampleUser } from '../test/fetch-mock';
import { renderWithApp } from '../test/render-app';
import { ChatRoute } from './chat-route';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ChatRoute', () => {
  it("waits for a signed-in person's session rather than showing them the guest's chat", async () => {
    localStorage.setItem('access_token', 'jwt');
    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    mockFetch(async ({ path }) => {
      if (path === '/auth/users/me') {
        await confirmed;
        return jsonResponse(200, sampleUser);
      }
      if (path === '/llm/conversations') return jsonResponse(200, { conversations: [] });
      return jsonResponse(404, { detail: 'Not found.' });
    });
    renderWithApp(<ChatRoute />, { path: '/chat' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('textbox', { name: 'Message to Vowa' })).not.toBeInTheDocument();

    confirm();
    const composer = await screen.findByRole('textbox', { name: 'Message to Vowa' });
    // The screen they type in is theirs and stays: no guest greeting asks them to sign in.
    await userEvent.type(composer, 'Lisbon in May');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(composer).toHaveValue('Lisbon in May');
  });

  it('shows a guest the chat at once', async () => {
    mockFetch(() => jsonResponse(404, { detail: 'Not found.' }));
    renderWithApp(<ChatRoute />, { path: '/chat' });
    expect(await screen.findByRole('textbox', { name: 'Message to Vowa' })).toBeInTheDocument();
  });
});
