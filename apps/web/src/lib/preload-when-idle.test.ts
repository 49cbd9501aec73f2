import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadWhenIdle } from './preload-when-idle';

describe('preloadWhenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts one loader per idle moment, in order', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const started: string[] = [];
    const loader = (name: string) => () => {
      started.push(name);
      return Promise.resolve();
    };

    preloadWhenIdle([loader('list'), loader('item'), loader('discover')]);
    expect(started).toEqual([]);

    idle.shift()?.();
    expect(started).toEqual(['list']);
    idle.shift()?.();
    expect(started).toEqual(['list', 'item']);
    idle.shift()?.();
    expect(started).toEqual(['list', 'item', 'discover']);
    expect(idle).toHaveLength(0);
  });
});
