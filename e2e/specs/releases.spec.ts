import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../shared/build/workspaces.cjs';
import { contentTypeOf } from '../../api/src/releases/releaseStores.js';
import { signedBucketCookie } from '../../api/src/releases/canaryCounts.js';
import { newPage, startSite, useSiteAndBrowser } from '../support/site.js';

/** The contract version of `@tasko/shared` this tree builds (shared/package.json). */
const SHARED_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }).version;

/** The next minor of a version: `2.0.3` → `2.1.0`. */
const nextMinorOf = (version: string) => {
  const [major = '0', minor = '0'] = version.split('.');
  return `${major}.${Number(minor) + 1}.0`;
};

const run = promisify(execFile);
const SERVICES_TEXT = path.join(REPO_ROOT, 'mfe-services', 'src', 'locales', 'en', 'services.json');
const SERVICES_PAGE = path.join(REPO_ROOT, 'mfe-services', 'src', 'pages', 'ServicesPage', 'ServicesPage.tsx');
const originals = new Map(
  [SERVICES_TEXT, SERVICES_PAGE, path.join(REPO_ROOT, 'mfe-content', 'src', 'locales', 'en', 'faq.json')].map((file) => [
    file,
    fs.readFileSync(file, 'utf8'),
  ]),
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-releases-'));
const scratch: string[] = [dataDir];

/** The source of mfe-services changed for one build (a release made from a commit that changed it). */
async function withServicesChange<T>(change: { intro?: string; pageCode?: string }, build: () => Promise<T>): Promise<T> {
  if (change.intro) {
    const texts = JSON.parse(originals.get(SERVICES_TEXT) ?? '{}') as { intro: string };
    fs.writeFileSync(SERVICES_TEXT, JSON.stringify({ ...texts, intro: change.intro }, null, 2));
  }
  if (change.pageCode) {
    // The code goes first thing in the page's component, where it runs at every render.
    const page = originals.get(SERVICES_PAGE) ?? '';
    const withCode = page.replace(/export default function ServicesPage\(\) \{\n/, (opening) => `${opening}  ${change.pageCode}\n`);
    assert.notEqual(withCode, page, 'the page component was found');
    fs.writeFileSync(SERVICES_PAGE, withCode);
  }
  try {
    return await build();
  } finally {
    for (const [file, text] of originals) fs.writeFileSync(file, text);
  }
}

/** `npm run <command> -w <package>`, as a team runs it, on this spec's data folder. */
async function releaseTool(
  command: string,
  packageName = 'mfe-services',
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<string> {
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'release.ts'), command, ...args],
    {
      cwd: path.join(REPO_ROOT, packageName),
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    },
  );
  return stdout + stderr;
}

/** The same, expected to be refused: answers what it said. */
async function refusedBy(command: string, packageName: string, env: Record<string, string> = {}): Promise<string> {
  let said = '';
  await assert.rejects(releaseTool(command, packageName, [], env), (error: Error & { stdout?: string; stderr?: string }) => {
    said = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    return true;
  });
  return said;
}

interface AreaState {
  current: string;
  canary?: { id: string };
  history: { id: string }[];
  rolledBack: { id: string; reason: string }[];
}
function servicesState(): AreaState | undefined {
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

// Canaries are judged every 300 ms, once each arm has 3 loads from 3 visitors. Every browser here comes from
// 127.0.0.1, which would otherwise bring only 3 visitors an hour (docs/releases.md, "How a canary counts").
const running = useSiteAndBrowser({
  DATA_DIR: dataDir,
  RELEASE_STATS_FLUSH_MS: '300',
  CANARY_MIN_LOADS: '3',
  CANARY_MIN_VISITORS: '3',
  CANARY_MAX_VISITORS_PER_ADDRESS: '20',
});

after(() => {
  for (const [file, text] of originals) fs.writeFileSync(file, text);
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a team releasing mfe-services, with a tab open across its releases', () => {
  it('refuses a release whose page throws when it renders, naming the page and the error, and never serves it', async () => {
    const said = await withServicesChange({ pageCode: "throw new Error('a page that fails at render');" }, () =>
      refusedBy('release', 'mfe-services'),
    );
    assert.match(said, /was refused/);
    assert.match(said, /\/(he|en)\/services/);
    assert.match(said, /a page that fails at render/);
    assert.equal(servicesState()?.history.length ?? 0, 0, 'nothing was released');
    assert.deepEqual(
      fs.existsSync(path.join(dataDir, 'releases', 'services')) ? fs.readdirSync(path.join(dataDir, 'releases', 'services')) : [],
      [],
      'its files are gone',
    );
  });

  it('tells an open tab of a new release and of a rollback, moves it on at its next navigation, and rolls forward', async () => {
    const first = await withServicesChange({ intro: 'Release one of the services page.' }, () => releaseTool('release'));
    assert.match(first, /released mfe-services/);
    const releaseOne = servicesState()?.current ?? '';
    console.log(`# ${first.trim().split('\n').at(-1)}`);

    const open = await newPage(running.browser);
    await open.context.clock.install();
    const sources = servicesSources(open.page);
    try {
      await open.page.goto(`${running.site.origin}/en/services`);
      await open.page.getByText('Release one of the services page.').waitFor();

      const second = await withServicesChange({ intro: 'Release two of the services page.' }, () => releaseTool('release'));
      const releaseTwo = servicesState()?.current ?? '';
      assert.notEqual(releaseTwo, releaseOne);
      console.log(`# ${second.trim().split('\n').at(-1)}`);
      // The tab asks within a minute: it is told politely, and nothing reloads by itself.
      await open.page.clock.fastForward(61_000);
      await open.page.getByRole('status').filter({ hasText: 'A new version of this page is available.' }).waitFor();
      assert.equal(await open.page.getByText('Release one of the services page.').count(), 1, 'the page on screen stays as it was');
      await open.page.getByRole('button', { name: 'Reload page' }).click();
      await open.page.getByText('Release two of the services page.').waitFor();
      assert.ok(sources.has(releaseTwo));

      const rollback = await releaseTool('rollback');
      assert.match(rollback, new RegExp(`rolled mfe-services back to ${releaseOne}`));
      // Elsewhere on the site when it learns of the rollback, the tab loads the rolled-back release on its way back.
      await open.page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
      await open.page.getByRole('heading', { level: 1, name: 'About Tasko' }).waitFor();
      await open.page.clock.fastForward(61_000);
      await open.page.waitForResponse((response) => response.url().includes('/api/v1/releases/current'));
      await open.page.goBack();
      await open.page.getByText('Release one of the services page.').waitFor();
      assert.deepEqual(open.problems.errors, []);

      assert.match(await releaseTool('rollforward'), new RegExp(`rolled mfe-services forward to ${releaseTwo}`));
      const fresh = await newPage(running.browser);
      try {
        await fresh.page.goto(`${running.site.origin}/en/services`);
        await fresh.page.getByText('Release two of the services page.').waitFor();
      } finally {
        await fresh.context.close();
      }
      // Identical content is one release: releasing what is current changes nothing.
      assert.match(
        await withServicesChange({ intro: 'Release two of the services page.' }, () => releaseTool('release')),
        /is already current/,
      );
    } finally {
      await open.context.close();
    }
  });

  it('gives a canary to its share of visitors, counts the loads their pages tell, and rolls it back by itself when they fail more', async () => {
    const before = servicesState()?.current ?? 'dist';
    // Fails only for visitors who carry the probe: the smoke check's clean browser passes it.
    const probe =
      "if (typeof sessionStorage !== 'undefined' && sessionStorage.getItem('canaryProbe')) throw new Error('canary probe failure');";
    const said = await withServicesChange({ intro: 'The canary of the services page.', pageCode: probe }, () =>
      releaseTool('release', 'mfe-services', ['--canary', '50']),
    );
    assert.match(said, /to 50 % of visitors \(a canary\)/);
    const canary = servicesState()?.canary?.id ?? '';
    assert.ok(canary);

    // A bucket the visitor picked is replaced by one the server signs (fetched without running the page: no count).
    const forger = await newPage(running.browser);
    try {
      await forger.context.addCookies([{ name: 'tasko_release_bucket', value: '0', url: running.site.origin }]);
      assert.equal((await forger.context.request.get(`${running.site.origin}/en/services`)).status(), 200);
      const bucket = (await forger.context.cookies()).find((cookie) => cookie.name === 'tasko_release_bucket');
      assert.match(bucket?.value ?? '', /^\d{1,2}\.[\w-]{22}\.[\w-]{22}$/);
      assert.equal(bucket?.httpOnly, true);
    } finally {
      await forger.context.close();
    }

    /** A visitor the server gave `bucket`: their page tells its load (with its token, under the CSP), or reports its failure. */
    const visit = async (bucket: number, hasProbe: boolean) => {
      const visitor = await newPage(running.browser);
      try {
        await visitor.context.addCookies([
          { name: 'tasko_release_bucket', value: await signedBucketCookie(running.site.database.db, bucket), url: running.site.origin },
        ]);
        if (hasProbe) await visitor.context.addInitScript(() => sessionStorage.setItem('canaryProbe', '1'));
        const told = visitor.page.waitForResponse(
          (response) => response.url().endsWith(hasProbe ? '/api/v1/client-errors' : '/api/v1/page-loads') && response.status() === 204,
        );
        await visitor.page.goto(`${running.site.origin}/en/services`);
        // The current release's page, or the canary's failing one.
        await visitor.page
          .getByRole('heading', { level: 1, ...(hasProbe ? { name: 'Something went wrong on this page' } : {}) })
          .first()
          .waitFor();
        await told;
        if (!hasProbe) assert.deepEqual(visitor.problems.errors, [], 'the beacon is within the CSP');
      } finally {
        await visitor.context.close();
      }
    };
    // Three visitors in each arm: the current release's (bucket 99 and up) and the canary's, whose pages fail.
    for (const bucket of [99, 98, 97]) await visit(bucket, false);
    for (const bucket of [0, 1, 2]) await visit(bucket, true);
    // Judged within 300 ms: the canary's failures against none roll it back. The last visitor's load may be judged
    // before their error arrives (the page tells its load first): 2 of 3 visitors' pages failing is enough.
    for (let waited = 0; servicesState()?.canary && waited < 10_000; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const state = servicesState();
    assert.equal(state?.canary, undefined);
    assert.equal(state?.current, before);
    assert.equal(state?.rolledBack.at(-1)?.id, canary);
    const table = await releaseTool('releases', '.');
    assert.match(
      table,
      new RegExp(
        `rolled back by itself  ${canary} at \\S+: its error rate was (?:66\\.7|100\\.0) % over 3 page loads from 3 visitors, against 0\\.0 % over 3 page loads from 3 visitors`,
      ),
    );
    assert.match(
      table,
      /mfe-services\n {2}current {2}[^\n]*: 3 loads from 3 visitors, 0\.0 % with errors\n/,
      'the visitors behind each rate',
    );
    console.log(
      `# ${table
        .split('\n')
        .find((line) => line.includes('rolled back by itself'))
        ?.trim()}`,
    );
  });

  it('refuses a shell with a new major of the shared contract before building it, naming the remotes to release first', async () => {
    const said = await refusedBy('release', 'shell', { TASKO_SHARED_VERSION: '3.0.0' });
    assert.match(said, /refused before its build/);
    assert.match(said, /this shell provides @tasko\/shared 3\.0\.0, a new major: release these remotes against it first/);
    for (const remote of ['mfe-jobs', 'mfe-services', 'mfe-posting', 'mfe-content', 'mfe-account']) assert.match(said, new RegExp(remote));
  });

  it('refuses a remote that needs a newer shared core than the shell the site serves, before building it', async () => {
    const needed = nextMinorOf(SHARED_VERSION);
    const said = await refusedBy('release', 'mfe-services', { TASKO_SHARED_VERSION: needed });
    assert.match(
      said,
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
async function expectRefusedRemote(built: string, expected: string): Promise<void> {
  const cdn = await serveFolder(built);
  const site = await startSite({ MFE_CONTENT_URL: `${cdn.origin}/` });
  const { page, context, problems } = await newPage(running.browser);
  try {
    await page.goto(`${site.origin}/en/faq`);
    await page.getByRole('heading', { level: 1, name: 'Failed to load page' }).waitFor();
    assert.ok(
      problems.errors.some((error) => error.includes(expected)),
      problems.errors.join('\n'),
    );
    assert.ok(!problems.errors.some((error) => /TypeError/.test(error)), problems.errors.join('\n'));
    await page.goto(`${site.origin}/en/services`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  } finally {
    await context.close();
    await site.stop();
    await cdn.close();
  }
}

describe('a remote that needs a newer shared core than the shell', () => {
  it('fails with the page’s error panel and a console error naming both versions, not a TypeError', async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-skewed-'));
    scratch.push(built);
    const needed = nextMinorOf(SHARED_VERSION);
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), 'mfe-content', `--out=${built}`], {
      env: { ...process.env, TASKO_SHARED_VERSION: needed },
    });
    await expectRefusedRemote(
      built,
      `mfe_content needs @tasko/shared ^${needed}, but this page runs @tasko/shared ${SHARED_VERSION} from shell`,
    );
  });
});

describe('a remote built with another federation minor than the shell', () => {
  it('fails with the page’s error panel and a console error naming both federation versions', async () => {
    // mfe-content's build, saying it was made with the next minor (the first line of its remoteEntry.js).
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-federation-skew-'));
    scratch.push(built);
    fs.cpSync(path.join(REPO_ROOT, 'mfe-content', 'dist'), built, { recursive: true });
    const entry = path.join(built, 'remoteEntry.js');
    const shellVersion = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'build-info.json'), 'utf8')) as { federation: { version: string } }
    ).federation.version;
    const nextMinor = nextMinorOf(shellVersion);
    // The minifier may or may not quote the key.
    const record = new RegExp(`("?federationVersion"?:)"${shellVersion.replace(/\./g, '\\.')}"`);
    const source = fs.readFileSync(entry, 'utf8');
    assert.match(source, record, 'the entry records its federation version');
    fs.writeFileSync(entry, source.replace(record, `$1"${nextMinor}"`));
    await expectRefusedRemote(
      built,
      `mfe_content was built with @module-federation/enhanced ${nextMinor}, but this page runs @module-federation/enhanced ${shellVersion} from shell`,
    );
  });
});

const FAQ_TEXT = path.join(REPO_ROOT, 'mfe-content', 'src', 'locales', 'en', 'faq.json');

/** The FAQ's English intro, changed on disk while `build` runs. */
function withFaqIntro<T>(addition: string, build: () => Promise<T>): Promise<T> {
  const original = originals.get(FAQ_TEXT) ?? '';
  const changed = JSON.parse(original) as { intro: string };
  fs.writeFileSync(FAQ_TEXT, JSON.stringify({ ...changed, intro: `${changed.intro} ${addition}` }, null, 2));
  return build().finally(() => fs.writeFileSync(FAQ_TEXT, original));
}

/** Waits for a URL to answer, a bounded number of times. */
async function answers(url: string, attempts: number): Promise<boolean> {
  for (let i = 0; i < attempts; i += 1) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

describe('a remote’s dev server inside the real shell', () => {
  it('shows the dev remote’s page with no CSP complaint, and reloads it when its source changes', async () => {
    // The port the README gives mfe-content's dev server; its reload socket is named by that port.
    const devOrigin = 'http://127.0.0.1:3004';
    let dev: ChildProcess | undefined;
    const site = await startSite({ MFE_CONTENT_URL: devOrigin });
    const { page, context, problems } = await newPage(running.browser);
    try {
      dev = spawn(
        process.execPath,
        [path.join(REPO_ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js'), 'serve', '--mode', 'development'],
        {
          cwd: path.join(REPO_ROOT, 'mfe-content'),
          stdio: 'ignore',
          env: { ...process.env, TASKO_API_URL: site.origin },
        },
      );
      assert.ok(await answers(`${devOrigin}/remoteEntry.js`, 120), 'the dev server answered within two minutes');
      await page.goto(`${site.origin}/en/faq`);
      await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
      // Its reload socket is open (the dev CSP allows it); the change below arrives through it.
      await withFaqIntro('Edited while the dev server runs.', async () => {
        await page.getByText('Edited while the dev server runs.').waitFor({ timeout: 60_000 });
      });
      assert.deepEqual(
        problems.errors.filter((error) => /Content Security Policy|Refused/.test(error)),
        [],
      );
    } finally {
      dev?.kill();
      await context.close();
      await site.stop();
    }
  });
});
