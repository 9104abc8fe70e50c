import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { redactedUrl } from '../src/plugins/security/redact.js';
import { makeFixtureSite } from './fixtureSite.js';
import { configRefusal, publishListing, signIn, testDatabases, useServerOn } from './testServer.js';

/** A search cursor as the server writes it (base64url JSON), with any field set by hand. */
const cursorOf = (fields: Record<string, unknown>) => Buffer.from(JSON.stringify(fields)).toString('base64url');
const TIME = '2026-11-27T02:54:03.999000Z';

describe('every setting read once, strictly', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tasko-config-test' };
  const refusal = configRefusal;

  it('reads an upper-case https origin as https, so it asks for the proxy instead of looping on redirects', () => {
    assert.match(refusal({ CANONICAL_ORIGIN: 'HTTPS://www.Tasko.test/' }) ?? '', /TLS proxy/);
    const config = loadConfig({ ...base, CANONICAL_ORIGIN: 'HTTPS://www.Tasko.test/', TRUST_PROXY: '1' });
    assert.equal(config.canonicalOrigin, 'https://www.tasko.test');
    assert.match(
      refusal({ CANONICAL_ORIGIN: 'https://www.tasko.test/jobs' }) ?? '',
      /CANONICAL_ORIGIN="https:\/\/www.tasko.test\/jobs": expected an http or https origin/,
    );
    assert.match(refusal({ PUBLIC_ORIGIN: 'ftp://tasko.test' }) ?? '', /PUBLIC_ORIGIN/);
  });

  it('refuses proxy ranges wider than /8 (IPv4) or /32 (IPv6) unless TRUST_PROXY_WIDE=on', () => {
    const message = refusal({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' }) ?? '';
    assert.match(message, /0\.0\.0\.0\/1 takes in more than a \/8/);
    assert.match(message, /128\.0\.0\.0\/1 takes in more than a \/8/);
    assert.match(refusal({ TRUST_PROXY: '2001:db8::/16' }) ?? '', /more than a \/32/);
    assert.deepEqual(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8,2001:db8::/32' }).trustProxy, ['10.0.0.0/8', '2001:db8::/32']);
    assert.deepEqual(loadConfig({ ...base, TRUST_PROXY: '0.0.0.0/1', TRUST_PROXY_WIDE: 'on' }).trustProxy, ['0.0.0.0/1']);
  });

  it('names every wrong number, switch and level instead of falling back to a default', () => {
    const message =
      refusal({ SIGN_IN_RATE_LIMIT: 'ten', PORT: '99999', DEV_IDP: 'yes', LOG_LEVEL: 'loud', UPLOAD_TIME_BUDGET_MS: '1e3' }) ?? '';
    assert.match(message, /^5 settings are wrong/);
    assert.match(message, /SIGN_IN_RATE_LIMIT="ten": expected a whole number from 1 to 100000/);
    assert.match(message, /PORT="99999": expected at most 65535/);
    assert.match(message, /DEV_IDP="yes": expected on or off/);
    assert.match(message, /LOG_LEVEL="loud"/);
    assert.match(message, /UPLOAD_TIME_BUDGET_MS="1e3"/);
    assert.match(refusal({ REDIS_URL: 'localhost:6379' }) ?? '', /REDIS_URL/);
  });

  it('takes the defaults and an empty value as unset', () => {
    const config = loadConfig({ ...base, DATABASE_URL: '', SIGN_IN_RATE_LIMIT: ' ' });
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.signInRateLimit, 10);
    assert.equal(config.uploadTimeBudgetMs, 20_000);
    assert.equal(config.contactRevealAddressLimit, 60);
  });
});

describe('log lines keep secrets and personal data out', () => {
  it('redacts by the decoded parameter name, by the value’s shape and in the path', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    assert.equal(redactedUrl('/x?to%6Ben=abc&id%5Ftoken=def&page=2'), '/x?to%6Ben=[redacted]&id%5Ftoken=[redacted]&page=2');
    assert.equal(redactedUrl(`/x?anything=${jwt}&q=sofa`), '/x?anything=[redacted]&q=sofa');
    assert.equal(redactedUrl('/x?link=u1.42.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'), '/x?link=[redacted]');
    assert.equal(redactedUrl('/dev-mail/messages/dana%40example.com/1'), '/dev-mail/messages/[redacted]/1');
    assert.equal(redactedUrl(`/api/v1/${jwt}/x`), '/api/v1/[redacted]/x');
    assert.equal(redactedUrl('/api/v1/jobs?q=sofa&page=2'), '/api/v1/jobs?q=sofa&page=2', 'the rest as written');
  });
});

for (const database of testDatabases()) {
  describe(`hostile input on ${database.name}`, () => {
    const distRoot = makeFixtureSite();
    const suite = useServerOn(database, { DIST_ROOT: distRoot });
    after(() => fs.rmSync(distRoot, { recursive: true, force: true }));
    let poster = '';
    before(async () => {
      poster = await signIn(suite.server.app, 'poster@example.com');
      for (const title of ['First', 'Second', 'Third']) await publishListing(suite.server.app, poster, { jobTitle: title });
    });

    it('answers 400 badCursor to every out-of-range cursor, and pages with a real one', async () => {
      const { app } = suite.server;
      const shapes = [
        { sort: 'newest', cursor: { s: 'newest', d: 'after', v: TIME, i: 2 ** 31 } },
        { sort: 'newest', cursor: { s: 'newest', d: 'after', v: '2026-02-31T02:54:03.999000Z', i: 2 } },
        { sort: 'newest', cursor: { s: 'newest', d: 'before', v: '2026-11-27T25:00:00.000000Z', i: 2 } },
        { sort: 'salary-high', cursor: { s: 'salary-high', d: 'after', v: 'fixed:9999999999', i: 2 } },
        { sort: 'salary-low', cursor: { s: 'salary-low', d: 'after', v: 'hourly:-9999999999', i: 2 } },
        { sort: 'newest', cursor: { s: 'newest', d: 'after', v: '0000-01-01T00:00:00.000000Z', i: 1 } },
        { sort: 'newest', cursor: { s: 'salary-high', d: 'after', v: 'fixed:10', i: 1 } },
        { sort: 'newest', cursor: 'not json' },
      ];
      for (const { sort, cursor } of shapes) {
        const text = typeof cursor === 'string' ? cursor : cursorOf(cursor);
        const answer = await app.inject(`/api/v1/jobs?sort=${sort}&cursor=${text}`);
        assert.equal(answer.statusCode, 400, `${JSON.stringify(cursor)}: ${answer.body}`);
        assert.deepEqual(answer.json(), { statusCode: 400, messageKey: 'badCursor', fields: { cursor: 'badCursor' } });
      }
      const first = (await app.inject('/api/v1/jobs?pageSize=1')).json();
      const second = await app.inject(`/api/v1/jobs?pageSize=1&page=2&cursor=${first.nextCursor}`);
      assert.equal(second.statusCode, 200);
      assert.notEqual(second.json().jobs[0].job_id, first.jobs[0].job_id);
    });

    it('keeps a failed query’s SQL parameters out of the log', async () => {
      const lines: string[] = [];
      const sink = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: suite.server.dataDir,
        PUBLIC_ORIGIN: 'http://tasko.test',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'info',
      });
      const app = await buildServer(config, { database: suite.handle, logStream: sink });
      try {
        app.get('/api/v1/test-failing-query', async () => {
          await suite.handle.db.execute(sql`select ${'dana@example.com'}::text, 1 / ${0}::int`);
          return {};
        });
        const failed = await app.inject('/api/v1/test-failing-query');
        assert.equal(failed.statusCode, 500);
        assert.deepEqual(failed.json(), { statusCode: 500, messageKey: 'serverError' });
        const logged = lines.join('');
        assert.match(logged, /request failed/);
        assert.doesNotMatch(logged, /dana(@|%40)example\.com/);
      } finally {
        await app.close();
      }
    });

    it('answers a page path that is not a valid URL with the 404 page, and a bad API path in the error shape', async () => {
      const { app } = suite.server;
      for (const url of ['//', '///', '//:99999', '//a@', '//[', '/%', '/faq/%E0']) {
        const answer = await app.inject(url);
        assert.equal(answer.statusCode, 404, url);
        assert.match(String(answer.headers['content-type']), /text\/html/, url);
        assert.match(answer.body, /<html lang=/, url);
      }
      const tooLong = await app.inject(`/api/v1/jobs/${'9'.repeat(300)}`);
      assert.deepEqual([tooLong.statusCode, tooLong.json()], [404, { statusCode: 404, messageKey: 'notFound' }]);
      const badEscape = await app.inject('/api/v1/%');
      assert.deepEqual([badEscape.statusCode, badEscape.json()], [400, { statusCode: 400, messageKey: 'invalidRequest' }]);
    });
  });
}
