import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules that axe-core checks automatically. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const COLOR_SCHEMES = ['light', 'dark'] as const;
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; }';

/** The page as it is drawn now: the rule, its impact and the elements it found, one line each. */
export async function violationsAsDrawn(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} ${node.html.slice(0, 160)}`,
    ),
  );
}

/**
 * The page in the light and in the dark colour mode (the system's scheme, which the console follows as
 * it changes, so one load serves both), each violation prefixed with its mode.
 */
export async function violationsOn(page: Page): Promise<string[]> {
  // Colours are checked as they end up, not halfway through a button's or chip's 250 ms colour
  // transition after the mode changed.
  await page.addStyleTag({ content: NO_TRANSITIONS });
  const found: string[] = [];
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    // The theme has been applied once the page's own colour scheme (CssBaseline) says so.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme))
      .toBe(colorScheme);
    found.push(...(await violationsAsDrawn(page)).map((line) => `${colorScheme}: ${line}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
