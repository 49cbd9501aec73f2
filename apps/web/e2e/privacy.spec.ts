import { expect, test, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import { openApp, registerAccount, signInByApi, untilSettled, verifyAccount } from './support';

/** A short unique word, so parallel tests never find each other's lists. */
const tag = () => Math.random().toString(36).slice(2, 8);

async function privacySettings(page: Page) {
  await openApp(page, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Privacy' }).click();
}

async function saveChanges(page: Page) {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
}

async function createPublicList(page: Page, name: string) {
  await openApp(page, '/travel/bucket-list');
  await page.getByRole('button', { name: 'New List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Bucket List' });
  await untilSettled(dialog);
  await dialog.getByLabel('List Name').fill(name);
  await dialog.getByLabel('Make this list public (others can view and get inspired)').check();
  await dialog.getByRole('button', { name: 'Create List' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test('privacy settings decide what others see on a public profile, enforced by the server', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const word = tag();
  const owner = await registerAccount(request, { name: `Isabella Bird ${word}` });
  const reader = await registerAccount(request, { name: 'Gertrude Bell' });
  await verifyAccount(request, owner.email);
  await verifyAccount(request, reader.email);
  const listName = `Wonders ${word}`;

  // The owner makes a public list, then a public profile that shares bucket lists.
  await signInByApi(page, owner.email, owner.password);
  await createPublicList(page, listName);
  await privacySettings(page);
  await page.getByLabel('Profile visibility').selectOption('public');
  const shareLists = page.getByRole('switch', { name: 'Share bucket list' });
  await expect(shareLists).not.toBeChecked();
  await shareLists.click();
  await saveChanges(page);

  // Their own profile shows it as others see it.
  await openApp(page, '/profile');
  await page.getByRole('link', { name: 'View as others see it' }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByText('This is how other Vowa users see your profile.')).toBeVisible();
  const profileUrl = page.url().replace(/^https?:\/\/[^/]+/, '');

  // Someone else finds the list and follows its owner's name to the profile.
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signInByApi(readerPage, reader.email, reader.password);
  await openApp(readerPage, '/travel/bucket-list');
  await readerPage.getByRole('button', { name: 'Discover Public Lists' }).click();
  const discover = readerPage.getByRole('dialog', { name: 'Discover Public Lists' });
  await untilSettled(discover);
  await discover.getByLabel('Search public lists').fill(word);
  await expect(discover.getByRole('button', { name: new RegExp(listName) })).toBeVisible();
  await discover.getByRole('link', { name: `Isabella Bird ${word}'s profile` }).click();

  await expect(readerPage).toHaveURL(new RegExp(`${profileUrl}$`));
  await expect(
    readerPage.getByRole('heading', { name: `Isabella Bird ${word}`, level: 1 }),
  ).toBeVisible();
  await expect(readerPage.getByText('Online now')).toBeVisible();
  await expect(readerPage.getByText(owner.email)).toHaveCount(0);
  const lists = readerPage.getByRole('region', { name: 'Bucket lists' });
  const listLink = lists.getByRole('link', { name: new RegExp(listName) });
  await expect(listLink).toContainText('0 items');
  await expect(readerPage.getByRole('region', { name: 'Trips' })).toContainText(
    'No trips shared yet',
  );
  await inBothThemes(readerPage, 'public profile');

  // The list opens read-only on the bucket-list screen.
  await listLink.click();
  await expect(readerPage.getByRole('heading', { name: listName, level: 2 })).toBeVisible();

  // The owner goes private: the same address now shows nothing about them.
  await privacySettings(page);
  await page.getByLabel('Profile visibility').selectOption('private');
  await saveChanges(page);

  await openApp(readerPage, profileUrl);
  await expect(
    readerPage.getByRole('heading', { name: "This profile is private or doesn't exist", level: 1 }),
  ).toBeVisible();
  await expect(readerPage.getByText(`Isabella Bird ${word}`)).toHaveCount(0);
  await expect(readerPage.getByText(listName)).toHaveCount(0);
  await inBothThemes(readerPage, 'profile not available');
  await readerContext.close();
});
