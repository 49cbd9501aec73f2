import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import {
  latestMail,
  registerAccount,
  signedInPage,
  skipLoading,
  uniqueEmail,
  untilSettled,
} from './support';

const PROFILE = '/profile';

/** A small, real PNG (a sky-to-violet gradient) built in memory. */
function makePng(size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x += 1) {
      const t = (x + y) / (2 * (size - 1));
      rows.push(Math.round(14 + t * 110), Math.round(165 - t * 107), Math.round(233 + t * 4));
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedIn(page: Page, request: Parameters<typeof registerAccount>[0]) {
  const account = await registerAccount(request, { name: 'Freya Stark' });
  await signedInPage(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  return account;
}

async function reloadProfile(page: Page) {
  await page.reload();
  await skipLoading(page);
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
}

async function startEditing(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit your details' });
  await expect(form).toBeVisible();
  return form;
}

const about = (page: Page) => page.getByRole('region', { name: 'About' });
const social = (page: Page) => page.getByRole('region', { name: 'Social Media' });
const profilePhoto = (page: Page) => page.getByRole('img', { name: /^Profile picture of / });

test('edits and saves the profile; it survives a reload and the header follows', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByText('Complete your profile')).toBeVisible();
  // A new account has honest zeros.
  const tiles = page.getByRole('region', { name: 'Your travel stats' });
  await expect(tiles.getByTestId('stat-trips')).toContainText('0');
  await expect(tiles.getByTestId('stat-saved')).toContainText('$0');
  await expect(tiles.getByTestId('stat-favorite')).toContainText('—');
  await expect(page.getByRole('region', { name: 'Recent Trips' })).toContainText('No trips yet');

  const form = await startEditing(page);
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await form.getByLabel('Name', { exact: true }).fill('Freya Madeline Stark');
  await form.getByLabel('Display name').fill('Freya');
  await form.getByLabel('Bio').fill('Explorer of the Middle East and writer of travel books.');
  await form.getByLabel('Location').fill('Asolo, Veneto, Italy');
  await form.getByLabel('Website').fill('freya.example.org');
  await form.getByLabel('Phone').fill('+39 0423 555 010');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
  await expect(page.getByText('Complete your profile')).toBeHidden();
  const userMenu = page.getByRole('button', { name: 'Open user menu' });
  await expect(userMenu).toContainText('Freya');

  await reloadProfile(page);
  await expect(page.getByRole('heading', { name: 'Freya Madeline Stark' })).toBeVisible();
  await expect(about(page)).toContainText(
    'Explorer of the Middle East and writer of travel books.',
  );
  await expect(about(page)).toContainText('Asolo, Veneto, Italy');
  await expect(about(page)).toContainText('+39 0423 555 010');
  await expect(about(page).getByRole('link', { name: /freya\.example\.org/ })).toHaveAttribute(
    'href',
    'https://freya.example.org',
  );
  await expect(userMenu).toContainText('Freya');
});

test('Cancel restores the saved values', async ({ page, request }) => {
  await signedIn(page, request);
  let form = await startEditing(page);
  await form.getByLabel('Name', { exact: true }).fill('Someone Else');
  await form.getByLabel('Bio').fill('Not saved');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Freya Stark' })).toBeVisible();
  await expect(about(page)).toContainText('No bio yet.');
  form = await startEditing(page);
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Freya Stark');
  await expect(form.getByLabel('Bio')).toHaveValue('');
});

test('an invalid phone number shows its message and saves nothing', async ({ page, request }) => {
  await signedIn(page, request);
  const form = await startEditing(page);
  await form.getByLabel('Phone').fill('call me maybe');
  await form.getByLabel('Bio').fill('This should not be saved either.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a valid phone number.')).toBeVisible();
  await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toBeVisible();

  await reloadProfile(page);
  await expect(about(page).getByTestId('about-phone')).toContainText('Not set');
  await expect(about(page)).toContainText('No bio yet.');
});

test('uploads a photo, saves it, and shows it in the profile and the header', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeDisabled();
  const form = await startEditing(page);
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeEnabled();
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
  await expect(page.getByText('New photo ready. Select Save to keep it.')).toBeVisible();
  await expect(profilePhoto(page)).toHaveAttribute('src', /^\/uploads\/avatars\/.+/);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();

  await reloadProfile(page);
  const photo = profilePhoto(page);
  await expect(photo).toHaveAttribute('src', /^\/uploads\/avatars\/.+/);
  const src = await photo.getAttribute('src');
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Open user menu' }).locator('img')).toHaveAttribute(
    'src',
    src ?? '',
  );
});

test('a file that is not really an image is refused', async ({ page, request }) => {
  await signedIn(page, request);
  await startEditing(page);
  await page.getByTestId('avatar-file').setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('This is a text file wearing a .png name.'),
  });
  await expect(page.getByRole('alert')).toHaveText('Please choose a JPEG, PNG or WebP image.');
  await expect(profilePhoto(page)).toHaveCount(0);
});

test('detects the location from the browser position', async ({ page, request, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
  await signedIn(page, request);
  const form = await startEditing(page);
  await form.getByRole('button', { name: 'Detect location' }).click();
  const location = form.getByLabel('Location');
  await expect(location).toHaveValue(/Paris/, { timeout: 20_000 });
  await expect(location).toHaveValue(/France/);
  await expect(form.getByText(/^Location detected: Paris/)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(about(page)).toContainText('Paris');
});

test('connects an Instagram account and disconnects it', async ({ page, request }) => {
  await signedIn(page, request);
  await expect(social(page).getByText('Not connected')).toHaveCount(2);
  await social(page).getByRole('button', { name: 'Connect Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Account' });
  await untilSettled(dialog);
  await expect(dialog.getByLabel('Platform')).toHaveValue('instagram');
  await dialog.getByLabel('Username').fill('@freya.travels');
  await dialog.getByLabel('Followers').fill('12500');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Instagram connected.')).toBeVisible();

  await reloadProfile(page);
  const link = social(page).getByRole('link', { name: /@freya\.travels on Instagram/ });
  await expect(link).toHaveAttribute('href', 'https://www.instagram.com/freya.travels/');
  await expect(social(page).getByText('12.5K followers')).toBeVisible();
  await expect(social(page).getByText('Not verified')).toBeVisible();
  await expect(social(page).getByText('Not connected')).toHaveCount(1);

  await social(page).getByRole('button', { name: 'Disconnect Instagram' }).click();
  await expect(page.getByText('Instagram disconnected.')).toBeVisible();
  await expect(social(page).getByText('Not connected')).toHaveCount(2);
  await reloadProfile(page);
  await expect(social(page).getByText('Not connected')).toHaveCount(2);
});

test('a new email changes once its confirmation link is followed', async ({ page, request }) => {
  const account = await signedIn(page, request);
  const newEmail = uniqueEmail('freya.new');
  const form = await startEditing(page);
  await form.getByLabel('Email').fill(newEmail);
  await form.getByRole('button', { name: 'Save' }).click();
  const notice = `We sent a confirmation link to ${newEmail}. Your email changes once you follow it.`;
  await expect(page.getByRole('status').filter({ hasText: notice }).first()).toBeVisible();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();

  const mail = await latestMail(newEmail, 'Confirm your new email for Vowa');
  expect(mail.link).toBeTruthy();
  const link = new URL(mail.link ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await skipLoading(page);
  await expect(page.getByText('Your email address is changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page.getByText(notice)).toBeHidden();
});

test('the profile, its edit mode and the Connect modal have no serious violations', async ({
  page,
  request,
}) => {
  test.slow(); // several full axe-core scans
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedIn(page, request);
  await expect(page.getByRole('region', { name: 'Achievements' })).toBeVisible();
  await inBothThemes(page, 'profile');

  const form = await startEditing(page);
  await form.getByLabel('Phone').fill('nope');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a valid phone number.')).toBeVisible();
  await inBothThemes(page, 'profile edit mode with an error');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await social(page).getByRole('button', { name: 'Connect Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Account' });
  await untilSettled(dialog);
  await inBothThemes(page, 'connect account modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(social(page).getByRole('button', { name: 'Connect Account' })).toBeFocused();
});

test.describe('signed out', () => {
  test('a guest opening /profile is sent home', async ({ page }) => {
    await page.goto(PROFILE);
    await skipLoading(page);
    await expect(page).toHaveURL(/\/$/);
  });
});
