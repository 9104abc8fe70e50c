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
import { newPage, startSite, useSiteAndBrowser } from '../support/site.js';

/** The contract version of `@tasko/shared` this tree builds (shared/package.json). */
const SHARED_VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }).version;

/** The next minor of a version: `2.0.3` → `2.1.0`. */
const nextMinorOf = (version: string) => {
  const [major = '0', minor = '0'] = version.split('.');
  return `${major}.${Number(minor) + 1}.0`;
};

const run = promisify(execFile);
const FAQ_TEXT = path.join(REPO_ROOT, 'mfe-content', 'src', 'locales', 'en', 'faq.json');
const original = fs.readFileSync(FAQ_TEXT, 'utf8');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-releases-'));
const scratch: string[] = [dataDir];

/** The FAQ's English intro, changed on disk for one build (a release made from a commit that changed it). */
function withFaqIntro<T>(addition: string, build: () => Promise<T>): Promise<T> {
  const changed = JSON.parse(original) as { intro: string };
  fs.writeFileSync(FAQ_TEXT, JSON.stringify({ ...changed, intro: `${changed.intro} ${addition}` }, null, 2));
  return build().finally(() => fs.writeFileSync(FAQ_TEXT, original));
}

/** `npm run release|rollback -w mfe-content`, as a team runs it, on this spec's data folder; answers how long it took. */
async function releaseCommand(command: 'release' | 'rollback', env: Record<string, string> = {}): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'release.ts'), command], {
    cwd: path.join(REPO_ROOT, 'mfe-content'),
    env: { ...process.env, DATA_DIR: dataDir, ...env },
  });
  return { seconds: (performance.now() - started) / 1000, output: stdout + stderr };
}

function currentRelease(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'releases', 'manifest.json'), 'utf8')) as { remotes: { mfe_content: { releases: { id: string }[] } } };
  return manifest.remotes.mfe_content.releases.at(-1)?.id ?? '';
}

/** The folders mfe-content's files came from in a tab: dist (/mfe/content/) or a release. */
function contentSources(page: Page): Set<string> {
  const sources = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const release = /^\/mfe\/releases\/content\/([^/]+)\//.exec(url.pathname)?.[1];
    if (release) sources.add(release);
    else if (url.pathname.startsWith('/mfe/content/')) sources.add('dist');
  });
  return sources;
}

const running = useSiteAndBrowser({ DATA_DIR: dataDir });

after(() => {
  fs.writeFileSync(FAQ_TEXT, original);
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe('releasing one remote on its own', () => {
  it('moves new tabs to a release while an open tab keeps working on its own, and rolls back in one step', async () => {
    const first = await releaseCommand('release');
    const firstId = currentRelease();
    const open = await newPage(running.browser);
    const openSources = contentSources(open.page);
    try {
      await open.page.goto(`${running.site.origin}/en/faq`);
      await open.page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
      assert.deepEqual([...openSources], [firstId], 'the site served the release, not dist');

      const second = await withFaqIntro('Updated in a separate release.', () => releaseCommand('release'));
      const secondId = currentRelease();
      assert.notEqual(secondId, firstId);
      console.log(`# release: ${first.seconds.toFixed(1)} s and ${second.seconds.toFixed(1)} s (build included)`);

      // The tab opened before the release goes on to a page it had not loaded: its files are still there.
      await open.page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
      await open.page.getByRole('heading', { level: 1, name: 'About Tasko' }).waitFor();
      assert.deepEqual([...openSources], [firstId]);
      assert.deepEqual(open.problems.errors, []);

      const fresh = await newPage(running.browser);
      const freshSources = contentSources(fresh.page);
      try {
        await fresh.page.goto(`${running.site.origin}/en/faq`);
        await fresh.page.getByText('Updated in a separate release.').waitFor();
        assert.deepEqual([...freshSources], [secondId]);
        assert.deepEqual(fresh.problems.errors, []);
      } finally {
        await fresh.context.close();
      }

      const rollback = await releaseCommand('rollback');
      console.log(`# rollback: ${rollback.seconds.toFixed(1)} s`);
      assert.match(rollback.output, new RegExp(`rolled mfe-content back to ${firstId}`));
      const afterRollback = await newPage(running.browser);
      const rolledSources = contentSources(afterRollback.page);
      try {
        await afterRollback.page.goto(`${running.site.origin}/en/faq`);
        await afterRollback.page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
        assert.equal(await afterRollback.page.getByText('Updated in a separate release.').count(), 0);
        assert.deepEqual([...rolledSources], [firstId]);
      } finally {
        await afterRollback.context.close();
      }
    } finally {
      await open.context.close();
    }
  });

  it('refuses a release built against a shared core the shell does not provide, and keeps the current one', async () => {
    const before = currentRelease();
    const needed = nextMinorOf(SHARED_VERSION);
    await assert.rejects(releaseCommand('release', { TASKO_SHARED_VERSION: needed }), (error: Error & { stderr?: string }) => {
      assert.ok(String(error.stderr).includes(`it needs @tasko/shared ^${needed}, and the shell provides ${SHARED_VERSION}`), error.stderr);
      return true;
    });
    assert.equal(currentRelease(), before);
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
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
    assert.ok(problems.errors.some((error) => error.includes(expected)), problems.errors.join('\n'));
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
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), 'mfe-content', `--out=${built}`], { env: { ...process.env, TASKO_SHARED_VERSION: needed } });
    await expectRefusedRemote(built, `mfe_content needs @tasko/shared ^${needed}, but this page runs @tasko/shared ${SHARED_VERSION} from shell`);
  });
});

describe('a remote built with another federation minor than the shell', () => {
  it('fails with the page’s error panel and a console error naming both federation versions', async () => {
    // mfe-content's build, saying it was made with the next minor (the first line of its remoteEntry.js).
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-federation-skew-'));
    scratch.push(built);
    fs.cpSync(path.join(REPO_ROOT, 'mfe-content', 'dist'), built, { recursive: true });
    const entry = path.join(built, 'remoteEntry.js');
    const shellVersion = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'build-info.json'), 'utf8')) as { federation: { version: string } }).federation.version;
    const nextMinor = nextMinorOf(shellVersion);
    // The minifier may or may not quote the key.
    const record = new RegExp(`("?federationVersion"?:)"${shellVersion.replace(/\./g, '\\.')}"`);
    const source = fs.readFileSync(entry, 'utf8');
    assert.match(source, record, 'the entry records its federation version');
    fs.writeFileSync(entry, source.replace(record, `$1"${nextMinor}"`));
    await expectRefusedRemote(built, `mfe_content was built with @module-federation/enhanced ${nextMinor}, but this page runs @module-federation/enhanced ${shellVersion} from shell`);
  });
});

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
      dev = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js'), 'serve', '--mode', 'development'], {
        cwd: path.join(REPO_ROOT, 'mfe-content'),
        stdio: 'ignore',
        env: { ...process.env, TASKO_API_URL: site.origin },
      });
      assert.ok(await answers(`${devOrigin}/remoteEntry.js`, 120), 'the dev server answered within two minutes');
      await page.goto(`${site.origin}/en/faq`);
      await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
      // Its reload socket is open (the dev CSP allows it); the change below arrives through it.
      await withFaqIntro('Edited while the dev server runs.', async () => {
        await page.getByText('Edited while the dev server runs.').waitFor({ timeout: 60_000 });
      });
      assert.deepEqual(problems.errors.filter((error) => /Content Security Policy|Refused/.test(error)), []);
    } finally {
      dev?.kill();
      await context.close();
      await site.stop();
    }
  });
});
