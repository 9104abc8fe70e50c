import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT as root, federatedPackages } from '@tasko/shared/build/workspaces.cjs';
import { buildCopy, copyPackage } from '../support/releases.js';
import { expect, test as base } from '../support/test.js';

/** The remote this spec deploys on its own. */
const DEPLOYED = 'mfe-content';
const FAQ_TEXT = path.join('src', 'locales', 'en', 'faq.json');

/** Every file of every build under `distRoot` except the deployed remote's, with its content hash. */
function otherBuilds(distRoot: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const pkg of federatedPackages().filter((name) => name !== DEPLOYED)) {
    const dist = path.join(distRoot, pkg, 'dist');
    if (!fs.existsSync(dist)) continue;
    for (const name of fs.readdirSync(dist, { recursive: true }) as string[]) {
      const file = path.join(dist, name);
      if (fs.statSync(file).isFile()) files.set(`${pkg}/${name}`, crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  }
  return files;
}

/**
 * The site serves its builds from a folder of this spec's (DIST_ROOT): the shell's and the other remotes' are the
 * repository's own, linked, and the deployed remote's is a copy of its dist that the deploy builds over. The
 * repository's dist is never rebuilt: the `site` specs serve it at the same time.
 */
const test = base.extend<object, { distRoot: string }>({
  distRoot: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the pattern
    async ({}, use) => {
      const distRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-deploy-'));
      for (const pkg of federatedPackages().filter((name) => name !== DEPLOYED))
        fs.symlinkSync(path.join(root, pkg), path.join(distRoot, pkg));
      fs.cpSync(path.join(root, DEPLOYED, 'dist'), path.join(distRoot, DEPLOYED, 'dist'), { recursive: true });
      await use(distRoot);
      fs.rmSync(distRoot, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  siteEnv: [
    async ({ distRoot }, use) => {
      await use({ DIST_ROOT: distRoot });
    },
    { scope: 'worker' },
  ],
});

test.describe('deploying one remote on its own', () => {
  test('changes no file of the shell or another remote, and the running site serves the new remote', async ({ page, distRoot }) => {
    // A build of a copy of the remote with a cold webpack cache, on two busy cores.
    test.setTimeout(400_000);
    const before = otherBuilds(distRoot);
    expect(before.size, 'the shell is built').toBeGreaterThan(0);
    const shellFiles = [...before.keys()].filter((f) => f.startsWith('shell/'));
    for (const file of shellFiles) {
      if (!/\.(js|html)$/.test(file)) continue;
      const text = fs.readFileSync(path.join(distRoot, file.replace('shell/', 'shell/dist/')), 'utf8');
      expect(text, `${file} must not bake in where the remote lives`).not.toMatch(/\/mfe\/content\/remoteEntry/);
    }

    // The remote's change is made to a copy of its sources, built into the folder the running site serves it from.
    const content = copyPackage(DEPLOYED);
    try {
      const changed = JSON.parse(content.read(FAQ_TEXT)) as { intro: string };
      changed.intro = `${changed.intro} Updated in a separate deploy.`;
      content.write(FAQ_TEXT, JSON.stringify(changed, null, 2));
      await buildCopy(DEPLOYED, content, path.join(distRoot, DEPLOYED, 'dist'));
      expect(otherBuilds(distRoot), 'no file of the shell or another remote changed').toEqual(before);

      await page.goto('/en/faq');
      await expect(page.getByText('Updated in a separate deploy.')).toBeVisible();
    } finally {
      content.remove();
    }
  });
});
