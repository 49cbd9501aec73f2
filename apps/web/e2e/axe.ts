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

export async function inBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label} (dark)`);
  await page.evaluate(() => {
    localStorage.setItem('vowa.theme', 'light');
    document.documentElement.classList.remove('dark');
  });
  await expectAccessible(page, `${label} (light)`);
  await page.evaluate(() => {
    localStorage.setItem('vowa.theme', 'dark');
    document.documentElement.classList.add('dark');
  });
}
