import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const blockingViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * No serious or critical axe-core violations (UI.md). A scan that finds some is repeated once
 * the page has settled (two painted frames and a moment): a real violation is found again, while
 * a state the page was passing through (a re-render mid-scan) is not.
 */
export async function expectAccessible(page: Page, label: string) {
  let blocking = await blockingViolations(page);
  if (blocking.length > 0) {
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
        ),
    );
    blocking = await blockingViolations(page);
  }
  expect(blocking, label).toEqual([]);
}

/**
 * Switches the theme and waits for the colour transitions it starts (buttons and tiles have
 * `transition-colors`): axe measuring a colour half-way between the themes reported contrast
 * failures that no one ever sees.
 */
async function switchTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate(async (next) => {
    localStorage.setItem('vowa.theme', next);
    document.documentElement.classList.toggle('dark', next === 'dark');
    document.documentElement.style.colorScheme = next;
    // Reading the animations flushes styles, so the transitions just started are among them.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    // Then a painted frame in the new theme before anything is measured.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, theme);
}

export async function inBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label} (dark)`);
  await switchTheme(page, 'light');
  await expectAccessible(page, `${label} (light)`);
  await switchTheme(page, 'dark');
}
