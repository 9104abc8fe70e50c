import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { matchPageRoute, withoutTrailingSlashes } from '@tasko/shared/domain';
import { loadConfig } from '../src/config.js';
import { rowsOf } from '../src/db/client.js';
import { buildServer } from '../src/server.js';
import { addressKey } from '../src/plugins/security/clientKey.js';
import { sweepExpiredRows } from '../src/plugins/security/rateLimitStore.js';
import { redactedUrl } from '../src/plugins/security/redact.js';
import { publicListingSchema } from '@tasko/shared/listingWire';
import { makeFixtureSite } from './fixtureSite.js';
import { multipartBody, validPostFields } from './multipart.js';
import {
  configRefusal,
  exchange,
  freshClientAddress,
  providerSignIn,
  signIn,
  testDatabases,
  useServerOn,
  withServer,
} from './testServer.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('settings the server refuses to start with', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tasko-config-test' };
  const refusal = configRefusal;

  it('TRUST_PROXY=true (any client could pick its address), and nonsense', () => {
    assert.match(refusal({ TRUST_PROXY: 'true' }) ?? '', /TRUST_PROXY=true/);
    assert.match(refusal({ TRUST_PROXY: 'proxy.example' }) ?? '', /not a hop count, an address or a CIDR/);
    assert.equal(loadConfig(base).trustProxy, false, 'off by default');
    assert.equal(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it('an https CANONICAL_ORIGIN without a proxy to trust', () => {
    assert.match(refusal({ CANONICAL_ORIGIN: 'https://www.tasko.test' }) ?? '', /TLS proxy/);
    assert.equal(refusal({ CANONICAL_ORIGIN: 'https://www.tasko.test', TRUST_PROXY: '1' }), null);
  });

  it('ADMIN_EMAILS while the local provider signs anyone in, unless DEV_IDP=on says so', () => {
    assert.match(refusal({ ADMIN_EMAILS: 'admin@example.com' }) ?? '', /ADMIN_EMAILS/);
    assert.equal(refusal({ ADMIN_EMAILS: 'admin@example.com', DEV_IDP: 'on' }), null);
    assert.equal(refusal({ ADMIN_EMAILS: 'admin@example.com', GOOGLE_CLIENT_ID: 'site.apps.googleusercontent.com' }), null);
  });
});

describe('client keys and redaction', () => {
  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    assert.equal(addressKey('2001:db8:1:2:aaaa::1'), addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    assert.notEqual(addressKey('2001:db8:1:2::1'), addressKey('2001:db8:1:3::1'));
    assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(addressKey('192.0.2.1'), '192.0.2.1');
  });

  it('logs no email address or token from a query string', () => {
    assert.equal(redactedUrl('/api/v1/jobs?userEmail=dana%40example.com&page=2'), '/api/v1/jobs?userEmail=[redacted]&page=2');
    assert.equal(redactedUrl('/x?q=someone@example.com'), '/x?q=[redacted]');
    assert.equal(redactedUrl('/unsubscribe?token=abc.def'), '/unsubscribe?token=[redacted]');
    assert.equal(redactedUrl('/api/v1/jobs?q=%E0%A4&page=1'), '/api/v1/jobs?q=%E0%A4&page=1', 'a malformed escape is left as it is');
    assert.equal(redactedUrl('/tasks'), '/tasks');
  });

  it('strips a phone or email from a public listing in the serializer itself', () => {
    const leaked = {
      job_id: 1,
      jobTitle: 'T',
      status: 'active',
      contact_person_name: 'D',
      contact_methods: ['phone'],
      payment_type: 'fixed',
      offerType: 'job',
      description: 'd',
      amount: 5,
      category: 'homeServices',
      location: { city: 'Haifa', address: '' },
      image_url: [],
      publisher_id: 1,
      created_at: new Date().toISOString(),
      phone: '0541234567',
      contact_email: 'd@example.com',
    };
    const written = publicListingSchema.encode(leaked as never) as Record<string, unknown>;
    assert.equal('phone' in written, false);
    assert.equal('contact_email' in written, false);
  });
});

describe('page paths', () => {
  it('trims trailing slashes in one pass and matches nothing past the length cap', () => {
    assert.equal(withoutTrailingSlashes('/tasks///'), '/tasks');
    assert.equal(withoutTrailingSlashes('/'), '/');
    assert.equal(withoutTrailingSlashes('///'), '/');
    assert.equal(matchPageRoute('/faq//')?.route.id, 'faq');
    assert.equal(matchPageRoute(`/a${'/'.repeat(15_000)}b`), null);
    assert.equal(matchPageRoute(`/faq${'/'.repeat(15_000)}`), null, 'longer than any page path');
  });
});

for (const database of testDatabases()) {
  describe(`hardening on ${database.name}`, () => {
    const suite = useServerOn(database, { DIST_ROOT: makeFixtureSite() });
    const statusesOf = async (count: number, request: (i: number) => Promise<{ statusCode: number }>) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) statuses.push((await request(i)).statusCode);
      return statuses;
    };
    const forgedAddress = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });

    describe('limits nobody can dodge with forwarded headers', () => {
      it('sign-in, the nonce and the provider’s token count by the socket’s address', async () => {
        await withServer(suite.handle, { SIGN_IN_RATE_LIMIT: '3' }, async ({ app }) => {
          const client = freshClientAddress();
          const logins = await statusesOf(4, (i) =>
            app.inject({ method: 'POST', url: '/api/v1/auth/google/login', headers: forgedAddress(i), remoteAddress: client }),
          );
          assert.deepEqual(logins, [401, 401, 401, 429]);
          const nonces = await statusesOf(4, (i) =>
            app.inject({ method: 'POST', url: '/api/v1/auth/nonce', headers: forgedAddress(i), remoteAddress: client }),
          );
          assert.deepEqual(nonces, [200, 200, 200, 429]);
          const local = freshClientAddress('127');
          const tokens = await statusesOf(4, (i) =>
            app.inject({
              method: 'POST',
              url: '/dev-idp/token',
              payload: { email: 'x@example.com', name: 'X' },
              headers: forgedAddress(i),
              remoteAddress: local,
            }),
          );
          assert.deepEqual(tokens, [200, 200, 200, 429]);
        });
      });

      it('"Show phone" without a session counts by address, whatever X-Forwarded-For says', async () => {
        const owner = await signIn(suite.server.app, 'reveal-owner@example.com');
        const body = multipartBody(validPostFields());
        const id = (
          await suite.server.app.inject({
            method: 'POST',
            url: '/api/v1/jobs',
            payload: body.payload,
            headers: { ...body.headers, ...auth(owner) },
          })
        ).json().job_id;
        await withServer(suite.handle, { CONTACT_REVEAL_LIMIT: '3' }, async ({ app }) => {
          const client = freshClientAddress();
          const reveals = await statusesOf(5, (i) =>
            app.inject({ url: `/api/v1/jobs/${id}/contact`, headers: forgedAddress(i), remoteAddress: client }),
          );
          assert.deepEqual(reveals, [200, 200, 200, 429, 429]);
          // Two addresses of one IPv6 /64 are one client.
          const v6 = await statusesOf(4, (i) => app.inject({ url: `/api/v1/jobs/${id}/contact`, remoteAddress: `2001:db8:7:7::${i + 1}` }));
          assert.deepEqual(v6, [200, 200, 200, 429]);
        });
      });

      it('signed-in actions count per user: one account over many addresses is held, many people behind one address are not', async () => {
        await withServer(suite.handle, { WRITE_RATE_LIMIT: '3', CONTACT_REVEAL_LIMIT: '3' }, async ({ app }) => {
          const spreader = await signIn(app, 'spreader@example.com');
          const settings = { language: 'en', theme: 'light', emailNotifications: true, smsNotifications: false };
          const saves = await statusesOf(4, (i) =>
            app.inject({
              method: 'PUT',
              url: '/api/v1/user/settings',
              payload: settings,
              headers: { ...auth(spreader), ...forgedAddress(i) },
              remoteAddress: freshClientAddress(),
            }),
          );
          assert.deepEqual(saves, [200, 200, 200, 429]);
          const posts = await statusesOf(4, () => {
            const body = multipartBody(validPostFields());
            return app.inject({
              method: 'POST',
              url: '/api/v1/jobs',
              payload: body.payload,
              headers: { ...body.headers, ...auth(spreader) },
              remoteAddress: freshClientAddress(),
            });
          });
          assert.deepEqual(posts, [201, 201, 201, 429]);

          const carrier = freshClientAddress();
          const people = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((name) => signIn(app, `${name}@example.com`)));
          for (const person of people) {
            const mine = await statusesOf(3, () =>
              app.inject({ method: 'PUT', url: '/api/v1/user/settings', payload: settings, headers: auth(person), remoteAddress: carrier }),
            );
            assert.deepEqual(mine, [200, 200, 200], 'each person behind the one address has their own allowance');
          }
          const id = (await app.inject({ url: '/api/v1/me/jobs', headers: auth(spreader) })).json().jobs[0].job_id;
          const reveals = await statusesOf(4, () =>
            app.inject({ url: `/api/v1/jobs/${id}/contact`, headers: auth(people[0]!), remoteAddress: freshClientAddress() }),
          );
          assert.deepEqual(reveals, [200, 200, 200, 429], 'reveals by a signed-in user count per user');
        });
      });

      it('believes X-Forwarded-For only from the proxies in TRUST_PROXY', async () => {
        await withServer(suite.handle, { SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' }, async ({ app }) => {
          const viaProxy = await statusesOf(3, (i) =>
            app.inject({ method: 'POST', url: '/api/v1/auth/google/login', headers: forgedAddress(i), remoteAddress: '127.0.0.1' }),
          );
          assert.deepEqual(viaProxy, [401, 401, 401], 'the trusted proxy names a different client each time');
          const stranger = freshClientAddress();
          const direct = await statusesOf(3, (i) =>
            app.inject({ method: 'POST', url: '/api/v1/auth/google/login', headers: forgedAddress(i), remoteAddress: stranger }),
          );
          assert.deepEqual(direct, [401, 401, 429], 'a client that is not the proxy is counted by its own address');
        });
      });

      it('deletes expired rate-limit windows and used tokens', async () => {
        await suite.handle.db.execute(
          sql`insert into rate_limits (key, count, reset_at) values ('old|ip:192.0.2.1', 3, now() - interval '1 minute'), ('live|ip:192.0.2.1', 1, now() + interval '1 minute')`,
        );
        await suite.handle.db.execute(
          sql`insert into used_id_tokens (key, expires_at) values ('jti:old', now() - interval '1 minute'), ('jti:live', now() + interval '1 minute')`,
        );
        await sweepExpiredRows(suite.handle.db);
        const keys = rowsOf<{ key: string }>(
          await suite.handle.db.execute(
            sql`select key from rate_limits where key like '%192.0.2.1' union all select key from used_id_tokens where key like 'jti:%l%'`,
          ),
        ).map((r) => r.key);
        assert.deepEqual(keys.sort(), ['jti:live', 'live|ip:192.0.2.1']);
      });
    });

    describe('the local identity provider', () => {
      it('answers loopback connections only, whatever the forwarded headers say; DEV_IDP=on opens it to private networks, never to public addresses', async () => {
        const remote = await suite.server.app.inject({
          method: 'POST',
          url: '/dev-idp/token',
          payload: { email: 'x@example.com', name: 'X' },
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        assert.equal(remote.statusCode, 404);
        assert.equal((await suite.server.app.inject({ url: '/dev-idp/jwks', remoteAddress: '203.0.113.9' })).statusCode, 404);
        assert.equal((await suite.server.app.inject({ url: '/dev-idp/jwks', remoteAddress: '10.0.0.9' })).statusCode, 404);
        assert.equal((await suite.server.app.inject({ url: '/dev-idp/jwks', remoteAddress: '::1' })).statusCode, 200);
        await withServer(suite.handle, { DEV_IDP: 'on' }, async ({ app }) => {
          // A container's published port: the host's browser arrives from the bridge's gateway.
          assert.equal((await app.inject({ url: '/dev-idp/jwks', remoteAddress: '172.17.0.1' })).statusCode, 200);
          assert.equal((await app.inject({ url: '/dev-idp/jwks', remoteAddress: '203.0.113.9' })).statusCode, 404);
        });
      });
    });

    describe('sign-in nobody can borrow', () => {
      const issuer = 'http://tasko.test/dev-idp';
      /** A token signed with the provider's own key: only the claims under test are wrong. */
      const genuine = async (
        claims: Record<string, unknown>,
        build: (jwt: SignJWT) => SignJWT = (jwt) => jwt.setIssuedAt().setExpirationTime('5m'),
      ) => {
        const jwk = JSON.parse(fs.readFileSync(path.join(suite.server.dataDir, 'dev-idp-key.json'), 'utf8'));
        const jwt = new SignJWT({ email: 'claims@example.com', email_verified: true, name: 'Claims', aud: 'tasko-local', ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .setIssuer(issuer)
          .setSubject('claims-sub');
        return build(jwt).sign(await importJWK(jwk, 'RS256'));
      };
      const nonceFor = async () => {
        const answer = await suite.server.app.inject({ method: 'POST', url: '/api/v1/auth/nonce', remoteAddress: freshClientAddress() });
        return { nonce: answer.json().nonce as string, setCookie: String(answer.headers['set-cookie']) };
      };

      it('sets the nonce cookie HttpOnly, SameSite=Lax, for the auth path, for 10 minutes, holding a hash', async () => {
        const { nonce, setCookie } = await nonceFor();
        assert.match(setCookie, /^tasko_nonce=[\w-]{43}; Path=\/api\/v1\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
        assert.ok(!setCookie.includes(nonce), 'the cookie holds the hash, not the nonce');
      });

      it('refuses a token without the nonce, with another browser’s nonce, or without the cookie', async () => {
        const mine = await nonceFor();
        const theirs = await nonceFor();
        const cookie = mine.setCookie.split(';')[0]!;
        const cases = {
          noNonceClaim: await exchange(suite.server.app, { idToken: await genuine({}), cookie }),
          otherNonce: await exchange(suite.server.app, { idToken: await genuine({ nonce: theirs.nonce }), cookie }),
          noCookie: await exchange(suite.server.app, { idToken: await genuine({ nonce: mine.nonce }), cookie: '' }),
        };
        for (const [name, res] of Object.entries(cases))
          assert.deepEqual([res.statusCode, res.json().messageKey], [401, 'authFailed'], name);
        assert.equal(
          (await exchange(suite.server.app, { idToken: await genuine({ nonce: mine.nonce }), cookie })).statusCode,
          200,
          'the control case',
        );
      });

      it('exchanges an ID token once: a replay answers 401', async () => {
        const state = await providerSignIn(suite.server.app, 'replay@example.com');
        assert.equal((await exchange(suite.server.app, state)).statusCode, 200);
        const replay = await exchange(suite.server.app, state);
        assert.deepEqual([replay.statusCode, replay.json().messageKey], [401, 'authFailed']);
      });

      it('requires exp and iat, and azp naming the site when there are several audiences', async () => {
        const { nonce, setCookie } = await nonceFor();
        const cookie = setCookie.split(';')[0]!;
        const withNonce = (claims: Record<string, unknown>, build?: (jwt: SignJWT) => SignJWT) => genuine({ nonce, ...claims }, build);
        const refused = {
          noExp: await withNonce({}, (jwt) => jwt.setIssuedAt()),
          noIat: await withNonce({}, (jwt) => jwt.setExpirationTime(Math.floor(Date.now() / 1000) + 300)),
          severalAudiencesNoAzp: await withNonce({ aud: ['tasko-local', 'other-client'] }),
          severalAudiencesOtherAzp: await withNonce({ aud: ['tasko-local', 'other-client'], azp: 'other-client' }),
        };
        for (const [name, token] of Object.entries(refused)) {
          const res = await exchange(suite.server.app, { idToken: token, cookie });
          assert.deepEqual([res.statusCode, res.json().messageKey], [401, 'authFailed'], name);
        }
        const accepted = await exchange(suite.server.app, {
          idToken: await withNonce({ aud: ['tasko-local', 'other-client'], azp: 'tasko-local' }),
          cookie,
        });
        assert.equal(accepted.statusCode, 200, accepted.body);
      });

      it('finds accounts by sub; an email links only an account without one; a conflict is 409, never 500', async () => {
        const { nonce, setCookie } = await nonceFor();
        const cookie = setCookie.split(';')[0]!;
        const asWho = (sub: string, email: string) =>
          genuine({ nonce, email }, (jwt) => jwt.setSubject(sub).setIssuedAt().setExpirationTime('5m'));
        assert.equal((await exchange(suite.server.app, { idToken: await asWho('sub-a', 'a@example.com'), cookie })).statusCode, 200);
        assert.equal((await exchange(suite.server.app, { idToken: await asWho('sub-b', 'b@example.com'), cookie })).statusCode, 200);
        const takeover = await exchange(suite.server.app, { idToken: await asWho('sub-c', 'a@example.com'), cookie });
        assert.deepEqual(
          [takeover.statusCode, takeover.json().messageKey],
          [409, 'accountConflict'],
          'another Google account with a’s address',
        );
        const twoUsers = await exchange(suite.server.app, { idToken: await asWho('sub-a', 'b@example.com'), cookie });
        assert.deepEqual([twoUsers.statusCode, twoUsers.json().messageKey], [409, 'accountConflict'], 'a’s subject with b’s address');
        const renamed = await exchange(suite.server.app, { idToken: await asWho('sub-a', 'a.new@example.com'), cookie });
        assert.equal(renamed.json().user.email, 'a.new@example.com', 'the account follows its subject to a new address');
        await suite.handle.db.execute(sql`insert into users (email, name) values ('legacy@example.com', 'Legacy')`);
        const linked = await exchange(suite.server.app, { idToken: await asWho('sub-legacy', 'legacy@example.com'), cookie });
        assert.equal(linked.statusCode, 200);
        const sub = rowsOf<{ google_sub: string }>(
          await suite.handle.db.execute(sql`select google_sub from users where email = 'legacy@example.com'`),
        )[0]?.google_sub;
        assert.equal(sub, 'sub-legacy', 'an account without a subject takes the first one that signs in with its address');
      });
    });

    describe('personal data and paths', () => {
      it('lists all of my listings from the session, paged past 12, and logs no email from a URL', async () => {
        const lines: string[] = [];
        const sink = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: suite.server.dataDir,
          PUBLIC_ORIGIN: 'http://tasko.test',
          DEMO_DATA: 'off',
          WRITE_RATE_LIMIT: '100',
          LOG_LEVEL: 'info',
        });
        const app = await buildServer(config, { database: suite.handle, logStream: sink });
        try {
          const owner = await signIn(app, 'many@example.com');
          for (let i = 1; i <= 30; i += 1) {
            const body = multipartBody(validPostFields({ jobTitle: `Mine ${i}` }));
            assert.equal(
              (
                await app.inject({
                  method: 'POST',
                  url: '/api/v1/jobs',
                  payload: body.payload,
                  headers: { ...body.headers, ...auth(owner) },
                })
              ).statusCode,
              201,
            );
          }
          const pages = await Promise.all(
            [1, 2, 3].map((page) => app.inject({ url: `/api/v1/me/jobs?page=${page}`, headers: auth(owner) }).then((r) => r.json())),
          );
          assert.deepEqual(
            pages.map((p) => p.jobs.length),
            [12, 12, 6],
          );
          assert.deepEqual(
            pages.map((p) => p.total),
            [30, 30, 30],
          );
          assert.equal(pages[0].jobs[0].jobTitle, 'Mine 30', 'newest first');
          assert.equal(pages[2].jobs[5].jobTitle, 'Mine 1');
          assert.equal(typeof pages[0].jobs[0].phone, 'string', 'the owner’s own view, to edit');
          const past = (await app.inject({ url: '/api/v1/me/jobs?page=9', headers: auth(owner) })).json();
          assert.deepEqual([past.jobs.length, past.total], [0, 30], 'past the last page the total is still known');
          assert.equal((await app.inject('/api/v1/me/jobs')).statusCode, 401);
          await app.inject({ url: '/api/v1/jobs?userEmail=many%40example.com', headers: auth(owner) });
          const logged = lines.join('');
          assert.match(logged, /userEmail=\[redacted\]/, 'the request was logged');
          assert.doesNotMatch(logged, /many(@|%40)example\.com/);
        } finally {
          await app.close();
        }
      });

      it('ignores a malformed language cookie instead of failing', async () => {
        const res = await suite.server.app.inject({ url: '/faq', headers: { cookie: 'tasko_lang=%' } });
        assert.equal(res.statusCode, 200);
        assert.match(res.body, /<html lang="he"/);
      });

      it('answers a path of 15,000 slashes without trouble', async () => {
        const res = await suite.server.app.inject(`/a${'/'.repeat(15_000)}b`);
        assert.equal(res.statusCode, 404);
      });

      it('sends a path with an embedded absolute URL to that path on this site, never to the other host', async () => {
        const cases: [string, string][] = [
          ['/https://www.example.com/services', '/services'],
          ['/https://www.example.com/job/5?x=1', '/job/5?x=1'],
          ['/https://www.example.com//evil.example/x', '/evil.example/x'],
          ['/https:/www.example.com', '/'],
        ];
        for (const [from, to] of cases) {
          const res = await suite.server.app.inject(from);
          assert.equal(res.statusCode, 301, from);
          assert.equal(res.headers.location, to, from);
        }
      });
    });

    describe('responses are described', () => {
      it('OpenAPI shows a response schema for every API route, and the public listing has no phone or email', async () => {
        const doc = (await suite.server.app.inject('/api/docs')).json();
        const missing: string[] = [];
        const apiPaths = Object.entries(
          doc.paths as Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>,
        ).filter(([route]) => route.startsWith('/api/v1/'));
        assert.ok(apiPaths.length > 20);
        for (const [route, methods] of apiPaths) {
          for (const [method, operation] of Object.entries(methods)) {
            const described = Object.entries(operation.responses ?? {}).some(
              ([status, response]) => status.startsWith('2') && (response.content !== undefined || status === '204' || status === '202'),
            );
            if (!described) missing.push(`${method.toUpperCase()} ${route}`);
          }
        }
        assert.deepEqual(missing, []);
        const listing = doc.paths['/api/v1/jobs'].get.responses['200'].content['application/json'].schema.properties.jobs.items;
        assert.ok(listing.properties.jobTitle);
        assert.equal(listing.properties.phone, undefined);
        assert.equal(listing.properties.contact_email, undefined);
      });
    });
  });
}
