import { expect, test, type Browser, type Page } from '@playwright/test';
import { inBothThemes } from './axe';
import { registerAccount, signInByApi, skipLoading, untilSettled, verifyAccount } from './support';

// Issue 15: two friends, each in a browser context of their own, plan a trip in one group live:
// one creates it and shares the invite code, the other joins; they talk, ask @vowa, pick a flight
// for the group, vote on it, and one of them books the plan for both.

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message to the group' });
const log = (page: Page) => page.getByRole('log', { name: 'Messages in this conversation' });

async function openChat(page: Page) {
  await page.goto('/chat');
  await skipLoading(page);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
}

async function say(page: Page, message: string) {
  await composer(page).fill(message);
  await composer(page).press('Enter');
  await expect(log(page).getByText(message)).toBeVisible();
}

async function friend(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('two friends create a group, join by code, talk live, ask @vowa, pick a flight, vote and book it', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const ada = await registerAccount(request, { name: 'Isabella Bird' });
  const bea = await registerAccount(request, { name: 'Gertrude Bell' });
  await verifyAccount(request, ada.email);
  const other = await friend(browser);

  // Isabella creates the group: she is its only member and Vowa welcomes the group.
  await signInByApi(page, ada.email, ada.password);
  await openChat(page);
  await page.getByRole('button', { name: 'New group' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Group' });
  await untilSettled(create);
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByLabel('Group name').fill('Lisbon crew');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Lisbon crew', level: 2 })).toBeVisible();
  await expect(composer(page)).toHaveAttribute(
    'placeholder',
    'Type a message... Use @vowa to ask AI for help',
  );
  await expect(log(page).getByText(/Welcome to Lisbon crew!/)).toBeVisible();

  // The Invite to Group dialog shows a fresh 6-character code.
  await page.getByRole('button', { name: 'Invite people to this group' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite to Group' });
  await untilSettled(invite);
  const codeField = invite.getByRole('textbox', { name: 'Invite code' });
  await expect(codeField).toHaveValue(/^[A-Z0-9]{6}$/);
  const code = await codeField.inputValue();
  await expect(invite.getByRole('button', { name: 'Send Invite' })).toBeDisabled();
  await inBothThemes(page, 'the Invite to Group dialog');
  await invite.getByRole('button', { name: 'Cancel' }).click();
  await expect(invite).toBeHidden();

  // Gertrude joins with the code from her own browser and lands in the group.
  await signInByApi(other.page, bea.email, bea.password);
  await openChat(other.page);
  await other.page.getByRole('button', { name: 'Join with a code' }).click();
  const join = other.page.getByRole('dialog', { name: 'Join a group' });
  await untilSettled(join);
  await join.getByRole('textbox', { name: 'Invite code' }).fill(code);
  await join.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(other.page.getByRole('heading', { name: 'Lisbon crew', level: 2 })).toBeVisible();

  // Messages reach the other browser live, both ways; a script arrives as text.
  await say(page, 'Hello Gertrude! <script>window.pwned = 1</script>');
  await expect(
    log(other.page).getByText('Hello Gertrude! <script>window.pwned = 1</script>'),
  ).toBeVisible();
  expect(await other.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await say(other.page, 'Hi Isabella, Lisbon in spring?');
  await expect(log(page).getByText('Hi Isabella, Lisbon in spring?')).toBeVisible();

  // @vowa answers for both, with flights from the provider.
  await say(other.page, '@vowa flights from London to Lisbon next Friday');
  for (const screen of [page, other.page]) {
    const flights = screen.getByRole('list', { name: 'Flight results' }).last();
    await expect(flights.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  }

  // Isabella selects a flight for the group; Gertrude sees the pick appear.
  const card = page.getByRole('list', { name: 'Flight results' }).last().getByRole('article');
  await card.first().getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog');
  await untilSettled(details);
  await details.getByRole('button', { name: 'Select for Group' }).click();
  await expect(details).toBeHidden();
  await expect(log(other.page).getByText(/selected a flight for the group/)).toBeVisible();

  // Both vote yes in the plan; then Isabella books the plan for the two of them.
  for (const screen of [other.page, page]) {
    await screen.getByRole('button', { name: 'Open the group plan' }).click();
    const plan = screen.getByRole('dialog', { name: 'Group plan' });
    await untilSettled(plan);
    await plan.getByRole('button', { name: /^Vote yes on / }).click();
    await expect(plan.getByText(/1 yes|2 yes/).first()).toBeVisible();
  }
  const plan = page.getByRole('dialog', { name: 'Group plan' });
  await expect(plan.getByText('Everyone agreed on this plan.')).toBeVisible();
  await plan.getByRole('button', { name: 'Book for the group' }).click();

  const booking = page.getByRole('dialog', { name: /^Book your trip to / });
  await untilSettled(booking);
  await expect(booking.getByTestId('booking-total')).toBeVisible();
  const second = booking.getByRole('group', { name: 'Traveller 2' });
  await second.getByLabel(/Given names/).fill('Gertrude');
  await second.getByLabel(/Family name/).fill('Bell');
  await booking.getByRole('button', { name: 'Continue to payment' }).click();
  await booking.getByLabel('Card number').fill('4242 4242 4242 4242');
  await booking.getByLabel('Expiry date').fill('12/34');
  await booking.getByLabel('Security code (CVC)').fill('123');
  await booking.getByLabel('Name on card').fill('Isabella Bird');
  await booking.getByRole('button', { name: /^Pay / }).click();
  await expect(booking.getByText(/booked successfully for/)).toBeVisible({ timeout: 30_000 });
  await booking.getByRole('button', { name: 'Close' }).first().click();

  // Gertrude sees the booking in the thread and her share in the plan.
  await expect(log(other.page).getByText(/booked the group’s plan/)).toBeVisible();
  const herPlan = other.page.getByRole('dialog', { name: 'Group plan' });
  if (!(await herPlan.isVisible())) {
    await other.page.getByRole('button', { name: 'Open the group plan' }).click();
  }
  await expect(herPlan.getByText(/^Your share: /)).toBeVisible();
  await other.context.close();
});
