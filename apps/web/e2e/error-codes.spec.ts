import { expect, test } from '@playwright/test';
import { de } from '../src/locales/de';
import { openApp, registerAccount, signInByApi } from './support';

test('a German user sees server errors in German: a wrong current password and a wrong sign-in', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await registerAccount(request, { name: 'Alexander von Humboldt' });
  await signInByApi(page, account.email, account.password);

  // The language is chosen in Settings, as a person does.
  await openApp(page, '/settings');
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(de.settings.saved)).toBeVisible();

  // Security: the server refuses the current password; the German text sits under that field.
  await page.getByRole('tab', { name: de.settings.tabs.security }).click();
  const form = page.getByRole('region', { name: de.security.password.title });
  await form.getByLabel(de.security.password.current).fill('not-my-password');
  await form.getByLabel(de.security.password.new, { exact: true }).fill('new-wander-lust-42');
  await form.getByLabel(de.security.password.confirm).fill('new-wander-lust-42');
  await form.getByRole('button', { name: de.security.password.submit }).click();
  const current = form.getByLabel(de.security.password.current);
  await expect(current).toHaveAccessibleDescription(de.errors.current_password_incorrect);
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Current password is incorrect.')).toHaveCount(0);

  // Signed out, the sign-in dialog speaks German, and so does the server's refusal.
  await page.getByRole('button', { name: de.userMenu.open }).click();
  await page.getByRole('menuitem', { name: de.userMenu.signOut }).click();
  await expect(page).toHaveURL(/\/$/);
  await openApp(page, '/login');
  const dialog = page.getByRole('dialog', { name: de.auth.loginTitle });
  await dialog.getByLabel(de.auth.email).fill(account.email);
  await dialog.getByLabel(de.auth.password, { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: de.auth.signIn, exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(de.errors.invalid_credentials);
  await expect(page.getByText('Incorrect email or password')).toHaveCount(0);
});
