import { describe, expect, it } from 'vitest';
import { userDisplayName, userFirstName, userInitials } from './user-display';

describe('userDisplayName (part 1 §3)', () => {
  it('prefers the display name, then the name', () => {
    expect(userDisplayName({ display_name: 'Ada L', name: 'Ada Lovelace', email: 'a@b.co' })).toBe(
      'Ada L',
    );
    expect(userDisplayName({ display_name: ' ', name: 'Ada Lovelace', email: 'a@b.co' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the local part of the email, then to User', () => {
    expect(userDisplayName({ email: 'grace.hopper@navy.mil' })).toBe('grace.hopper');
    expect(userDisplayName({})).toBe('User');
    expect(userDisplayName({ email: '@x.y' })).toBe('User');
  });

  it('gives the first name and up to two initials', () => {
    expect(userFirstName({ name: 'Katherine Johnson' })).toBe('Katherine');
    expect(userInitials({ name: 'katherine coleman johnson' })).toBe('KC');
    expect(userInitials({})).toBe('U');
  });
});
