import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openApp, registerAccount, signedInPage, uniqueEmail, verifyAccount } from './support';

// Two devices of one person, and two people, each in a browser context of its own: what one
// changes reaches the others' open screens over the live link, without a reload.

async function anotherDevice(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

async function openPrivacySettings(page: Page) {
  await openApp(page, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Privacy' }).click();
}

/** Signs in through the API, as the person's other device would, and returns its bearer header. */
async function apiSignIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
}

test('a setting saved on one device shows on the other; signing out everywhere else signs it out', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // Two devices, each signing in through the dialog.
  const account = await registerAccount(request);
  const phone = await anotherDevice(browser);
  await signedInPage(page, account.email, account.password);
  await signedInPage(phone.page, account.email, account.password);
  await openPrivacySettings(phone.page);
  await expect(phone.page.getByLabel('Profile visibility')).toHaveValue('friends');

  await openPrivacySettings(page);
  await page.getByLabel('Profile visibility').selectOption('private');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();

  // The phone follows by itself.
  await expect(phone.page.getByLabel('Profile visibility')).toHaveValue('private');

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  // The phone's live link is closed and its sign-in is over: it lands on sign-in untouched.
  await expect(phone.page).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/settings$/);
  await phone.context.close();
});

test("the owner's changes to a shared list appear on the friend's open screen", async ({
  page,
  request,
}) => {
  test.slow(); // Two people set up and verified through the outbox, then a browser.
  const owner = await registerAccount(request, { name: 'Nellie Bly' });
  const friend = await registerAccount(request, {
    name: 'Freya Stark',
    email: uniqueEmail('friend'),
  });
  await verifyAccount(request, owner.email);
  await verifyAccount(request, friend.email);
  const asOwner = await apiSignIn(request, owner.email, owner.password);
  const asFriend = await apiSignIn(request, friend.email, friend.password);
  const lists = '/api/travel/bucket_lists';
  const created = await request.post(lists, { headers: asOwner, data: { name: 'Silk Road' } });
  const { id: listId } = (await created.json()) as { id: string };
  const shared = await request.post(`${lists}/${listId}/shares`, {
    headers: asOwner,
    data: { email: friend.email },
  });
  expect(shared.status()).toBe(201);
  const received = await request.get(`${lists}/invitations`, { headers: asFriend });
  const [invitation] = ((await received.json()) as { invitations: { id: string }[] }).invitations;
  const accepted = await request.post(`${lists}/invitations/${invitation!.id}/accept`, {
    headers: asFriend,
  });
  expect(accepted.status()).toBe(200);

  await signedInPage(page, friend.email, friend.password);
  await openApp(page, '/travel/bucket-list');
  await expect(page.getByRole('heading', { name: 'Silk Road', level: 2 })).toBeVisible();

  const added = await request.post(`${lists}/${listId}/items`, {
    headers: asOwner,
    data: { title: 'Walk the Registan', location: 'Samarkand', country: 'Uzbekistan' },
  });
  expect(added.status()).toBe(201);
  await expect(page.getByRole('article', { name: 'Walk the Registan' })).toBeVisible();

  const renamed = await request.patch(`${lists}/${listId}`, {
    headers: asOwner,
    data: { name: 'The Silk Road' },
  });
  expect(renamed.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'The Silk Road', level: 2 })).toBeVisible();
});
