// `npm run bench`: Lighthouse (mobile preset: a mid-range phone, slow 4G and a 4× slower CPU, simulated) on
// the production build, for the pages a first visit lands on, in Hebrew and English. Prints the four scores
// and the paint and shift figures of each page, and under a page what kept a score under 100. It reports; it
// fails only when Lighthouse cannot run. LIGHTHOUSE_LANGUAGES=en and LIGHTHOUSE_PAGES=/,/faq narrow the run;
// LIGHTHOUSE_DETAILS=<audit id> prints that audit's details for each page.
//
// Lighthouse simulates a 4× slower CPU by scaling what it measures on this host, so its figures move with the
// host: each row carries the host's benchmarkIndex (the performance budget, 95 or more, holds where it is
// 1,500 or more). With `npm run bench -- --baseline <ref>` (scripts/bench.mjs) each page is audited for that
// commit's build and this tree's in turn, in the same run, and the last column is the ratio of their Total
// Blocking Times (this tree's over the baseline's; the budget is 1.1 at most).
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
    const titles = [
      'הובלת ספה לקומה שלישית',
      'Dog walking twice a day',
      'שיעורי עזר במתמטיקה לכיתה ח׳',
      'Garden tidy-up before the holiday',
      'ניקיון דירה אחרי שיפוץ',
      'Help moving boxes',
    ];
    let firstId = 0;
    for (const [i, jobTitle] of titles.entries()) {
      const id = await createListing(request, origin, token, {
        jobTitle,
        offerType: i % 3 === 2 ? 'service' : 'job',
        amount: String(100 + i * 50),
      });
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
  const child: ChildProcess = spawn(
    chromiumPath(),
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
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

interface AuditedSite {
  label: string;
  origin: string;
  jobId: number;
  stop(): Promise<void>;
}

async function auditedSite(label: string, env: Record<string, string> = {}): Promise<AuditedSite> {
  const site = await startSite(env);
  return { label, origin: site.origin, jobId: await seedListings(site.origin), stop: () => site.stop() };
}

const sites = [await auditedSite('this tree')];
if (process.env.BENCH_BASELINE_DIR)
  sites.push(await auditedSite(`baseline ${process.env.BENCH_BASELINE_REF ?? ''}`.trim(), { DIST_ROOT: process.env.BENCH_BASELINE_DIR }));
const chromium = await startChromium();
try {
  const rows: string[][] = [];
  for (const language of (process.env.LIGHTHOUSE_LANGUAGES ?? 'he,en').split(',')) {
    for (const page of ['/', '/services', '/job/:id', '/faq', '/post-job'].filter(
      (p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.replace('/:id', '')),
    )) {
      const blockingTimes: number[] = [];
      for (const site of sites) {
        const url = `${site.origin}/${language}${page === '/' ? '' : page.replace(':id', String(site.jobId))}`;
        const result = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { categories, audits, environment } = result.lhr;
        const blockingTime = audits['total-blocking-time']?.numericValue ?? Number.NaN;
        blockingTimes.push(blockingTime);
        // What fell short outside performance, so a score under 100 says why.
        const shortfalls = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
          (categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${id}: ${audits[ref.id]?.title ?? ref.id}`),
        );
        for (const shortfall of shortfalls) console.log(`  ${url}  ${shortfall}`);
        if (process.env.LIGHTHOUSE_DETAILS)
          console.log(JSON.stringify(audits[process.env.LIGHTHOUSE_DETAILS]?.details, null, 1).slice(0, 4000));
        const ms = (id: string) => String(Math.round(audits[id]?.numericValue ?? Number.NaN));
        const [own, base] = blockingTimes;
        rows.push([
          `/${language}${page === '/' ? '/' : page}`,
          site.label,
          ...CATEGORIES.map((id) => String(Math.round((categories[id]?.score ?? 0) * 100))),
          ms('first-contentful-paint'),
          ms('largest-contentful-paint'),
          ms('total-blocking-time'),
          (audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3),
          String(Math.round(environment.benchmarkIndex)),
          own !== undefined && base !== undefined ? (base > 0 ? (own / base).toFixed(2) : own === 0 ? '1.00' : '∞') : '',
        ]);
      }
    }
  }
  const header = [
    'page',
    'build',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'benchmarkIndex',
    'TBT ÷ baseline',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log('\nLighthouse 13, mobile preset (simulated slow 4G, 4× CPU), one run per page');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
} finally {
  await chromium.stop();
  for (const site of sites) await site.stop();
}
