import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useFirstScreenSettled } from './use-first-screen-settled';

describe('useFirstScreenSettled', () => {
  // One page's life: the module remembers that its first screen settled.
  it("waits for the screen's reads in flight, then stays true for the page", async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    void client.prefetchQuery({
      queryKey: ['screen'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const first = renderHook(() => useFirstScreenSettled(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.result.current).toBe(false);

    await act(async () => answer('read'));
    await waitFor(() => expect(first.result.current).toBe(true));

    // Whatever mounts later (another screen's shell part) starts at once.
    const later = renderHook(() => useFirstScreenSettled(), { wrapper });
    expect(later.result.current).toBe(true);
  });
});
