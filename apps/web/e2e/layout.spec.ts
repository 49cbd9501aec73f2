import { expect, test, type Page } from '@playwright/test';
import { openApp, registerAccount, signInByApi } from './support';

// Issue 13 §6: the layout defects a walkthrough measured on screen, measured here the same way.

async function signedIn(page: Page, request: Parameters<typeof registerAccount>[0]) {
  const account = await registerAccount(request, { name: 'Gertrude Bell' });
  await signInByApi(page, account.email, account.password);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  return { authorization: `Bearer ${token}` };
}

test('bucket-list item cards in a row are equally wide, whatever their text', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const headers = await signedIn(page, request);
  const list = await request.post('/api/travel/bucket_lists', {
    data: { name: 'Far and near' },
    headers,
  });
  const { id } = (await list.json()) as { id: string };
  for (const title of [
    'Rome',
    'Walk the whole Camino de Santiago from Saint-Jean',
    'Oslo fjords',
  ]) {
    const item = await request.post(`/api/travel/bucket_lists/${id}/items`, {
      data: { title, location: 'Somewhere', country: 'Spain' },
      headers,
    });
    expect(item.status()).toBe(201);
  }
  await openApp(page, '/travel/bucket-list');
  const cards = page.getByRole('article').filter({ has: page.getByRole('heading') });
  await expect(cards).toHaveCount(3);
  const widths = await cards.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().width)),
  );
  expect(new Set(widths).size, `widths ${widths.join(', ')}`).toBe(1);
});

test('on a phone the status bar is one line, and a trip dialog has no empty bands and no lone button', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 780 });
  await signedIn(page, request);
  await openApp(page, '/travel/suggestions');
  const statusBar = page.getByRole('region', { name: 'Status' });
  const bar = await statusBar.boundingBox();
  expect(bar!.height).toBeLessThanOrEqual(40);

  // The reminder to verify can be put off for the visit.
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByText(/Please verify your email address/)).toHaveCount(0);

  const card = page.getByRole('tabpanel').getByRole('article').first();
  await card.getByRole('button', { name: /^Flights / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const title = (await dialog.getByRole('heading').first().boundingBox())!;
  expect(title.y - box.y, 'space above the title').toBeLessThan(90);

  // Scrolled to its end, the footer reaches the dialog's bottom edge: no band under it.
  await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  const select = dialog.getByRole('button', { name: 'Select Flight' });
  const footer = select.locator('xpath=../..');
  await expect
    .poll(async () => {
      const foot = (await footer.boundingBox())!;
      return Math.round(box.y + box.height - (foot.y + foot.height));
    })
    .toBeLessThanOrEqual(1);
  // The main action shares its row with another button instead of wrapping alone.
  const selectBox = (await select.boundingBox())!;
  const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
  expect(Math.abs(selectBox.y - close.y)).toBeLessThan(2);
  // The price per person stays in sight at the foot.
  await expect(footer.getByText('Price per person')).toBeVisible();
});

test('on a phone the Watch Demo sheet is as tall as what it shows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 780 });
  await openApp(page, '/');
  await page.getByRole('button', { name: 'Watch Demo' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Demo Video Coming Soon' });
  await expect(dialog).toBeVisible();
  // A sheet from the bottom edge (once its opening animation is over).
  await expect
    .poll(async () => {
      const box = (await dialog.boundingBox())!;
      return Math.abs(box.y + box.height - 780);
    })
    .toBeLessThanOrEqual(1);
  expect((await dialog.boundingBox())!.height).toBeLessThan(780 * 0.75);
});
