import { expect, test, type Page } from '@playwright/test';
import { es } from '../src/locales/es';
import { inBothThemes } from './axe';
import {
  openApp,
  registerAccount,
  saveSandboxCardByApi,
  signInByApi,
  signedInThroughDialog,
  skipLoading,
  verifyAccount,
} from './support';

async function openSettings(page: Page) {
  await openApp(page, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

async function saveChanges(page: Page) {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeHidden();
}

test('settings are stored on the server and survive a reload', async ({ page, request }) => {
  const account = await registerAccount(request, { name: 'Freya Stark' });
  await signInByApi(page, account.email, account.password);
  await openSettings(page);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeHidden();

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('switch', { name: 'Price drop alerts' }).click();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await page.getByLabel('Profile visibility').selectOption('private');
  await saveChanges(page);

  await page.reload();
  await skipLoading(page);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Price drop alerts' })).toBeChecked();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByLabel('Profile visibility')).toHaveValue('private');
});

test('the currency setting changes the amounts on the suggestions screen', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, { name: 'Ida Pfeiffer' });
  await signInByApi(page, account.email, account.password);
  await openApp(page, '/travel/suggestions');
  const price = page.getByTestId('trip-price').first();
  await expect(price).toContainText('$');

  await openSettings(page);
  await page.getByLabel('Currency').selectOption('EUR');
  await saveChanges(page);

  await openApp(page, '/travel/suggestions');
  await expect(page.getByTestId('trip-price').first()).toContainText('€');
  // The budget screen's amounts follow too.
  await openApp(page, '/financial/budget');
  // The budget limits are in euros too ($500 is €400 at the bundled rate, rounded to a step).
  await expect(page.getByText('€400', { exact: true })).toBeVisible();
});

test('the language setting switches the whole interface, here and on the next sign-in', async ({
  page,
  browser,
  request,
}) => {
  const account = await registerAccount(request, { name: 'Isabella Bird' });
  await signInByApi(page, account.email, account.password);
  await openSettings(page);
  await page.getByLabel('Language').selectOption('es');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText(es.settings.saved)).toBeVisible();
  await expect(page.getByRole('heading', { name: es.settings.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: es.settings.tabs.notifications })).toBeVisible();
  await expect(page.getByRole('link', { name: es.nav.bucketList }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.reload();
  await expect(page.getByRole('heading', { name: es.settings.title, level: 1 })).toBeVisible();

  // Another browser has never seen this choice: it comes from the server after signing in.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signedInThroughDialog(other, account.email, account.password);
  await expect(other.getByRole('link', { name: es.nav.bucketList }).first()).toBeVisible();
  await elsewhere.close();
});

test('auto-booking is one value, on the Settings and the Budget screens', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, { name: 'Gertrude Bell' });
  // Auto-booking books with a saved card and mails the confirmation: both are needed first.
  await verifyAccount(request, account.email);
  await signInByApi(page, account.email, account.password);
  await saveSandboxCardByApi(page, 'Gertrude Bell');
  await openSettings(page);
  await page.getByRole('switch', { name: 'Auto-booking' }).click();
  await saveChanges(page);

  await openApp(page, '/financial/budget');
  await expect(page.getByRole('switch', { name: 'Auto-Booking' })).toBeChecked();
});

test('the settings tabs have no serious accessibility violations', async ({ page, request }) => {
  test.slow();
  const account = await registerAccount(request, { name: 'Alexandra David-Néel' });
  await signInByApi(page, account.email, account.password);
  await openSettings(page);
  for (const tab of ['General', 'Notifications', 'Privacy']) {
    await page.getByRole('tab', { name: tab }).click();
    await inBothThemes(page, `settings ${tab}`);
  }
});

test('on a phone every settings tab shows whole and the saved message never covers a setting', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const account = await registerAccount(request, { name: 'Nellie Bly' });
  await signInByApi(page, account.email, account.password);
  await openSettings(page);
  // Every tab is whole on the screen: none is cut off at the edge of a scrolling row.
  for (const name of ['General', 'Notifications', 'Privacy', 'Security']) {
    const box = await page.getByRole('tab', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  }
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('switch', { name: 'Price drop alerts' }).click();
  await saveChanges(page);

  // The last switch scrolled to the bottom edge of the screen is still the thing under a tap.
  const weeklyDigest = page.getByRole('switch', { name: 'Weekly digest' });
  await weeklyDigest.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const covered = await weeklyDigest.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit === null || !element.contains(hit);
  });
  expect(covered).toBe(false);
  // On by default: the tap turns it off.
  await weeklyDigest.click();
  await expect(weeklyDigest).not.toBeChecked();
});
