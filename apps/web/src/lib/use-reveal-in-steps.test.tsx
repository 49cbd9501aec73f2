import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealInSteps } from './use-reveal-in-steps';

describe('useRevealInSteps', () => {
  it('reveals every entry of a long list, a step at a time', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useRevealInSteps(10, 4);
      seen.push(shown);
      return shown;
    });
    await act(async () => {});
    expect(result.current).toBe(10);
    expect(seen[0]).toBe(4);
    expect(new Set(seen)).toEqual(new Set([4, 8, 10]));
  });

  it('shows a short list whole at once and grows with the list', async () => {
    const { result, rerender } = renderHook(({ total }) => useRevealInSteps(total, 6), {
      initialProps: { total: 3 },
    });
    expect(result.current).toBe(3);
    rerender({ total: 9 });
    await act(async () => {});
    expect(result.current).toBe(9);
  });
});
