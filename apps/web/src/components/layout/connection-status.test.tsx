import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveLinkContext, type LiveLink } from '../../lib/live-link';
import { ConnectionStatus } from './connection-status';

function renderWith(link: LiveLink) {
  return render(
    <LiveLinkContext.Provider value={link}>
      <ConnectionStatus />
    </LiveLinkContext.Provider>,
  );
}

describe('ConnectionStatus', () => {
  it('says "Reconnecting…" in a status region while the live link is down', () => {
    renderWith('reconnecting');
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
  });

  it('keeps the region, empty, while connected and for guests', () => {
    for (const link of ['connected', 'off'] as const) {
      const { unmount } = renderWith(link);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      unmount();
    }
  });
});
