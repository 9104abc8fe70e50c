// The shell lends its federation runtime to the remotes (shared/build/provideFederationRuntime.js). A remote's
// runtime reads each name it imports from the core off the lent object: one missing would break every page
// of every remote at its first load, so the list is checked against the runtime installed.
import fs from 'node:fs';
import path from 'node:path';
import { LENT_RUNTIME } from '../build/provideFederationRuntime.js';

const runtimeDist = path.join(path.dirname(require.resolve('@module-federation/runtime/package.json')), 'dist');

/** What the runtime's browser modules import from the core, by name. */
function namesImportedFromCore(): string[] {
  const names = new Set<string>();
  for (const file of ['index.js', 'helpers.js', 'utils.js']) {
    const source = fs.readFileSync(path.join(runtimeDist, file), 'utf8');
    for (const match of source.matchAll(/import\s*{([^}]*)}\s*from\s*"@module-federation\/runtime-core"/g)) {
      for (const name of (match[1] as string).split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0] as string);
    }
    expect(source).not.toMatch(/import\s*\*\s*as\s*\w+\s*from\s*"@module-federation\/runtime-core"/);
  }
  return [...names].sort();
}

describe('the federation runtime the shell lends to remotes', () => {
  it('holds every name a remote runtime imports from the core, each defined', () => {
    const wanted = namesImportedFromCore();
    expect(wanted).toContain('ModuleFederation');
    expect(Object.keys(LENT_RUNTIME).sort()).toEqual(wanted);
    for (const name of wanted) expect(LENT_RUNTIME[name]).toBeDefined();
  });
});
