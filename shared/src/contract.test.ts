// The contract version of `@tasko/shared` (the core every remote takes from the shell) moves with its exports,
// so a remote built against newer exports declares it and fails loudly on an older shell (createFederatedConfig).
import * as core from './index';
import sharedPackage from '../package.json';
import contract from '../contract.json';

type Version = [number, number, number];
const parse = (version: string): Version => version.split('.').map(Number) as Version;
const compare = (a: string, b: string) => parse(a).reduce((order, part, i) => order || part - (parse(b)[i] ?? 0), 0);

const versions = Object.entries(contract.versions as Record<string, string[]>).sort(([a], [b]) => compare(a, b));

describe('the contract version of @tasko/shared', () => {
  it('records the exports of the version in shared/package.json, which is the newest recorded', () => {
    const [newest, exports] = versions.at(-1) ?? [];
    expect(newest).toBe(sharedPackage.version);
    expect({ version: newest, exports: Object.keys(core).sort() }).toEqual({ version: newest, exports: [...(exports ?? [])].sort() });
  });

  it('bumps the minor for additions and the major for removals, one step at a time', () => {
    for (const [i, [version, exports]] of versions.entries()) {
      const previous = versions[i - 1];
      if (!previous) continue;
      const [from, before] = previous;
      const removed = before.filter((name) => !exports.includes(name));
      const added = exports.filter((name) => !before.includes(name));
      const [major, minor] = parse(version);
      const [fromMajor, fromMinor] = parse(from);
      if (removed.length) expect({ version, removed, isMajor: major > fromMajor }).toEqual({ version, removed, isMajor: true });
      else if (added.length)
        expect({ version, added, isMinorOrMore: major > fromMajor || minor > fromMinor }).toEqual({ version, added, isMinorOrMore: true });
    }
  });
});
