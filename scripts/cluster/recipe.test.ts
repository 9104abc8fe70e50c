// The deployment recipe describes the topology `npm run test:cluster` runs (docs/deploy.md): the Dockerfile
// passes dockerfile-utils' validation (the Docker language server's), compose.yaml names the same pieces with
// settings the server reads, and docs/deploy.md lists each of them. No container engine runs here, so these
// read the files; the loopback cluster runs the processes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  stop_grace_period?: string;
}
// compose reads `<<: *api` as a merge key, as YAML 1.1 did.
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('passes validation, which does find a broken one', () => {
    assert.deepEqual(
      validate(dockerfile).map(
        (problem) => `${problem.range.start.line + 1}: ${typeof problem.message === 'string' ? problem.message : problem.message.value}`,
      ),
      [],
    );
    assert.ok(validate('FROM node:20\nRUNN echo\nHEALTHCHECK CMD\n').length >= 2, 'the validator reports mistakes');
  });

  it('builds in stages, runs without root on production dependencies, and checks readiness', () => {
    const stages = dockerfile.match(/^FROM\s.+$/gm) ?? [];
    assert.ok(stages.length >= 2, 'multi-stage');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    assert.match(runtime, /^USER node$/m, 'the last stage runs as node');
    assert.match(dockerfile, /npm ci --omit=dev/, 'production dependencies only');
    assert.doesNotMatch(runtime, /^RUN npm ci(?! --omit=dev)/m);
    assert.match(runtime, /^HEALTHCHECK [^\n]*\\\n[^\n]*\/health\/ready/m);
    assert.match(runtime, /^CMD \["node", "--import", "tsx", "src\/main\.ts"\]$/m, 'node receives SIGTERM itself');
  });
});

describe('compose.yaml', () => {
  it('runs the topology of the loopback proof: a proxy, two identical API instances, a primary and its replica, Redis and a bucket', () => {
    for (const name of ['proxy', 'api-1', 'api-2', 'postgres-primary', 'postgres-replica', 'redis', 'minio'])
      assert.ok(services[name], `${name} is a service`);
    const [first, second] = [services['api-1']!, services['api-2']!];
    assert.equal(first.image, second.image, 'one image');
    assert.deepEqual(first.environment, second.environment, 'the same settings');
    assert.equal(first.stop_grace_period, '30s');
    const proxy = services.proxy!;
    assert.ok(
      proxy.volumes?.some((volume) => volume.startsWith('./deploy/nginx/tasko.conf.template:')),
      'the proxy renders the template the loopback proof renders',
    );
    assert.deepEqual([proxy.environment?.TASKO_API_1, proxy.environment?.TASKO_API_2], ['api-1:8080', 'api-2:8080']);
  });

  it('sets only settings the server reads, with the shared pieces wired, each listed in docs/deploy.md', () => {
    const environment = services['api-1']!.environment ?? {};
    const config = read('api/src/config.ts');
    const deploy = read('docs/deploy.md');
    for (const name of Object.keys(environment)) {
      assert.match(config, new RegExp(`\\b${name}: `), `${name} is a setting of api/src/config.ts`);
      assert.ok(deploy.includes(`\`${name}\``), `docs/deploy.md lists ${name}`);
    }
    assert.match(environment.DATABASE_URL ?? '', /@postgres-primary:5432\//);
    assert.match(environment.DATABASE_REPLICA_URL ?? '', /@postgres-replica:5432\//);
    assert.match(environment.REDIS_URL ?? '', /@redis:6379$/);
    assert.equal(environment.S3_ENDPOINT, 'http://minio:9000');
    assert.equal(environment.TRUST_PROXY, '1');
  });

  it('keeps the template the loopback proof renders: its three placeholders and nothing else of ours', () => {
    const template = read('deploy/nginx/tasko.conf.template');
    assert.deepEqual([...new Set(template.match(/\$\{[A-Z_0-9]+\}/g))].sort(), [
      '${TASKO_API_1}',
      '${TASKO_API_2}',
      '${TASKO_PROXY_LISTEN}',
    ]);
    assert.match(read('scripts/cluster/topology.ts'), /tasko\.conf\.template/);
  });
});
