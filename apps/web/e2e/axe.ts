import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical axe-core violations (UI.md), in both themes. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
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
  }, theme);
}

export async function inBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label} (dark)`);
  await switchTheme(page, 'light');
  await expectAccessible(page, `${label} (light)`);
  await switchTheme(page, 'dark');
}
