// Signing in as a person does, through the local identity provider: shared by the end-to-end specs and the
// release check, so both walk the same flow.
import type { Page } from 'playwright-core';

const hasLeftSignIn = (url: URL) => !url.pathname.includes('/auth/callback') && !url.pathname.includes('/dev-idp');

/**
 * On a /login page: the real redirect flow through the local identity provider, as a person does it. A
 * first sign-in asks to confirm the age of 18; unless told otherwise, the user confirms.
 */
export async function signInThroughProvider(
  page: Page,
  email: string,
  name: string,
  buttonName: RegExp | string,
  options: { confirmAge?: boolean } = {},
): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  await page.waitForURL(/\/dev-idp\/authorize/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  const ageStep = page.locator('#age-title');
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (hasLeftSignIn(new URL(page.url()))) return;
    if (await ageStep.isVisible()) {
      if (options.confirmAge === false) return;
      await page.getByRole('checkbox').check();
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(hasLeftSignIn, { timeout: 15_000 });
      return;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`sign-in of ${email} did not finish`);
}
