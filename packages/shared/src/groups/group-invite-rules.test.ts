import { describe, expect, it } from 'vitest';
import {
  checkInviteAddress,
  checkInviteInput,
  countryCodeOptions,
  inviteModeOf,
  normalizeInviteCode,
} from './group-invite-rules';
import { groupInviteSchema, joinGroupSchema } from './group-invite-schemas';

describe('the invite field (part 2 §5)', () => {
  it('is in phone mode for digits with an optional leading plus, in email mode otherwise', () => {
    for (const text of ['5551234567', '+447911123456', ' 555 123 4567 ', '555-123-4567', '1']) {
      expect(inviteModeOf(text), text).toBe('phone');
    }
    for (const text of ['', 'ada@example.com', 'ada', '555a1234', '++5551234', '+', '5551234+']) {
      expect(inviteModeOf(text), text).toBe('email');
    }
  });

  it("says 'Invalid email address' for anything that is not an email", () => {
    for (const text of ['ada', 'ada@example', '@example.com', 'ada @example.com', 'a@b.c d']) {
      expect(checkInviteInput(text, '+1'), text).toEqual({ ok: false, code: 'inviteEmailInvalid' });
    }
    expect(checkInviteInput(`${'a'.repeat(250)}@example.com`, '+1')).toEqual({
      ok: false,
      code: 'inviteEmailInvalid',
    });
    expect(checkInviteInput('  Ada@Example.COM ', '+1')).toEqual({
      ok: true,
      type: 'email',
      value: 'ada@example.com',
    });
  });

  it("says 'Phone number too short' under 7 digits, and prefixes the country code", () => {
    expect(checkInviteInput('123456', '+44')).toEqual({ ok: false, code: 'invitePhoneTooShort' });
    expect(checkInviteInput('1234567', '+44')).toEqual({
      ok: true,
      type: 'phone',
      value: '+441234567',
    });
    expect(checkInviteInput('(555) 123-4567', '+1')).toEqual({
      ok: true,
      type: 'phone',
      value: '+15551234567',
    });
    expect(checkInviteInput('123456789012345', '+213')).toEqual({
      ok: false,
      code: 'invitePhoneTooLong',
    });
  });

  it('takes a number typed with its own + as international, whatever code is chosen', () => {
    expect(checkInviteInput('+33612345678', '+1')).toEqual({
      ok: true,
      type: 'phone',
      value: '+33612345678',
    });
    expect(checkInviteInput('+33123', '+1')).toEqual({ ok: false, code: 'invitePhoneTooShort' });
  });

  it("offers the spec's country codes, in its order", () => {
    expect(countryCodeOptions.map((option) => option.label)).toEqual([
      '+1 US',
      '+1 CA',
      '+44 UK',
      '+213 DZ',
      '+234 NG',
      '+33 FR',
      '+49 DE',
      '+91 IN',
    ]);
  });
});

describe('the server re-checks the address', () => {
  it("wants '+' and at least 7 digits after a known country code", () => {
    expect(checkInviteAddress('phone', '+2131234567')).toMatchObject({ ok: true });
    expect(checkInviteAddress('phone', '+213123456')).toEqual({
      ok: false,
      code: 'invitePhoneTooShort',
    });
    expect(checkInviteAddress('phone', '+91987654321')).toMatchObject({ ok: true });
    // Without the plus the country is unknown.
    expect(checkInviteAddress('phone', '15551234567')).toEqual({
      ok: false,
      code: 'invitePhoneTooShort',
    });
    // Another country's code: one digit of code at least, then 7.
    expect(checkInviteAddress('phone', '+81312345678')).toMatchObject({ ok: true });
    expect(checkInviteAddress('phone', '+8131234')).toEqual({
      ok: false,
      code: 'invitePhoneTooShort',
    });
    expect(checkInviteAddress('email', 'x@y.z')).toEqual({
      ok: true,
      type: 'email',
      value: 'x@y.z',
    });
  });

  it('reports the rule as a field error on value', () => {
    const parsed = groupInviteSchema.safeParse({
      type: 'phone',
      value: '+1555',
      chat_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([
      { path: ['value'], message: 'invitePhoneTooShort' },
    ]);
    const ok = groupInviteSchema.parse({
      type: 'email',
      value: ' Ada@Example.com',
      chat_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(ok.value).toBe('ada@example.com');
  });
});

describe('invite codes', () => {
  it('are 6 uppercase letters or digits; a typed one is trimmed and upper-cased', () => {
    expect(normalizeInviteCode(' ab12cd ')).toBe('AB12CD');
    expect(normalizeInviteCode('AB12C')).toBeNull();
    expect(normalizeInviteCode('AB12CDE')).toBeNull();
    expect(normalizeInviteCode('AB-12C')).toBeNull();
  });

  it('join with a code or a token, not both and not neither', () => {
    expect(joinGroupSchema.safeParse({ code: 'ABC123' }).success).toBe(true);
    expect(joinGroupSchema.safeParse({ token: 'x' }).success).toBe(true);
    expect(joinGroupSchema.safeParse({}).success).toBe(false);
    expect(joinGroupSchema.safeParse({ code: 'ABC123', token: 'x' }).success).toBe(false);
  });
});
