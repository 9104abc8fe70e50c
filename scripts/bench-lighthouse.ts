// `npm run bench`: Lighthouse (mobile preset: a mid-range phone, slow 4G and a 4× slower CPU, simulated) on
// the production build, for the pages a first visit lands on, in Hebrew and English. Prints the four scores
// and the paint and shift figures of each page, and under a page what kept a score under 100. It reports; it
// fails only when Lighthouse cannot run. LIGHTHOUSE_LANGUAGES=en and LIGHTHOUSE_PAGES=/,/faq narrow the run;
// LIGHTHOUSE_DETAILS=<audit id> prints that audit's details for each page.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { request as playwrightRequest } from 'playwright-core';
import { apiSession, createListing } from '../e2e/support/accounts.js';
import { CHROMIUM_FLAGS, chromiumPath, startSite } from '../e2e/support/site.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A few listings in both languages, so the home page and a listing's page show what a visitor sees. */
async function seedListings(origin: string): Promise<number> {
  const request = await playwrightRequest.newContext();
  try {
    const token = await apiSession(request, origin, 'bench-lighthouse@example.com', 'Dana Levi');
    const titles = ['הובלת ספה לקומה שלישית', 'Dog walking twice a day', 'שיעורי עזר במתמטיקה לכיתה ח׳', 'Garden tidy-up before the holiday', 'ניקיון דירה אחרי שיפוץ', 'Help moving boxes'];
    let firstId = 0;
    for (const [i, jobTitle] of titles.entries()) {
      const id = await createListing(request, origin, token, { jobTitle, offerType: i % 3 === 2 ? 'service' : 'job', amount: String(100 + i * 50) });
      firstId ||= id;
    }
    return firstId;
  } finally {
    await request.dispose();
  }
}

/** The system Chromium with a DevTools port for Lighthouse, in a throwaway profile. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-lighthouse-'));
  const child: ChildProcess = spawn(chromiumPath(), [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    async stop() {
      child.kill();
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

const site = await startSite();
const chromium = await startChromium();
try {
  const jobId = await seedListings(site.origin);
  const rows: string[][] = [];
  for (const language of (process.env.LIGHTHOUSE_LANGUAGES ?? 'he,en').split(',')) {
    for (const page of ['/', '/services', `/job/${jobId}`, '/faq', '/post-job'].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.replace(/\d+$/, '')))) {
      const url = `${site.origin}/${language}${page === '/' ? '' : page}`;
      const result = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      // What fell short outside performance, so a score under 100 says why.
      const shortfalls = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
        (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${audits[ref.id]?.title ?? ref.id}`),
      );
      for (const shortfall of shortfalls) console.log(`  ${url}  ${shortfall}`);
      if (process.env.LIGHTHOUSE_DETAILS) console.log(JSON.stringify(audits[process.env.LIGHTHOUSE_DETAILS]?.details, null, 1).slice(0, 4000));
      const ms = (id: string) => String(Math.round(audits[id]?.numericValue ?? Number.NaN));
      rows.push([
        `/${language}${page === '/' ? '/' : page}`,
        ...CATEGORIES.map((id) => String(Math.round((categories[id]?.score ?? 0) * 100))),
        ms('first-contentful-paint'),
        ms('largest-contentful-paint'),
        ms('total-blocking-time'),
        (audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
      ]);
    }
  }
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log('\nLighthouse 13, mobile preset (simulated slow 4G, 4× CPU), one run per page');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
} finally {
  await chromium.stop();
  await site.stop();
}
