// The one way the tests, the benchmarks and the release check start Chromium: the system's own, never a
// downloaded one, with the same flags everywhere.
import fs from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** The flags every Chromium of the tests and benchmarks starts with (no network of its own, no GPU, no sandbox). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The system Chromium (CHROME_PATH or /usr/bin/chromium); no browser is ever downloaded. */
export function chromiumPath(): string {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}: install chromium (apt-get install chromium) or set CHROME_PATH`);
  return executablePath;
}

/** How to start the system Chromium: for `chromium.launch`, and for Playwright Test's `launchOptions`. */
export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  return { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ...extraArgs] };
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}
