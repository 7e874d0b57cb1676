import { expect, type Page } from '@playwright/test';

/** Opens a screen from the sidebar, as a person would, and waits for its heading. */
export async function openFromSidebar(page: Page, link: string, heading = link): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
