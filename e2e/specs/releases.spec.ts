import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT } from '../../shared/build/workspaces.cjs';
import { contentTypeOf } from '../../api/src/releases/releaseStores.js';
import { signedBucketCookie } from '../../api/src/releases/canaryCounts.js';
import { buildCopy, copyPackage, type PackageCopy } from '../support/releases.js';
import { newPage, startSite } from '../support/site.js';
import { expect, test as base } from '../support/test.js';

/** The contract version of `@tasko/shared` this tree builds (shared/package.json). */
const SHARED_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }).version;

/** The next minor of a version: `2.0.3` → `2.1.0`. */
const nextMinorOf = (version: string) => {
  const [major = '0', minor = '0'] = version.split('.');
  return `${major}.${Number(minor) + 1}.0`;
};

const run = promisify(execFile);
const SERVICES_TEXT = path.join('src', 'locales', 'en', 'services.json');
const SERVICES_PAGE = path.join('src', 'pages', 'ServicesPage', 'ServicesPage.tsx');
const FAQ_TEXT = path.join('src', 'locales', 'en', 'faq.json');

/** A build of the release tool that did not succeed: what it printed. */
type ToolFailure = Error & { stdout?: string; stderr?: string };

const test = base.extend<object, { dataDir: string }>({
  // The release store and manifest the site and the release tool share, made for the worker and gone after it.
  dataDir: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-releases-'));
      await use(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // Canaries are judged every 300 ms, once each arm has 3 loads from 3 visitors. Every browser here comes from
  // 127.0.0.1, which would otherwise bring only 3 visitors an hour (docs/releases.md, "How a canary counts").
  siteEnv: [
    async ({ dataDir }, use) => {
      await use({
        DATA_DIR: dataDir,
        RELEASE_STATS_FLUSH_MS: '300',
        CANARY_MIN_LOADS: '3',
        CANARY_MIN_VISITORS: '3',
        CANARY_MAX_VISITORS_PER_ADDRESS: '20',
      });
    },
    { scope: 'worker' },
  ],
});

/** Copies of the packages the releases are made from (docs/releases.md, "Releases made by the tests"). */
const copies: PackageCopy[] = [];
function copyOf(packageName: string): PackageCopy {
  const copy = copyPackage(packageName);
  copies.push(copy);
  return copy;
}
const scratch: string[] = [];
function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

test.afterAll(() => {
  for (const copy of copies.splice(0)) copy.remove();
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The copy of mfe-services changed for one release (a release made from a commit that changed it). */
async function withServicesChange<T>(
  services: PackageCopy,
  change: { intro?: string; pageCode?: string },
  release: () => Promise<T>,
): Promise<T> {
  const originals = new Map([SERVICES_TEXT, SERVICES_PAGE].map((file) => [file, services.read(file)]));
  if (change.intro) {
    const texts = JSON.parse(originals.get(SERVICES_TEXT) ?? '{}') as { intro: string };
    services.write(SERVICES_TEXT, JSON.stringify({ ...texts, intro: change.intro }, null, 2));
  }
  if (change.pageCode) {
    // The code goes first thing in the page's component, where it runs at every render.
    const page = originals.get(SERVICES_PAGE) ?? '';
    const withCode = page.replace(/export default function ServicesPage\(\) \{\n/, (opening) => `${opening}  ${change.pageCode}\n`);
    expect(withCode, 'the page component was found').not.toBe(page);
    services.write(SERVICES_PAGE, withCode);
  }
  try {
    return await release();
  } finally {
    for (const [file, text] of originals) services.write(file, text);
  }
}

/**
 * `npm run <command> -w <package>`, as a team runs it, on this spec's data folder; a release is made from the
 * copy `from` (release.ts --from), never from the tree.
 */
async function releaseTool(
  dataDir: string,
  command: string,
  options: { packageName?: string; from?: PackageCopy; args?: string[]; env?: Record<string, string> } = {},
): Promise<string> {
  const { packageName = 'mfe-services', from, args = [], env = {} } = options;
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'release.ts'), command, ...args, ...(from ? ['--from', from.dir] : [])],
    {
      cwd: path.join(REPO_ROOT, packageName),
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    },
  );
  return stdout + stderr;
}

/** The same, expected to be refused: answers what it said. */
async function refusedBy(dataDir: string, packageName: string, from: PackageCopy, env: Record<string, string> = {}): Promise<string> {
  const said = await releaseTool(dataDir, 'release', { packageName, from, env }).then(
    () => null,
    (error: ToolFailure) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
  expect(said, 'the release was refused').not.toBeNull();
  return said ?? '';
}

interface AreaState {
  current: string;
  canary?: { id: string };
  history: { id: string }[];
  rolledBack: { id: string; reason: string }[];
}
function servicesState(dataDir: string): AreaState | undefined {
  const file = path.join(dataDir, 'releases', 'manifest.json');
  if (!fs.existsSync(file)) return undefined;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { areas: { mfe_services?: AreaState } }).areas.mfe_services;
}

/** The release of mfe-services a tab's files came from: dist (/mfe/services/) or a release's id. */
function servicesSources(page: Page): Set<string> {
  const sources = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const release = /^\/mfe\/releases\/services\/([^/]+)\//.exec(url.pathname)?.[1];
    if (release) sources.add(release);
    else if (url.pathname.startsWith('/mfe/services/')) sources.add('dist');
  });
  return sources;
}

test.describe('a team releasing mfe-services, with a tab open across its releases', () => {
  let services: PackageCopy;
  test.beforeAll(() => {
    services = copyOf('mfe-services');
  });

  test('refuses a release whose page throws when it renders, naming the page and the error, and never serves it', async ({ dataDir }) => {
    // The first build of the copy starts with a cold webpack cache, and the refusal renders the page in Chromium.
    test.setTimeout(400_000);
    const said = await withServicesChange(services, { pageCode: "throw new Error('a page that fails at render');" }, () =>
      refusedBy(dataDir, 'mfe-services', services),
    );
    expect(said).toMatch(/was refused/);
    expect(said).toMatch(/\/(he|en)\/services/);
    expect(said).toMatch(/a page that fails at render/);
    expect(servicesState(dataDir)?.history.length ?? 0, 'nothing was released').toBe(0);
    const servicesReleases = path.join(dataDir, 'releases', 'services');
    expect(fs.existsSync(servicesReleases) ? fs.readdirSync(servicesReleases) : [], 'its files are gone').toEqual([]);
  });

  test('tells an open tab of a new release and of a rollback, moves it on at its next navigation, and rolls forward', async ({
    dataDir,
    page,
    context,
    browser,
    site,
    pageErrors,
  }) => {
    // Three releases, each built and rendered in Chromium before the site serves it: one has taken 277 s beside the
    // other lanes on two busy cores, so the bound is three of those and some.
    test.setTimeout(900_000);
    const first = await withServicesChange(services, { intro: 'Release one of the services page.' }, () =>
      releaseTool(dataDir, 'release', { from: services }),
    );
    expect(first).toMatch(/released mfe-services/);
    const releaseOne = servicesState(dataDir)?.current ?? '';
    console.log(`# ${first.trim().split('\n').at(-1)}`);

    await context.clock.install();
    const sources = servicesSources(page);
    await page.goto('/en/services');
    await expect(page.getByText('Release one of the services page.')).toBeVisible();

    const second = await withServicesChange(services, { intro: 'Release two of the services page.' }, () =>
      releaseTool(dataDir, 'release', { from: services }),
    );
    const releaseTwo = servicesState(dataDir)?.current ?? '';
    expect(releaseTwo).not.toBe(releaseOne);
    console.log(`# ${second.trim().split('\n').at(-1)}`);
    // The tab asks within a minute: it is told politely, and nothing reloads by itself.
    await page.clock.fastForward(61_000);
    await expect(page.getByRole('status').filter({ hasText: 'A new version of this page is available.' })).toBeVisible();
    await expect(page.getByText('Release one of the services page.'), 'the page on screen stays as it was').toHaveCount(1);
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByText('Release two of the services page.')).toBeVisible();
    expect(sources.has(releaseTwo)).toBe(true);

    const rollback = await releaseTool(dataDir, 'rollback');
    expect(rollback).toMatch(new RegExp(`rolled mfe-services back to ${releaseOne}`));
    // Elsewhere on the site when it learns of the rollback, the tab loads the rolled-back release on its way back.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Tasko' })).toBeVisible();
    const askedForReleases = page.waitForResponse((response) => response.url().includes('/api/v1/releases/current'));
    await page.clock.fastForward(61_000);
    await askedForReleases;
    await page.goBack();
    await expect(page.getByText('Release one of the services page.')).toBeVisible();
    expect(pageErrors).toEqual([]);

    expect(await releaseTool(dataDir, 'rollforward')).toMatch(new RegExp(`rolled mfe-services forward to ${releaseTwo}`));
    const fresh = await newPage(browser);
    try {
      await fresh.page.goto(`${site.origin}/en/services`);
      await expect(fresh.page.getByText('Release two of the services page.')).toBeVisible();
    } finally {
      await fresh.context.close();
    }
    // Identical content is one release: releasing what is current changes nothing.
    expect(
      await withServicesChange(services, { intro: 'Release two of the services page.' }, () =>
        releaseTool(dataDir, 'release', { from: services }),
      ),
    ).toMatch(/is already current/);
  });

  test('gives a canary to its share of visitors, counts the loads their pages tell, and rolls it back by itself when they fail more', async ({
    dataDir,
    site,
    browser,
  }) => {
    test.setTimeout(400_000);
    const before = servicesState(dataDir)?.current ?? 'dist';
    // Fails only for visitors who carry the probe: the smoke check's clean browser passes it.
    const probe =
      "if (typeof sessionStorage !== 'undefined' && sessionStorage.getItem('canaryProbe')) throw new Error('canary probe failure');";
    const said = await withServicesChange(services, { intro: 'The canary of the services page.', pageCode: probe }, () =>
      releaseTool(dataDir, 'release', { from: services, args: ['--canary', '50'] }),
    );
    expect(said).toMatch(/to 50 % of visitors \(a canary\)/);
    const canary = servicesState(dataDir)?.canary?.id ?? '';
    expect(canary).toBeTruthy();

    // A bucket the visitor picked is replaced by one the server signs (fetched without running the page: no count).
    const forger = await newPage(browser);
    try {
      await forger.context.addCookies([{ name: 'tasko_release_bucket', value: '0', url: site.origin }]);
      expect((await forger.context.request.get(`${site.origin}/en/services`)).status()).toBe(200);
      const bucket = (await forger.context.cookies()).find((cookie) => cookie.name === 'tasko_release_bucket');
      expect(bucket?.value ?? '').toMatch(/^\d{1,2}\.[\w-]{22}\.[\w-]{22}$/);
      expect(bucket?.httpOnly).toBe(true);
    } finally {
      await forger.context.close();
    }

    /** A visitor the server gave `bucket`: their page tells its load (with its token, under the CSP), or reports its failure. */
    const visit = async (bucket: number, hasProbe: boolean) => {
      const visitor = await newPage(browser);
      try {
        await visitor.context.addCookies([
          { name: 'tasko_release_bucket', value: await signedBucketCookie(site.database.db, bucket), url: site.origin },
        ]);
        if (hasProbe) await visitor.context.addInitScript(() => sessionStorage.setItem('canaryProbe', '1'));
        const told = visitor.page.waitForResponse(
          (response) => response.url().endsWith(hasProbe ? '/api/v1/client-errors' : '/api/v1/page-loads') && response.status() === 204,
        );
        await visitor.page.goto(`${site.origin}/en/services`);
        // The current release's page, or the canary's failing one.
        await expect(
          visitor.page.getByRole('heading', { level: 1, ...(hasProbe ? { name: 'Something went wrong on this page' } : {}) }).first(),
        ).toBeVisible();
        await told;
        if (!hasProbe) expect(visitor.problems.errors, 'the beacon is within the CSP').toEqual([]);
      } finally {
        await visitor.context.close();
      }
    };
    // Three visitors in each arm: the current release's (bucket 99 and up) and the canary's, whose pages fail.
    for (const bucket of [99, 98, 97]) await visit(bucket, false);
    for (const bucket of [0, 1, 2]) await visit(bucket, true);
    // Judged within 300 ms: the canary's failures against none roll it back. The last visitor's load may be judged
    // before their error arrives (the page tells its load first): 2 of 3 visitors' pages failing is enough.
    await expect.poll(() => servicesState(dataDir)?.canary, { timeout: 10_000 }).toBeUndefined();
    const state = servicesState(dataDir);
    expect(state?.current).toBe(before);
    expect(state?.rolledBack.at(-1)?.id).toBe(canary);
    const table = await releaseTool(dataDir, 'releases', { packageName: '.' });
    expect(table).toMatch(
      new RegExp(
        `rolled back by itself  ${canary} at \\S+: its error rate was (?:66\\.7|100\\.0) % over 3 page loads from 3 visitors, against 0\\.0 % over 3 page loads from 3 visitors`,
      ),
    );
    expect(table, 'the visitors behind each rate').toMatch(
      /mfe-services\n {2}current {2}[^\n]*: 3 loads from 3 visitors, 0\.0 % with errors\n/,
    );
    console.log(
      `# ${table
        .split('\n')
        .find((line) => line.includes('rolled back by itself'))
        ?.trim()}`,
    );
  });

  test('refuses a shell with a new major of the shared contract before building it, naming the remotes to release first', async ({
    dataDir,
  }) => {
    // From a copy all the same: were the refusal to come after the build, it would not build in the tree.
    const said = await refusedBy(dataDir, 'shell', copyOf('shell'), { TASKO_SHARED_VERSION: '3.0.0' });
    expect(said).toMatch(/refused before its build/);
    expect(said).toMatch(/this shell provides @tasko\/shared 3\.0\.0, a new major: release these remotes against it first/);
    for (const remote of ['mfe-jobs', 'mfe-services', 'mfe-posting', 'mfe-content', 'mfe-account'])
      expect(said).toMatch(new RegExp(remote));
  });

  test('refuses a remote that needs a newer shared core than the shell the site serves, before building it', async ({ dataDir }) => {
    const needed = nextMinorOf(SHARED_VERSION);
    const said = await refusedBy(dataDir, 'mfe-services', services, { TASKO_SHARED_VERSION: needed });
    expect(said).toMatch(
      new RegExp(
        `it needs @tasko/shared \\^${needed.replace(/\./g, '\\.')}, and the shell provides ${SHARED_VERSION.replace(/\./g, '\\.')}`,
      ),
    );
  });
});

/** A folder served on loopback as a CDN would: every origin may load it. */
async function serveFolder(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': contentTypeOf(file), 'Access-Control-Allow-Origin': '*' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * mfe-content served from `built` instead of its own folder: /en/faq shows the page's error panel, the console
 * names both versions (`expected`), no TypeError happens, and another remote's page still opens.
 */
async function expectRefusedRemote(browser: Browser, built: string, expected: string): Promise<void> {
  const cdn = await serveFolder(built);
  const site = await startSite({ MFE_CONTENT_URL: `${cdn.origin}/` });
  const { page, context, problems } = await newPage(browser);
  try {
    await page.goto(`${site.origin}/en/faq`);
    await expect(page.getByRole('heading', { level: 1, name: 'Failed to load page' })).toBeVisible();
    expect(
      problems.errors.some((error) => error.includes(expected)),
      problems.errors.join('\n'),
    ).toBe(true);
    expect(
      problems.errors.some((error) => /TypeError/.test(error)),
      problems.errors.join('\n'),
    ).toBe(false);
    await page.goto(`${site.origin}/en/services`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  } finally {
    await context.close();
    await site.stop();
    await cdn.close();
  }
}

test.describe('a remote that needs a newer shared core than the shell', () => {
  test('fails with the page’s error panel and a console error naming both versions, not a TypeError', async ({ browser }) => {
    // A build of a copy with a cold webpack cache, then a site of its own.
    test.setTimeout(400_000);
    const built = scratchDir('tasko-skewed-');
    const needed = nextMinorOf(SHARED_VERSION);
    await buildCopy('mfe-content', copyOf('mfe-content'), built, { TASKO_SHARED_VERSION: needed });
    await expectRefusedRemote(
      browser,
      built,
      `mfe_content needs @tasko/shared ^${needed}, but this page runs @tasko/shared ${SHARED_VERSION} from shell`,
    );
  });
});

test.describe('a remote built with another federation minor than the shell', () => {
  test('fails with the page’s error panel and a console error naming both federation versions', async ({ browser }) => {
    // mfe-content's build, saying it was made with the next minor (the first line of its remoteEntry.js).
    const built = scratchDir('tasko-federation-skew-');
    fs.cpSync(path.join(REPO_ROOT, 'mfe-content', 'dist'), built, { recursive: true });
    const entry = path.join(built, 'remoteEntry.js');
    const shellVersion = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'build-info.json'), 'utf8')) as { federation: { version: string } }
    ).federation.version;
    const nextMinor = nextMinorOf(shellVersion);
    // The minifier may or may not quote the key.
    const record = new RegExp(`("?federationVersion"?:)"${shellVersion.replace(/\./g, '\\.')}"`);
    const source = fs.readFileSync(entry, 'utf8');
    expect(source, 'the entry records its federation version').toMatch(record);
    fs.writeFileSync(entry, source.replace(record, `$1"${nextMinor}"`));
    await expectRefusedRemote(
      browser,
      built,
      `mfe_content was built with @module-federation/enhanced ${nextMinor}, but this page runs @module-federation/enhanced ${shellVersion} from shell`,
    );
  });
});

/** Whether a URL answers with success now. */
async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false; // not up yet
  }
}

test.describe('a remote’s dev server inside the real shell', () => {
  test('shows the dev remote’s page with no CSP complaint, and reloads it when its source changes', async ({ browser }) => {
    // The dev server's first build, on two busy cores.
    test.setTimeout(400_000);
    // The port the README gives mfe-content's dev server; its reload socket is named by that port.
    const devOrigin = 'http://127.0.0.1:3004';
    // The dev server runs from a copy: the change below is made to the copy's sources, never to the tree's.
    const content = copyOf('mfe-content');
    let dev: ChildProcess | undefined;
    const site = await startSite({ MFE_CONTENT_URL: devOrigin });
    const { page, context, problems } = await newPage(browser);
    try {
      dev = spawn(
        process.execPath,
        [path.join(REPO_ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js'), 'serve', '--mode', 'development'],
        {
          cwd: content.dir,
          stdio: 'ignore',
          env: { ...process.env, TASKO_API_URL: site.origin },
        },
      );
      await expect
        .poll(() => answers(`${devOrigin}/remoteEntry.js`), { message: 'the dev server answered within two minutes', timeout: 120_000 })
        .toBe(true);
      await page.goto(`${site.origin}/en/faq`);
      await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
      // Its reload socket is open (the dev CSP allows it); the change below arrives through it.
      const faq = JSON.parse(content.read(FAQ_TEXT)) as { intro: string };
      content.write(FAQ_TEXT, JSON.stringify({ ...faq, intro: `${faq.intro} Edited while the dev server runs.` }, null, 2));
      await expect(page.getByText('Edited while the dev server runs.')).toBeVisible({ timeout: 60_000 });
      expect(problems.errors.filter((error) => /Content Security Policy|Refused/.test(error))).toEqual([]);
    } finally {
      if (dev && dev.exitCode === null) {
        const exited = new Promise((resolve) => dev?.once('exit', resolve));
        dev.kill();
        await exited;
      }
      await context.close();
      await site.stop();
    }
  });
});
