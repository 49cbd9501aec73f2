import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validationMessageText } from '../validation/messages';
import {
  forgotPasswordFormSchema,
  loginFormSchema,
  registerFormSchema,
  registerRequestSchema,
  resetPasswordFormSchema,
} from './auth-schemas';

/** The first message per field, in English, as the form and the API show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    byField[field] ??= validationMessageText(issue.message);
  }
  return byField;
}

describe('sign-in form (part 1 §5)', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['plainaddress', 'Please enter a valid email'],
    ['a@b', 'Please enter a valid email'],
    ['a @b.co', 'Please enter a valid email'],
    ['@b.co', 'Please enter a valid email'],
  ])('email %j → %s', (email, message) => {
    expect(messages(loginFormSchema, { email, password: 'secret1' })).toEqual({ email: message });
  });

  it('accepts a well-formed email with surrounding spaces', () => {
    expect(messages(loginFormSchema, { email: '  ada@example.com ', password: 'secret1' })).toEqual(
      {},
    );
  });

  it.each([
    ['', 'Password is required'],
    ['12345', 'Password must be at least 6 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
  ])('password %j → %s', (password, message) => {
    expect(messages(loginFormSchema, { email: 'a@b.co', password })).toEqual({ password: message });
  });

  it('accepts a 6-character password', () => {
    expect(messages(loginFormSchema, { email: 'a@b.co', password: '123456' })).toEqual({});
  });

  it('register needs a name and a matching confirmation', () => {
    const valid = { name: 'Ada', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' };
    expect(messages(registerFormSchema, valid)).toEqual({});
    expect(messages(registerFormSchema, { ...valid, name: ' ' })).toEqual({
      name: 'Name is required',
    });
    expect(messages(registerFormSchema, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(registerFormSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('reports a mismatch together with the other errors', () => {
    expect(
      messages(registerFormSchema, {
        name: '',
        email: 'bad',
        password: 'secret1',
        confirmPassword: 'x',
      }),
    ).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messages(resetPasswordFormSchema, { newPassword: '123', confirmPassword: '1234' }),
    ).toEqual({
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('reports every field at once for an empty register form', () => {
    expect(
      messages(registerFormSchema, { name: '', email: '', password: '', confirmPassword: '' }),
    ).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('forgot-password needs only a valid email', () => {
    expect(messages(forgotPasswordFormSchema, { email: '' })).toEqual({
      email: 'Email is required',
    });
    expect(messages(forgotPasswordFormSchema, { email: 'a@b.co' })).toEqual({});
  });
});

describe('reset form (part 1 §5)', () => {
  it.each([
    [
      { newPassword: '', confirmPassword: '' },
      { newPassword: 'New password is required', confirmPassword: 'Please confirm your password' },
    ],
    [
      { newPassword: '123', confirmPassword: '123' },
      { newPassword: 'Password must be at least 6 characters' },
    ],
    [
      { newPassword: 'secret1', confirmPassword: 'secret2' },
      { confirmPassword: 'Passwords do not match' },
    ],
    [{ newPassword: 'secret1', confirmPassword: 'secret1' }, {}],
  ])('%j → %j', (form, expected) => {
    expect(messages(resetPasswordFormSchema, form)).toEqual(expected);
  });
});

describe('register request', () => {
  it('takes name or display_name', () => {
    expect(
      registerRequestSchema.safeParse({ email: 'a@b.co', password: 'secret1', name: 'A' }).success,
    ).toBe(true);
    expect(
      registerRequestSchema.safeParse({ email: 'a@b.co', password: 'secret1', display_name: 'A' })
        .success,
    ).toBe(true);
    expect(messages(registerRequestSchema, { email: 'a@b.co', password: 'secret1' })).toEqual({
      name: 'Name is required',
    });
  });
});
