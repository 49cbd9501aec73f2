import { expect, test, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import {
  latestMail,
  openApp,
  registerAccount,
  signInThroughDialog,
  signInByApi,
  skipLoading,
  untilSettled,
  uniqueEmail,
  verifyAccount,
} from './support';

const SCREEN = '/travel/bucket-list';

/** A short unique word, so parallel tests never find each other's lists. */
const tag = () => Math.random().toString(36).slice(2, 8);

async function openBucketLists(page: Page) {
  await openApp(page, SCREEN);
  await expect(page.getByRole('heading', { name: 'Travel Bucket Lists', level: 1 })).toBeVisible();
}

async function createList(
  page: Page,
  name: string,
  {
    description = '',
    color,
    isPublic = false,
  }: { description?: string; color?: string; isPublic?: boolean } = {},
) {
  await page.getByRole('button', { name: 'New List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Bucket List' });
  await untilSettled(dialog);
  await dialog.getByLabel('List Name').fill(name);
  if (description) await dialog.getByLabel('Description').fill(description);
  if (color) await dialog.getByRole('radio', { name: color }).check();
  if (isPublic) {
    await dialog.getByLabel('Make this list public (others can view and get inspired)').check();
  }
  await dialog.getByRole('button', { name: 'Create List' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function addItem(
  page: Page,
  item: { title: string; location: string; country: string; category?: string; cost?: string },
) {
  await page.getByRole('button', { name: 'Add Item', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bucket List Item' });
  await untilSettled(dialog);
  await dialog.getByLabel('Title').fill(item.title);
  await dialog.getByLabel('Location').fill(item.location);
  await dialog.getByLabel('Country').fill(item.country);
  if (item.category) await dialog.getByLabel('Category').selectOption({ label: item.category });
  if (item.cost) await dialog.getByLabel('Estimated Cost').fill(item.cost);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: item.title })).toBeVisible();
}

const statusButton = (page: Page, label: string, count: number) =>
  page.getByRole('group', { name: 'Filter by status' }).getByRole('button', {
    name: `${label} ${count}`,
    exact: true,
  });

async function expectProgress(page: Page, percent: number) {
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(percent));
  await expect(page.getByText(`${percent}% complete`, { exact: true })).toBeVisible();
}

test('the owner creates a list, adds, edits, completes, filters and deletes items', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, { name: 'Ida Pfeiffer' });
  await signInByApi(page, account.email, account.password);
  await openBucketLists(page);

  // A brand-new account has no lists (and never sample data).
  await expect(page.getByRole('heading', { name: 'You have no bucket lists yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create your first list' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Bucket List' });
  await untilSettled(create);
  const createButton = create.getByRole('button', { name: 'Create List' });
  await expect(createButton).toBeDisabled();
  await create.getByLabel('List Name').fill('   ');
  await expect(createButton).toBeDisabled();
  await create.getByLabel('List Name').fill('Japan 2027');
  await create.getByLabel('Description').fill('Temples, peaks and noodles.');
  await create.getByRole('radio', { name: 'Forest Green' }).check();
  await createButton.click();
  await expect(create).toBeHidden();

  // Creating a list selects it.
  const listButton = page.getByRole('button', { name: /Japan 2027/ });
  await expect(listButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\?list=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Japan 2027', level: 2 })).toBeVisible();
  await expect(page.getByText('Temples, peaks and noodles.')).toBeVisible();
  await expect(page.getByText('by Ida Pfeiffer').first()).toBeVisible();
  await expect(page.getByText('No items found.')).toBeVisible();
  await expect(
    page.getByText('Start building your bucket list by adding your dream destinations!'),
  ).toBeVisible();

  // Add Item: disabled until title, location and country are filled; the form resets after.
  await page.getByRole('button', { name: 'Add Your First Item' }).click();
  const add = page.getByRole('dialog', { name: 'Add Bucket List Item' });
  await untilSettled(add);
  const addButton = add.getByRole('button', { name: 'Add Item' });
  await expect(addButton).toBeDisabled();
  await add.getByLabel('Title').fill('Climb Mount Fuji');
  await add.getByLabel('Location').fill('Fujinomiya');
  await expect(addButton).toBeDisabled();
  await add.getByLabel('Country').fill('Japan');
  await add.getByLabel('Category').selectOption({ label: 'Mountain' });
  await add.getByLabel('Priority').selectOption({ label: 'High' });
  await add.getByLabel('Estimated Cost').fill('2500');
  await add.getByLabel('Best Time to Visit').fill('July to September');
  await add.getByLabel('Notes').fill('Start at night for the sunrise.');
  await addButton.click();
  await expect(add).toBeHidden();

  const fuji = page.getByRole('article', { name: 'Climb Mount Fuji' });
  await expect(fuji).toBeVisible();
  await expect(fuji.getByText('Fujinomiya, Japan')).toBeVisible();
  await expect(fuji.getByText('$2,500')).toBeVisible();
  await expect(fuji.getByText('July to September')).toBeVisible();
  await expect(fuji.getByText('High priority')).toBeVisible();
  await expect(fuji.getByRole('img', { name: 'Category: Mountain' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Item', exact: true }).click();
  await untilSettled(add);
  await expect(add.getByLabel('Title')).toHaveValue('');
  await expect(add.getByLabel('Estimated Cost')).toHaveValue('0');
  await expect(add.getByLabel('Category')).toHaveValue('adventure');
  await expect(add.getByLabel('Priority')).toHaveValue('medium');
  await add.getByLabel('Title').fill('Eat ramen in Tokyo');
  await add.getByLabel('Location').fill('Tokyo');
  await add.getByLabel('Country').fill('Japan');
  await add.getByLabel('Category').selectOption({ label: 'Food' });
  await add.getByLabel('Estimated Cost').fill('40');
  await add.getByRole('button', { name: 'Add Item' }).click();
  await expect(add).toBeHidden();

  // Edit an item.
  await page.getByRole('button', { name: 'Edit Eat ramen in Tokyo' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bucket List Item' });
  await untilSettled(edit);
  await expect(edit.getByLabel('Title')).toHaveValue('Eat ramen in Tokyo');
  await edit.getByLabel('Title').fill('Eat ramen in Osaka');
  await edit.getByLabel('Location').fill('Osaka');
  await edit.getByRole('button', { name: 'Update Item' }).click();
  await expect(edit).toBeHidden();
  const ramen = page.getByRole('article', { name: 'Eat ramen in Osaka' });
  await expect(ramen.getByText('Osaka, Japan')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Eat ramen in Tokyo' })).toHaveCount(0);
  await expect(listButton).toContainText('2 items');

  // Complete one: counts, progress, strike-through and the completion date change.
  await expect(statusButton(page, 'All', 2)).toBeVisible();
  await expect(statusButton(page, 'Pending', 2)).toBeVisible();
  await expect(statusButton(page, 'Completed', 0)).toBeVisible();
  await expectProgress(page, 0);
  await fuji.getByRole('button', { name: 'Mark Climb Mount Fuji as completed' }).click();
  await expect(
    fuji.getByRole('button', { name: 'Mark Climb Mount Fuji as not completed' }),
  ).toBeVisible();
  await expectProgress(page, 50);
  await expect(statusButton(page, 'Pending', 1)).toBeVisible();
  await expect(statusButton(page, 'Completed', 1)).toBeVisible();
  await expect(page.getByText('1 completed')).toBeVisible();
  await expect(fuji.getByRole('heading', { name: 'Climb Mount Fuji' })).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await expect(fuji.getByText(/^Completed [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

  // Filters, and the exact empty-state texts.
  await statusButton(page, 'Completed', 1).click();
  await expect(statusButton(page, 'Completed', 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(fuji).toBeVisible();
  await expect(ramen).toBeHidden();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Food' });
  await expect(page.getByText('No items found.')).toBeVisible();
  await expect(
    page.getByText('No completed items in this category.', { exact: true }),
  ).toBeVisible();
  await statusButton(page, 'Pending', 1).click();
  await expect(ramen).toBeVisible();
  await expect(fuji).toBeHidden();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Beach' });
  await expect(statusButton(page, 'All', 0)).toBeVisible();
  await expect(page.getByText('No pending items in this category.', { exact: true })).toBeVisible();
  await statusButton(page, 'All', 0).click();
  // The list has items the filters hide: the screen offers to clear them, not a first item.
  await expect(page.getByText('No items in this category.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Your First Item' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
  await expect(fuji).toBeVisible();
  await expect(ramen).toBeVisible();

  // Delete with confirmation: Cancel keeps it, Delete removes it.
  await ramen.getByRole('button', { name: 'Delete Eat ramen in Osaka' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this item?' });
  await untilSettled(confirm);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(ramen).toBeVisible();
  await ramen.getByRole('button', { name: 'Delete Eat ramen in Osaka' }).click();
  await untilSettled(confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(ramen).toHaveCount(0);
  await expect(statusButton(page, 'All', 1)).toBeVisible();
  await expect(statusButton(page, 'Pending', 0)).toBeVisible();
  await expectProgress(page, 100);
  await expect(listButton).toContainText('1 item');

  // Everything is still there after a reload.
  await page.reload();
  await openApp(page, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Japan 2027', level: 2 })).toBeVisible();
  await expect(fuji).toBeVisible();
  await expect(
    fuji.getByRole('button', { name: 'Mark Climb Mount Fuji as not completed' }),
  ).toBeVisible();
  await expect(ramen).toHaveCount(0);
  await expectProgress(page, 100);
  await expect(page.getByRole('button', { name: /Japan 2027/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a shared list is an invitation: the friend accepts it on their bucket-list screen, then reads it', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // Two people, two browsers, and an accessibility scan in both themes.
  const owner = await registerAccount(request, { name: 'Nellie Bly' });
  const friend = await registerAccount(request, {
    name: 'Freya Stark',
    email: uniqueEmail('friend'),
  });
  // Sharing needs a verified address; so does seeing invitations sent to an address.
  await verifyAccount(request, owner.email);
  await verifyAccount(request, friend.email);
  const listName = `Round the world ${tag()}`;
  await signInByApi(page, owner.email, owner.password);
  await openBucketLists(page);
  await createList(page, listName, { color: 'Teal' });
  await addItem(page, {
    title: 'Ride the Orient Express',
    location: 'Istanbul',
    country: 'Türkiye',
  });

  await page.getByRole('button', { name: 'List settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await untilSettled(settings);
  await expect(settings.getByLabel('List Name')).toHaveValue(listName);
  await expect(settings.getByRole('radio', { name: 'Teal' })).toBeChecked();
  const email = settings.getByLabel('Email', { exact: true });
  await email.fill(owner.email);
  await settings.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(settings.getByText('You already own this list.')).toBeVisible();
  // An address nobody uses gets the same answer as a member's: nothing tells them apart.
  const nobody = uniqueEmail('nobody');
  await email.fill(nobody);
  await settings.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    settings.getByText(`Invitation sent to ${nobody}. The list is shared once they accept.`),
  ).toBeVisible();
  await email.fill(friend.email);
  await settings.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    settings.getByText(`Invitation sent to ${friend.email}. The list is shared once they accept.`),
  ).toBeVisible();
  await expect(
    settings.getByRole('button', { name: `Withdraw the invitation to ${friend.email}` }),
  ).toBeVisible();
  await expect(settings.getByRole('button', { name: /^Stop sharing with/ })).toHaveCount(0);
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  await signInByApi(friendPage, friend.email, friend.password);
  await openBucketLists(friendPage);
  // Not theirs until they accept.
  await expect(
    friendPage.getByRole('heading', { name: 'You have no bucket lists yet' }),
  ).toBeVisible();
  await expect(friendPage.getByRole('heading', { name: listName, level: 2 })).toHaveCount(0);
  const invitations = friendPage.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText(
    `Nellie Bly invited you to follow their list “${listName}”.`,
  );
  await inBothThemes(friendPage, 'bucket lists with an invitation');
  await invitations.getByRole('button', { name: `Accept the invitation to ${listName}` }).click();
  await expect(friendPage.getByRole('heading', { name: listName, level: 2 })).toBeVisible();
  await expect(invitations).toBeHidden();
  const shared = friendPage.getByRole('button', { name: new RegExp(listName) });
  await expect(shared).toContainText('Shared with you');
  await expect(shared).toContainText('by Nellie Bly');
  const card = friendPage.getByRole('article', { name: 'Ride the Orient Express' });
  await expect(card).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Mark Ride the Orient Express as completed' }),
  ).toBeDisabled();
  await expect(friendPage.getByRole('button', { name: 'Add Item', exact: true })).toHaveCount(0);
  await expect(friendPage.getByRole('button', { name: 'List settings' })).toHaveCount(0);
  await expect(friendPage.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(friendPage.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(friendPage.getByRole('button', { name: 'Leave list' })).toBeVisible();
  await friendContext.close();

  // The owner now sees them among the people the list is shared with.
  await page.reload();
  await skipLoading(page);
  await page.getByRole('button', { name: 'List settings' }).click();
  await untilSettled(settings);
  await expect(
    settings.getByRole('button', { name: 'Stop sharing with Freya Stark' }),
  ).toBeVisible();
});

test('the mailed invitation link: sign in, land on the invitation, decline it', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await registerAccount(request, { name: 'Ella Maillart' });
  await verifyAccount(request, owner.email);
  // The invitee's account is not verified: the link itself proves the mailbox.
  const invitee = await registerAccount(request, { name: 'Kira Salak' });
  const login = await request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const listName = `Caucasus ${tag()}`;
  const list = await request.post('/api/travel/bucket_lists', {
    data: { name: listName },
    headers,
  });
  const { id } = (await list.json()) as { id: string };
  const shared = await request.post(`/api/travel/bucket_lists/${id}/shares`, {
    data: { email: invitee.email },
    headers,
  });
  expect(shared.status()).toBe(201);
  const mail = await latestMail(
    invitee.email,
    'Ella Maillart invited you to a bucket list on Vowa',
  );
  expect(mail.link).toBeTruthy();

  await openApp(page, new URL(mail.link!).pathname + new URL(mail.link!).search);
  // A guest is asked to sign in first (the dialog opens over the invitation page).
  await signInThroughDialog(page, invitee.email, invitee.password);
  await expect(page).toHaveURL(/\/travel\/bucket-list$/);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText(
    `Ella Maillart invited you to follow their list “${listName}”.`,
  );
  await invitations.getByRole('button', { name: `Decline the invitation to ${listName}` }).click();
  await expect(invitations).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(listName) })).toHaveCount(0);

  // A spent or made-up link says so plainly.
  await openApp(page, '/travel/bucket-list/invitation?token=made-up');
  await expect(
    page.getByRole('heading', { name: 'This invitation is invalid or has expired.' }),
  ).toBeVisible();
});

test('a public list can be discovered and opened read-only; a private one cannot', async ({
  page,
  browser,
  request,
}) => {
  const owner = await registerAccount(request, { name: 'Isabella Bird' });
  const reader = await registerAccount(request, { name: 'Gertrude Bell' });
  const word = tag();
  const publicName = `Wonders ${word}`;
  const privateName = `Secret spots ${word}`;
  await signInByApi(page, owner.email, owner.password);
  await openBucketLists(page);
  await createList(page, privateName);
  await createList(page, publicName, { color: 'Royal Purple' });
  await addItem(page, { title: 'See Petra by night', location: 'Petra', country: 'Jordan' });

  // Made public afterwards, through the list settings.
  await page.getByRole('button', { name: 'List settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await untilSettled(settings);
  const publicBox = settings.getByLabel('Make this list public (others can view and get inspired)');
  await expect(publicBox).not.toBeChecked();
  await publicBox.check();
  await settings.getByRole('button', { name: 'Save Changes' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(publicName) })).toContainText('Public');

  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signInByApi(readerPage, reader.email, reader.password);
  await openBucketLists(readerPage);
  await readerPage.getByRole('button', { name: 'Discover Public Lists' }).click();
  const discover = readerPage.getByRole('dialog', { name: 'Discover Public Lists' });
  await untilSettled(discover);
  const search = discover.getByLabel('Search public lists');
  await search.fill(privateName);
  await expect(discover.getByText('No public lists found.')).toBeVisible();
  await search.fill(word);
  const result = discover.getByRole('button', { name: new RegExp(publicName) });
  await expect(result).toContainText('by Isabella Bird');
  await expect(result).toContainText('1 item');
  await expect(discover.getByRole('button', { name: new RegExp(privateName) })).toHaveCount(0);
  await result.click();
  await expect(discover).toBeHidden();

  await expect(readerPage.getByRole('heading', { name: publicName, level: 2 })).toBeVisible();
  await expect(readerPage).toHaveURL(/\?list=[0-9a-f-]{36}$/);
  const card = readerPage.getByRole('article', { name: 'See Petra by night' });
  await expect(
    card.getByRole('button', { name: 'Mark See Petra by night as completed' }),
  ).toBeDisabled();
  await expect(readerPage.getByRole('button', { name: 'Add Item', exact: true })).toHaveCount(0);
  await expect(readerPage.getByRole('button', { name: 'List settings' })).toHaveCount(0);

  // The link opens the same list.
  const link = readerPage.url().replace(/^https?:\/\/[^/]+/, '');
  await openApp(readerPage, link);
  await expect(readerPage.getByRole('heading', { name: publicName, level: 2 })).toBeVisible();
  await readerContext.close();
});

test('an item without an image gets the category artwork, then artwork of its place', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  await openBucketLists(page);
  await createList(page, `Islands ${tag()}`);

  await page.getByRole('button', { name: 'Add Item', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bucket List Item' });
  await untilSettled(dialog);
  await dialog.getByLabel('Title').fill('Surf at sunrise');
  await dialog.getByLabel('Location').fill('Bali');
  await dialog.getByLabel('Country').fill('Indonesia');
  await dialog.getByLabel('Category').selectOption({ label: 'Beach' });
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/items$/.test(new URL(response.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  const item = (await (await created).json()) as { image: string; imageStatus: string };
  expect(item).toMatchObject({ image: '/artwork/bucket/beach.svg', imageStatus: 'fetching' });

  const image = page
    .getByRole('article', { name: 'Surf at sunrise' })
    .getByTestId('bucket-item-image');
  // Bali's own artwork (a Balinese temple on a tropical island), described by what it shows.
  await expect(image).toHaveAttribute(
    'src',
    /^\/api\/artwork\/scenes\/hindu-temple\.islands\.tropical\.[a-z]+\.southeast-asian\.[012]\.svg$/,
  );
  await expect(image).toHaveAttribute(
    'alt',
    /^Illustration: a temple with carved towers on an island (under a clear sky|at sunset)$/,
  );
  await expect(page.getByText('Fetching image...')).toHaveCount(0);
  // It really loaded (never a broken image).
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('the bucket-list screen has no serious accessibility violations', async ({
  page,
  request,
}) => {
  test.slow(); // several full axe-core scans
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  await openBucketLists(page);
  await inBothThemes(page, 'no lists yet');
  await createList(page, `Golden ${tag()}`, { color: 'Golden Yellow', isPublic: true });
  await addItem(page, {
    title: 'Old town walk',
    location: 'Prague',
    country: 'Czechia',
    category: 'Historical',
  });
  await page.getByRole('button', { name: 'Mark Old town walk as completed' }).click();
  await expect(page.getByText('Fetching image...')).toHaveCount(0);
  await inBothThemes(page, 'list selected');
  await page.getByRole('button', { name: 'New List' }).click();
  await untilSettled(page.getByRole('dialog', { name: 'Create New Bucket List' }));
  await inBothThemes(page, 'create modal');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Item', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Bucket List Item' });
  await untilSettled(add);
  await add.getByLabel('Image URL').fill('not a url');
  await add.getByLabel('Title').fill('x');
  await add.getByLabel('Location').fill('y');
  await add.getByLabel('Country').fill('z');
  await add.getByRole('button', { name: 'Add Item' }).click();
  await expect(
    add.getByText('Image must be a web address starting with http:// or https://'),
  ).toBeVisible();
  await inBothThemes(page, 'item modal with an error');
});

test("the screen's code and first reads are asked for with the page, not after the app has started", async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await signInByApi(page, account.email, account.password);
  const asked = new Set<string>();
  page.on('request', (sent) => asked.add(new URL(sent.url()).pathname));
  const askedFor = (pattern: RegExp) => [...asked].some((path) => pattern.test(path));
  const lists = /^\/api\/travel\/bucket_lists$/;
  const screenChunk = /^\/assets\/bucket-list-page-[\w-]+\.js$/;
  // The app's entry is held back until the page has asked for the screen's lists and chunk
  // (public/early-reads.js and the links the server put in the head) or 5 s have passed:
  // whatever was asked for by then, the app's own code cannot have asked for.
  let askedBeforeTheApp = { lists: false, screenChunk: false };
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    const deadline = Date.now() + 5_000;
    while (!(askedFor(lists) && askedFor(screenChunk)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    askedBeforeTheApp = { lists: askedFor(lists), screenChunk: askedFor(screenChunk) };
    await route.continue();
  });
  await openApp(page, SCREEN);
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Bucket Lists' })).toBeVisible();
  expect(askedBeforeTheApp).toEqual({ lists: true, screenChunk: true });
  // The lists the page read are the ones the screen shows: the app took the answer over.
  await expect(page.getByRole('heading', { name: 'You have no bucket lists yet' })).toBeVisible();
});
