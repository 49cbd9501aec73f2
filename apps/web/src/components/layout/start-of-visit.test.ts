import { afterEach, describe, expect, it } from 'vitest';
import { startsVisit } from './start-of-visit';

afterEach(() => window.sessionStorage.clear());

describe('startsVisit', () => {
  it('is true for the first load in a tab, false for reloads and later pages', () => {
    expect(startsVisit('/')).toBe(true);
    expect(startsVisit('/')).toBe(false);
    expect(startsVisit('/travel/suggestions')).toBe(false);
  });

  it('is false for the links people follow from mail, even as the first load', () => {
    for (const path of [
      '/verify-email',
      '/reset-password',
      '/confirm-email',
      '/travel/bucket-list/invitation',
    ]) {
      window.sessionStorage.clear();
      expect(startsVisit(path), path).toBe(false);
    }
  });

  it('treats every load as a start when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(startsVisit('/', blocked)).toBe(true);
    expect(startsVisit('/', blocked)).toBe(true);
  });
});
