import { describe, expect, it } from 'vitest';
import { SCREENS_READ_EARLY, screenReads } from './screen-reads';

describe('screenReads', () => {
  it("is the shell's reads and then the screen's, with or without a trailing slash", () => {
    const reads = screenReads('/travel/bucket-list/');
    expect(reads.slice(0, 2)).toEqual(['/auth/users/me', '/user_management/settings']);
    expect(reads.slice(-2)).toEqual(['/travel/bucket_lists', '/travel/bucket_lists/invitations']);
    expect(screenReads('/travel/bucket-list')).toEqual(reads);
  });

  it('is nothing for a screen not listed, the landing included', () => {
    expect(screenReads('/')).toEqual([]);
    expect(screenReads('/profile')).toEqual([]);
    expect(SCREENS_READ_EARLY).toContain('/travel/suggestions');
  });
});
