// What the layout checks of the specs measure.
import type { Locator } from '@playwright/test';

/** Where an element is drawn; a missing box (not rendered, detached) fails the test with what was looked for. */
export async function boxOf(locator: Locator, what = locator.toString()): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} is not drawn`);
  return box;
}
