// `npm run bench`: what a first visit of each route costs, measured in Chromium against the production build.
// Sizes are exact (gzip -9 of each JavaScript response, as the server's .gz files are); times are medians of
// several runs on a shared machine, so read them as orders of magnitude, never as pass/fail.
import zlib from 'node:zlib';
import { PAGE_ROUTES } from '@tasko/shared/domain';
import { launchBrowser, startSite } from '../e2e/support/site.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/**
 * The JavaScript a first visit may cost, gzipped, in kB (docs/architecture.md, "The budget"): the home page
 * 155, every content page 150, every other route its figure before i18next, react-i18next and axios came back
 * (measured on commit 1870a00) plus 40.
 */
const BEFORE_THE_STACK: Record<string, number> = {
  '/services': 118.5,
  '/tasks': 119.0,
  '/job/1': 124.2,
  '/login': 116.2,
  '/auth/callback': 119.1,
  '/post-job': 149.0,
  '/my-posted-jobs': 119.3,
  '/settings': 118.6,
  '/moderation': 119.1,
  '/unsubscribe': 114.6,
};
function budgetOf(path: string): number | undefined {
  if (path === '/') return 155;
  const route = PAGE_ROUTES.find((r) => r.paths.some((p) => p.replace(':id', '1').replace(':blogId', 'blog1') === path));
  if (route?.remote === 'mfe_content') return 150;
  const before = BEFORE_THE_STACK[path];
  return before === undefined ? undefined : Math.round(before + 40);
}

interface Visit {
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsFiles: number;
  requests: number;
  headingMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const site = await startSite();
// `npm run bench -- --baseline <ref>` (scripts/bench.mjs): that commit's build, served beside this tree's.
const baselineDir = process.env.BENCH_BASELINE_DIR;
const baseline = baselineDir ? await startSite({ DIST_ROOT: baselineDir }) : undefined;
const browser = await launchBrowser();

async function visit(path: string, origin = site.origin): Promise<Visit> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const bodies: Promise<{ type: string; gz: number }>[] = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then(
        (body) => ({ type, gz: zlib.gzipSync(body, { level: 9 }).length }),
        () => ({ type, gz: 0 }),
      ),
    );
  });
  const started = Date.now();
  await page.goto(origin + path);
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  const headingMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(bodies);
  await context.close();
  const scripts = sizes.filter((s) => s.type === 'script');
  return {
    jsGzipBytes: scripts.reduce((sum, s) => sum + s.gz, 0),
    cssGzipBytes: sizes.filter((s) => s.type === 'stylesheet').reduce((sum, s) => sum + s.gz, 0),
    jsFiles: scripts.length,
    requests,
    headingMs,
  };
}

interface SlowVisit {
  /** Until the page's main content is on screen: the first listing card, or the heading. */
  contentMs: number;
  /** When the listing request started, and when the remote's entry had arrived (no waterfall: the first is earlier). */
  listingRequestMs: number | null;
  remoteEntryMs: number | null;
}

/** A first visit with Chromium's CPU slowed 4× (a cheap phone), timed from navigation start. */
async function slowVisit(path: string, contentSelector: string): Promise<SlowVisit> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let listingRequestMs: number | null = null;
  let remoteEntryMs: number | null = null;
  const started = Date.now();
  page.on('request', (request) => {
    if (listingRequestMs === null && request.url().includes('/api/v1/jobs?')) listingRequestMs = Date.now() - started;
  });
  page.on('requestfinished', (request) => {
    if (remoteEntryMs === null && request.url().endsWith('/remoteEntry.js')) remoteEntryMs = Date.now() - started;
  });
  await page.goto(site.origin + path);
  await page.locator(contentSelector).first().waitFor({ timeout: 60_000 });
  const contentMs = Date.now() - started;
  await context.close();
  return { contentMs, listingRequestMs, remoteEntryMs };
}

const paths = [...new Set(PAGE_ROUTES.map((r) => (r.paths[0] ?? '/').replace(':id', '1').replace(':blogId', 'blog1')))];
const rows: string[][] = [];
const slowRows: string[][] = [];

async function slowRowsOf(): Promise<string[][]> {
  const result: string[][] = [];
  for (const [path, selector, what] of [
    ['/en', '.listing-card', 'first listing card'],
    ['/en/faq', 'main h1', 'heading'],
  ] as const) {
    const visits: SlowVisit[] = [];
    for (let i = 0; i < RUNS; i += 1) visits.push(await slowVisit(path, selector));
    const ms = (values: (number | null)[]) => (values.every((v) => v === null) ? '-' : String(median(values.map((v) => v ?? 0))));
    result.push([
      path,
      what,
      ms(visits.map((v) => v.contentMs)),
      ms(visits.map((v) => v.listingRequestMs)),
      ms(visits.map((v) => v.remoteEntryMs)),
    ]);
  }
  return result;
}

try {
  for (const path of paths) {
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i += 1) visits.push(await visit(`/en${path === '/' ? '' : path}`));
    const first = visits[0] as Visit;
    const budget = budgetOf(path);
    const kb = first.jsGzipBytes / 1024;
    const baselineKb = baseline ? (await visit(`/en${path === '/' ? '' : path}`, baseline.origin)).jsGzipBytes / 1024 : undefined;
    rows.push([
      path,
      kb.toFixed(1),
      (first.cssGzipBytes / 1024).toFixed(1),
      String(first.jsFiles),
      String(first.requests),
      String(median(visits.map((v) => v.headingMs))),
      budget ? `${budget} (${kb <= budget ? 'within' : 'OVER'})` : '',
      ...(baselineKb === undefined ? [] : [baselineKb.toFixed(1), `${kb - baselineKb >= 0 ? '+' : ''}${(kb - baselineKb).toFixed(1)}`]),
    ]);
  }
  slowRows.push(...(await slowRowsOf()));
} finally {
  await browser.close();
  await site.stop();
  await baseline?.stop();
}

const header = [
  'route (en, first visit)',
  'JS kB gz',
  'CSS kB gz',
  'JS files',
  'requests',
  `h1 ms (median of ${RUNS})`,
  'budget kB',
  ...(baseline ? [`baseline ${process.env.BENCH_BASELINE_REF ?? ''} JS kB gz`, 'difference'] : []),
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));

const slowHeader = ['route, CPU 4× slower', 'shown', `ms (median of ${RUNS})`, 'listing request starts ms', 'remote entry arrived ms'];
const slowWidths = slowHeader.map((h, i) => Math.max(h.length, ...slowRows.map((r) => (r[i] ?? '').length)));
console.log('');
console.log(slowHeader.map((c, i) => c.padEnd(slowWidths[i] ?? 0)).join('  '));
for (const row of slowRows) console.log(row.map((c, i) => c.padEnd(slowWidths[i] ?? 0)).join('  '));
