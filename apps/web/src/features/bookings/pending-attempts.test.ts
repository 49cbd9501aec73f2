import { afterEach, describe, expect, it } from 'vitest';
import { SPECIAL_REQUESTS_MAX_LENGTH } from '@vowa/shared/bookings/booking-schemas';
import { checkDetails } from './booking-details';
import { createPendingAttempts, pendingAttemptId } from './pending-attempts';

const body = { items: [], travelers: [], contact: { email: 'a@b.c' } } as never;

afterEach(() => sessionStorage.clear());

describe('pending booking attempts', () => {
  it('names the same items in any order for the same travellers alike', () => {
    const a = pendingAttemptId([{ quoteId: 'q2' }, { quoteId: 'q1' }], 2, 'u');
    expect(pendingAttemptId([{ quoteId: 'q1' }, { quoteId: 'q2' }], 2, 'u')).toBe(a);
    expect(pendingAttemptId([{ quoteId: 'q1' }, { quoteId: 'q2' }], 3, 'u')).not.toBe(a);
  });

  it('keeps the key and body for a new dialog and a reload until cleared', () => {
    const slot = createPendingAttempts().slot('x');
    slot.save({ key: 'k-1', body });
    expect(slot.load()).toEqual({ key: 'k-1', body });
    // A reload: a new provider reads sessionStorage.
    const reloaded = createPendingAttempts().slot('x');
    expect(reloaded.load()).toEqual({ key: 'k-1', body });
    reloaded.clear();
    expect(createPendingAttempts().slot('x').load()).toBeNull();
  });
});

describe('checkDetails special requests', () => {
  it('refuses text longer than the booking allows, under its own field', () => {
    const traveller = { givenName: 'Ada', familyName: 'King', bornOn: '', gender: '' as const };
    const contact = { email: 'ada@example.com', phone: '' };
    const long = 'x'.repeat(SPECIAL_REQUESTS_MAX_LENGTH + 1);
    const checked = checkDetails([traveller], contact, long);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors.specialRequests).toBe('textTooLong');
    expect(checkDetails([traveller], contact, 'x'.repeat(SPECIAL_REQUESTS_MAX_LENGTH)).ok).toBe(
      true,
    );
  });
});
