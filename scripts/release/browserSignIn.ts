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
  // Back on the site, or first asked to confirm being 18 or older: whichever comes first.
  const ageStep = page.locator('#age-title');
  const leaving = page.waitForURL(hasLeftSignIn, { timeout: 15_000 }).then(() => 'left' as const);
  const asking = ageStep.waitFor({ state: 'visible', timeout: 15_000 }).then(() => 'age' as const);
  // The other wait ends by itself (its timeout, or the page closing): not an error of the sign-in.
  leaving.catch(() => undefined);
  asking.catch(() => undefined);
  const first = await Promise.race([leaving, asking]).catch(() => null);
  if (!first) throw new Error(`sign-in of ${email} did not finish`);
  if (first === 'left' || options.confirmAge === false) return;
  await page.getByRole('checkbox').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(hasLeftSignIn, { timeout: 15_000 });
}
