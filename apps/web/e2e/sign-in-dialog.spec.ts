import { expect, test } from '@playwright/test';
import { openApp } from './support';

test('the sign-in dialog shows each validation message and clears them on a mode switch', async ({
  page,
}) => {
  await openApp(page, '/login');
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(login.getByText('Email is required')).toBeVisible();
  await expect(login.getByText('Password is required')).toBeVisible();
  await expect(login.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await login.getByLabel('Email').fill('not-an-email');
  await login.getByLabel('Password', { exact: true }).fill('12345');
  await login.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(login.getByText('Please enter a valid email')).toBeVisible();
  await expect(login.getByText('Password must be at least 6 characters')).toBeVisible();

  await login.getByRole('button', { name: 'Sign Up' }).click();
  const register = page.getByRole('dialog', { name: 'Create Account' });
  await expect(register.getByText('Please enter a valid email')).toHaveCount(0);
  await expect(register.getByLabel('Email')).toHaveValue('');
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Name is required')).toBeVisible();
  await expect(register.getByText('Please confirm your password')).toBeVisible();
  await register.getByLabel('Password', { exact: true }).fill('secret1');
  await register.getByLabel('Confirm Password').fill('secret2');
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Passwords do not match')).toBeVisible();

  await register.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset Password' });
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByText('Email is required')).toBeVisible();
  await forgot.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
