import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from './loading-screen';

function Harness() {
  const [visible, setVisible] = useState(true);
  const hide = useCallback(() => setVisible(false), []);
  return visible ? <LoadingScreen onDone={hide} /> : <p>app ready</p>;
}

afterEach(() => vi.useRealTimers());

describe('LoadingScreen', () => {
  it('shows the brand and disappears after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Harness />);
    expect(screen.getByRole('status')).toHaveTextContent('Vowa');
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('button', { name: 'Skip Loading' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Skip Loading' })).not.toBeInTheDocument();
    expect(screen.getByText('app ready')).toBeInTheDocument();
  });

  it('disappears at once on Skip Loading', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Skip Loading' }));
    expect(screen.getByText('app ready')).toBeInTheDocument();
  });
});
