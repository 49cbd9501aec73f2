import { expect, test, type Locator, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import {
  openApp,
  registerAccount,
  saveSandboxCardByApi,
  signInByApi,
  skipLoading,
  untilSettled,
  verifyAccount,
} from './support';

const CONNECT = '/financial/connect';
const BUDGET = '/financial/budget';
const LABELS = [
  'Conservative - Great for building savings',
  'Moderate - Balanced approach',
  'Adventurous - Consider your other financial goals',
];
const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(amount);

const statusBar = (page: Page) => page.getByRole('region', { name: 'Account status' });

async function signedIn(
  page: Page,
  request: Parameters<typeof registerAccount>[0],
  verified = true,
) {
  const account = await registerAccount(request, { name: 'Nellie Bly' });
  if (verified) await verifyAccount(request, account.email);
  await signInByApi(page, account.email, account.password);
  return account;
}

async function openConnect(page: Page) {
  await openApp(page, CONNECT);
  await expect(
    page.getByRole('heading', { name: 'Connect Your Finances', level: 1 }),
  ).toBeVisible();
}

async function openSandboxLink(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Connect via Plaid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vowa Test Bank' });
  await untilSettled(dialog);
  return dialog;
}

async function chooseFirstBank(dialog: Locator) {
  await dialog.getByRole('list', { name: 'Test institutions' }).getByRole('button').first().click();
  await expect(dialog.getByText('Use user_good / pass_good')).toBeVisible();
}

async function signInToBank(dialog: Locator, password = 'pass_good') {
  await expect(dialog.getByLabel('Username')).toHaveValue('');
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await dialog.getByLabel('Username').fill('user_good');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

async function connectManually(
  page: Page,
  figures: { income: string; expenses: string; balance: string; credit?: string },
) {
  await page.getByRole('button', { name: 'Enter Manually' }).click();
  await page.getByLabel('Monthly Income').fill(figures.income);
  await page.getByLabel('Monthly Expenses').fill(figures.expenses);
  await page.getByLabel('Available Balance').fill(figures.balance);
  if (figures.credit) await page.getByLabel('Credit Score (Optional)').fill(figures.credit);
  await page.getByRole('button', { name: 'Connect Financial Data' }).click();
  await expect(page.getByRole('heading', { name: 'Your financial overview' })).toBeVisible();
}

const figure = (page: Page, term: string) =>
  page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');

test('connects through the sandbox bank, keeps it after reload and disconnects', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openConnect(page);
  await expect(statusBar(page).getByText('Bank Not Connected')).toBeVisible();

  const dialog = await openSandboxLink(page);
  await chooseFirstBank(dialog);
  await signInToBank(dialog);
  const accounts = dialog.getByRole('checkbox');
  await expect(accounts.first()).toBeVisible();
  for (const box of await accounts.all()) await expect(box).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Your financial overview' })).toBeVisible();
  await expect(page.getByText('Your bank is connected.')).toBeVisible();
  for (const term of ['Monthly Income', 'Monthly Expenses', 'Available Balance']) {
    await expect(figure(page, term)).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  }
  for (const label of LABELS) {
    await expect(page.getByRole('article', { name: label })).toBeVisible();
  }
  await expect(page.getByText(/^Connected to /)).toBeVisible();
  await expect(statusBar(page).getByText('Bank Connected', { exact: true })).toBeVisible();
  await expect(statusBar(page).getByText('Max trip budget: $5,000')).toBeVisible();

  await page.reload();
  await skipLoading(page);
  await expect(page.getByRole('heading', { name: 'Your financial overview' })).toBeVisible();
  await expect(statusBar(page).getByText('Bank Connected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText(/^Synced: \d+ new transactions?\.$/)).toBeVisible();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect your financial data?' });
  await untilSettled(confirm);
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect via Plaid' })).toBeVisible();
  await expect(statusBar(page).getByText('Bank Not Connected')).toBeVisible();
  await expect(statusBar(page).getByText(/Max trip budget/)).toBeHidden();
});

test('a wrong bank password shows the sandbox message; closing the link cancels', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openConnect(page);
  const dialog = await openSandboxLink(page);
  await chooseFirstBank(dialog);
  await signInToBank(dialog, 'pass_bad');
  await expect(dialog.getByRole('alert')).toHaveText(
    'The username or password you entered is incorrect.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(
    'Connection was cancelled or failed. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Connect via Plaid' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Connection progress' }).locator('[aria-current="step"]'),
  ).toContainText('Select');
});

test('an unverified account is told to verify before linking a bank', async ({ page, request }) => {
  await signedIn(page, request, false);
  await openConnect(page);
  await page.getByRole('button', { name: 'Connect via Plaid' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please verify your email address first: open the link we sent you.',
  );
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Connect via Plaid' })).toBeEnabled();
});

test('manual entry is enabled only when valid and recommends 10/15/20 % of income', async ({
  page,
  request,
}) => {
  await signedIn(page, request, false);
  await openConnect(page);
  await page.getByRole('button', { name: 'Enter Manually' }).click();
  const submit = page.getByRole('button', { name: 'Connect Financial Data' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Monthly Income').fill('0');
  await page.getByLabel('Monthly Expenses').fill('2100');
  await page.getByLabel('Available Balance').fill('12000');
  await expect(submit).toBeDisabled();
  await expect(page.getByText('Monthly income must be more than 0')).toBeVisible();
  await page.getByLabel('Monthly Income').fill('6789');
  await expect(submit).toBeEnabled();
  await page.getByLabel('Available Balance').fill('-1');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Available Balance').fill('12000');
  await page.getByLabel('Credit Score (Optional)').fill('742');
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Your financial overview' })).toBeVisible();
  await expect(page.getByText('Entered manually', { exact: true })).toBeVisible();
  // The status bar says what they are: figures typed by hand, not a bank.
  await expect(statusBar(page).getByText('Finances Entered Manually')).toBeVisible();
  await expect(figure(page, 'Monthly Income')).toHaveText('$6,789');
  await expect(figure(page, 'Monthly Expenses')).toHaveText('$2,100');
  await expect(figure(page, 'Available Balance')).toHaveText('$12,000');
  await expect(figure(page, 'Credit Score')).toHaveText('742');
  const expected = [Math.floor(6789 * 0.1), Math.floor(6789 * 0.15), Math.floor(6789 * 0.2)];
  for (const [index, label] of LABELS.entries()) {
    await expect(page.getByRole('article', { name: label })).toContainText(
      usd(expected[index] ?? 0),
    );
  }
  // Using a recommendation saves it, rounded down to $100.
  await page
    .getByRole('article', { name: LABELS[1] ?? '' })
    .getByRole('button', { name: 'Use this budget' })
    .click();
  await expect(page.getByText('Maximum trip budget set to $1,000.')).toBeVisible();
  await expect(statusBar(page).getByText('Max trip budget: $1,000')).toBeVisible();
  await expect(page.getByTestId('budget-ratio')).toContainText('Stretching');
});

test('budget settings save, survive a reload and update the status bar', async ({
  page,
  request,
}) => {
  await signedIn(page, request, false);
  await openConnect(page);
  await connectManually(page, { income: '9000', expenses: '3000', balance: '20000' });
  await expect(statusBar(page).getByText('Max trip budget: $5,000')).toBeVisible();

  await openApp(page, BUDGET);
  await expect(
    page.getByRole('heading', { name: 'Budget & Auto-Booking Settings', level: 1 }),
  ).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Settings' });
  await expect(save).toBeDisabled();
  const budget = page.getByLabel('Maximum Trip Budget', { exact: true });
  await expect(budget).toHaveValue('5000');
  const budgetSlider = page.getByRole('slider', { name: 'Maximum Trip Budget slider' });
  await expect(budgetSlider).toHaveAttribute('aria-valuenow', '5000');

  await budget.fill('30000');
  await expect(budgetSlider).toHaveAttribute('aria-valuenow', '20000');
  await budget.fill('7300');
  await expect(budgetSlider).toHaveAttribute('aria-valuenow', '7300');

  const threshold = page.getByRole('slider', { name: 'Price Alert Threshold' });
  await expect(threshold).toHaveAttribute('aria-valuetext', '80% of market price');
  await threshold.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(threshold).toHaveAttribute('aria-valuetext', '85% of market price');
  await expect(page.getByText('85% of market price')).toBeVisible();

  await save.click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(statusBar(page).getByText('Max trip budget: $7,300')).toBeVisible();

  await page.reload();
  await skipLoading(page);
  await expect(budget).toHaveValue('7300');
  await expect(threshold).toHaveAttribute('aria-valuenow', '85');
  await expect(page.getByRole('switch', { name: 'Auto-Booking' })).not.toBeChecked();

  // A step the server does not accept is explained under the field.
  await budget.fill('7350');
  await save.click();
  await expect(page.getByText('Budget must be in steps of $100')).toBeVisible();
});

test('auto-booking: modal after saving, banner, indicator, and disabling it', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  // Auto-booking books with a saved card and mails the confirmation: both are needed first.
  await saveSandboxCardByApi(page, 'Nellie Bly');
  await openApp(page, BUDGET);
  const autoBooking = page.getByRole('switch', { name: 'Auto-Booking' });
  await expect(autoBooking).not.toBeChecked();
  await autoBooking.click();
  await expect(autoBooking).toBeChecked();
  await page.getByRole('button', { name: 'Save Settings' }).click();

  const modal = page.getByRole('dialog', { name: 'Auto-Booking Active' });
  await untilSettled(modal);
  await expect(modal.getByText('Monitoring deals 24/7')).toBeVisible();
  await expect(modal.getByRole('region', { name: 'Active Monitoring' })).toContainText(
    '80% of market price',
  );
  await expect(modal.getByRole('region', { name: 'Budget Protection' })).toContainText('$5,000');
  await expect(modal.getByText('24-hour cancellation window')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  const banner = page.getByRole('region', { name: 'Auto-Booking Active' });
  await expect(banner).toContainText('Auto-Booking is active');
  await expect(statusBar(page).getByText('Auto-Booking Active')).toBeVisible();

  await banner.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: 'Auto-Booking Active' });
  await untilSettled(details);
  await details.getByRole('button', { name: 'Disable Auto-Booking', exact: true }).click();
  await expect(details).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(statusBar(page).getByText('Auto-Booking Active')).toBeHidden();
  await expect(autoBooking).not.toBeChecked();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto-Booking' })).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Auto-Booking Active' })).toBeHidden();
});

test('the finance screens have no serious accessibility violations', async ({ page, request }) => {
  await signedIn(page, request, false);
  await openConnect(page);
  await inBothThemes(page, 'connect, unconnected');
  await page.getByRole('button', { name: 'Enter Manually' }).click();
  await inBothThemes(page, 'connect, manual form');
  await page.getByLabel('Monthly Income').fill('5000');
  await page.getByLabel('Monthly Expenses').fill('2000');
  await page.getByLabel('Available Balance').fill('8000');
  await page.getByRole('button', { name: 'Connect Financial Data' }).click();
  await expect(page.getByRole('heading', { name: 'Your financial overview' })).toBeVisible();
  await inBothThemes(page, 'connect, connected');

  await openApp(page, BUDGET);
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  await inBothThemes(page, 'budget settings');
});
