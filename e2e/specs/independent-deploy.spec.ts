import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT as root, federatedPackages } from '@tasko/shared/build/workspaces.cjs';
import { newPage, useSiteAndBrowser } from '../support/site.js';

/** The remote this spec deploys on its own. */
const DEPLOYED = 'mfe-content';
const FAQ_TEXT = path.join(root, DEPLOYED, 'src', 'locales', 'en', 'faq.json');

/** Every file of every build except the deployed remote's, with its content hash. */
function otherBuilds(): Map<string, string> {
  const files = new Map<string, string>();
  for (const pkg of federatedPackages().filter((name) => name !== DEPLOYED)) {
    const dist = path.join(root, pkg, 'dist');
    if (!fs.existsSync(dist)) continue;
    for (const name of fs.readdirSync(dist, { recursive: true }) as string[]) {
      const file = path.join(dist, name);
      if (fs.statSync(file).isFile()) files.set(`${pkg}/${name}`, crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  }
  return files;
}

function buildContentRemote(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), DEPLOYED], { cwd: root, stdio: 'pipe' });
}

const running = useSiteAndBrowser();
const original = fs.readFileSync(FAQ_TEXT, 'utf8');

after(async () => {
  if (fs.readFileSync(FAQ_TEXT, 'utf8') !== original) {
    fs.writeFileSync(FAQ_TEXT, original);
    buildContentRemote();
  }
});

describe('deploying one remote on its own', () => {
  it('changes no file of the shell or another remote, and the running site serves the new remote', async () => {
    const before = otherBuilds();
    assert.ok(before.size > 0, 'the shell is built');
    const shellFiles = [...before.keys()].filter((f) => f.startsWith('shell/'));
    for (const file of shellFiles) {
      if (!/\.(js|html)$/.test(file)) continue;
      const text = fs.readFileSync(path.join(root, file.replace('shell/', 'shell/dist/')), 'utf8');
      assert.doesNotMatch(text, /\/mfe\/content\/remoteEntry/, `${file} must not bake in where the remote lives`);
    }

    const changed = JSON.parse(original) as { intro: string };
    changed.intro = `${changed.intro} Updated in a separate deploy.`;
    fs.writeFileSync(FAQ_TEXT, JSON.stringify(changed, null, 2));
    try {
      buildContentRemote();
      assert.deepEqual(otherBuilds(), before, 'no file of the shell or another remote changed');

      const { page, context } = await newPage(running.browser);
      try {
        await page.goto(`${running.site.origin}/en/faq`);
        await page.getByText('Updated in a separate deploy.').waitFor();
      } finally {
        await context.close();
      }
    } finally {
      fs.writeFileSync(FAQ_TEXT, original);
      buildContentRemote();
    }
  });
});
