import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { rowsOf } from '../src/db/client.js';
import { openLocalIdentityProvider } from '../src/plugins/idp/idpKeys.js';
import { idpRoutes } from '../src/plugins/idp/idp.routes.js';
import { devMailRoutes } from '../src/plugins/mail/devMail.routes.js';
import type { LocalClients } from '../src/plugins/security/clientKey.js';
import { sweepExpiredRows } from '../src/plugins/security/rateLimitStore.js';
import { makeFixtureSite } from './fixtureSite.js';
import { exchange, freshClientAddress, publishListing, signIn, testDatabases, useServerOn, withServer } from './testServer.js';

// A security probe's findings: ID tokens stamped in the future or living for a century, one moderator
// blocking another, an owner's views made of forged analytics events, and the local identity provider
// and /dev-mail believing a proxy's loopback socket.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const SECONDS = { minute: 60, hour: 3600, year: 365 * 24 * 3600 };
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('the loopback check behind a proxy on this host', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-proxy-'));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** The provider and the outbox as the server registers them for `clients`, behind TRUST_PROXY=127.0.0.1. */
  const behindProxy = async (clients: LocalClients) => {
    const app = Fastify({ trustProxy: ['127.0.0.1'] });
    const idp = await openLocalIdentityProvider(dataDir, 'http://tasko.test/dev-idp');
    await app.register(devMailRoutes, { prefix: '/dev-mail', outboxDir: path.join(dataDir, 'outbox'), clients });
    await app.register(idpRoutes, { prefix: '/dev-idp', idp, publicOrigin: 'http://tasko.test', clients, tokenRateLimit: 100 });
    const asks = {
      token: { method: 'POST' as const, url: '/dev-idp/token', payload: { email: 'moderator@example.com', name: 'M' } },
      outbox: { method: 'GET' as const, url: '/dev-mail/messages' },
    };
    const viaProxy = (ask: (typeof asks)[keyof typeof asks], forwardedFor: string) =>
      app.inject({ ...ask, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
    return { app, asks: Object.values(asks), viaProxy };
  };

  it('judges the client the proxy reports, never the proxy’s own loopback socket', async () => {
    const { app, asks, viaProxy } = await behindProxy('loopback');
    try {
      for (const ask of asks) {
        assert.equal((await viaProxy(ask, '203.0.113.7')).statusCode, 404, `${ask.url}: a remote client through the proxy`);
        assert.equal(
          (await viaProxy(ask, '127.0.0.1, 203.0.113.7')).statusCode,
          404,
          `${ask.url}: a remote client forging 127.0.0.1 before the proxy's entry`,
        );
        assert.equal((await viaProxy(ask, '10.87.0.1')).statusCode, 404, `${ask.url}: a private address is not this machine`);
        assert.equal((await viaProxy(ask, '127.0.0.1')).statusCode, 200, `${ask.url}: a browser on this machine through the proxy`);
      }
    } finally {
      await app.close();
    }
  });

  it('with DEV_IDP=on takes in this machine’s private networks as the proxy reports them, never a public address', async () => {
    const { app, asks, viaProxy } = await behindProxy('privateNetworks');
    try {
      for (const ask of asks) {
        for (const forwardedFor of ['203.0.113.7', '10.87.0.1, 203.0.113.7', '2001:db8::7', '100.64.0.1']) {
          assert.equal((await viaProxy(ask, forwardedFor)).statusCode, 404, `${ask.url}: ${forwardedFor}`);
        }
        // Compose's browser on the host arrives from the bridge's gateway; a LAN, a container network, IPv6's ULA.
        for (const forwardedFor of ['127.0.0.1', '10.87.0.1', '172.17.0.1', '192.168.1.20', '::ffff:10.0.0.2', 'fd12::3', '::1']) {
          assert.equal((await viaProxy(ask, forwardedFor)).statusCode, 200, `${ask.url}: ${forwardedFor}`);
        }
      }
    } finally {
      await app.close();
    }
  });
});

for (const database of testDatabases()) {
  describe(`sign-in edges and listing views on ${database.name}`, () => {
    const distRoot = makeFixtureSite();
    after(() => fs.rmSync(distRoot, { recursive: true, force: true }));
    let owner: string;
    const suite = useServerOn(
      database,
      { ADMIN_EMAILS: 'first.mod@example.com,second.mod@example.com', DEV_IDP: 'on', DIST_ROOT: distRoot },
      async () => {
        owner = await signIn(suite.server.app, 'owner@example.com', 'Owner');
      },
    );
    const userIdOf = async (email: string) =>
      Number(rowsOf<{ id: number }>(await suite.handle.db.execute(sql`select id from users where email = ${email}`))[0]?.id);

    describe('ID token lifetimes', () => {
      /** Signed with the local provider's own key: only the times are under test. */
      const tokenIssuedAt = async (iat: number, exp: number, nonce: string) => {
        const jwk = JSON.parse(fs.readFileSync(path.join(suite.server.dataDir, 'dev-idp-key.json'), 'utf8'));
        return new SignJWT({ email: 'times@example.com', email_verified: true, name: 'Times', aud: 'tasko-local', nonce })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .setIssuer('http://tasko.test/dev-idp')
          .setSubject('times-sub')
          .setJti(crypto.randomUUID())
          .setIssuedAt(iat)
          .setExpirationTime(exp)
          .sign(await importJWK(jwk, 'RS256'));
      };
      const nonceAndCookie = async () => {
        const answer = await suite.server.app.inject({ method: 'POST', url: '/api/v1/auth/nonce', remoteAddress: freshClientAddress() });
        return { nonce: answer.json().nonce as string, cookie: String(answer.headers['set-cookie']).split(';')[0]! };
      };

      it('refuses a token issued a year ahead, or living a century; 4 minutes ahead for an hour still signs in', async () => {
        const { nonce, cookie } = await nonceAndCookie();
        const now = nowSeconds();
        const refused = {
          issuedAYearAhead: await tokenIssuedAt(now + SECONDS.year, now + SECONDS.year + SECONDS.hour, nonce),
          livingACentury: await tokenIssuedAt(now, now + 100 * SECONDS.year, nonce),
          livingADayAndAMinute: await tokenIssuedAt(now, now + 24 * SECONDS.hour + SECONDS.minute, nonce),
        };
        for (const [name, idToken] of Object.entries(refused)) {
          const res = await exchange(suite.server.app, { idToken, cookie });
          assert.deepEqual([res.statusCode, res.json().messageKey], [401, 'authFailed'], name);
        }
        const stored = rowsOf<{ n: number }>(
          await suite.handle.db.execute(sql`select count(*)::int as n from used_id_tokens where expires_at > now() + interval '1 day'`),
        )[0]?.n;
        assert.equal(Number(stored), 0, 'a refused token leaves no row kept for its century');

        const clockAhead = await exchange(suite.server.app, {
          idToken: await tokenIssuedAt(now + 4 * SECONDS.minute, now + 4 * SECONDS.minute + SECONDS.hour, nonce),
          cookie,
        });
        assert.equal(clockAhead.statusCode, 200, clockAhead.body);
      });
    });

    describe('moderators', () => {
      it('cannot block one another; the target keeps working, and an ordinary user is still blocked', async () => {
        const first = await signIn(suite.server.app, 'first.mod@example.com', 'First');
        const second = await signIn(suite.server.app, 'second.mod@example.com', 'Second');
        const secondId = await userIdOf('second.mod@example.com');
        const firstId = await userIdOf('first.mod@example.com');
        const block = (token: string, id: number) =>
          suite.server.app.inject({
            method: 'POST',
            url: `/api/v1/admin/users/${id}/block`,
            headers: auth(token),
            remoteAddress: freshClientAddress(),
          });

        for (const [by, target] of [
          [first, secondId],
          [second, firstId],
        ] as const) {
          const refused = await block(by, target);
          assert.deepEqual([refused.statusCode, refused.json().messageKey], [403, 'forbidden']);
        }
        const blocked = rowsOf<{ n: number }>(
          await suite.handle.db.execute(
            sql`select count(*)::int as n from users where blocked_at is not null and email like '%.mod@example.com'`,
          ),
        )[0]?.n;
        assert.equal(Number(blocked), 0);
        assert.equal(
          (await suite.server.app.inject({ url: '/api/v1/admin/actions', headers: auth(second) })).statusCode,
          200,
          'the target’s session still works',
        );
        await signIn(suite.server.app, 'second.mod@example.com', 'Second');

        const rider = await signIn(suite.server.app, 'rider@example.com', 'Rider');
        assert.equal((await block(first, await userIdOf('rider@example.com'))).statusCode, 200, 'the control case');
        assert.equal((await suite.server.app.inject({ url: '/api/v1/me/jobs', headers: auth(rider) })).statusCode, 401);
      });
    });

    describe('listing views', () => {
      const publish = () => publishListing(suite.server.app, owner);
      const viewsOf = async (id: number) => {
        const mine = (await suite.server.app.inject({ url: '/api/v1/me/jobs', headers: auth(owner) })).json().jobs as {
          job_id: number;
          stats: { views: number };
        }[];
        return mine.find((job) => job.job_id === id)?.stats.views;
      };
      /** A browser opens the listing's page (no session on a page load), then asks the API for it, as the page does when signed in. */
      const look = async (id: number, visitor: { address: string; browser: string }, token?: string) => {
        const page = await suite.server.app.inject({
          url: `/job/${id}`,
          headers: { 'user-agent': visitor.browser },
          remoteAddress: visitor.address,
        });
        assert.equal(page.statusCode, 200);
        const answer = await suite.server.app.inject({
          url: `/api/v1/jobs/${id}?language=he`,
          headers: { 'user-agent': visitor.browser, ...(token ? auth(token) : {}) },
          remoteAddress: visitor.address,
        });
        assert.equal(answer.statusCode, 200);
      };
      const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
      const chrome = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

      it('counts the server’s own answers once per address and browser a day; forged page_view events count for nothing', async () => {
        const id = await publish();
        const forgedBatch = () =>
          Array.from({ length: 50 }, (_, i) => ({
            name: 'page_view',
            language: 'he',
            path: i % 2 ? `/job/${id}` : `/en/job/${id}`,
            props: { route: 'job' },
            visitorId: crypto.randomUUID(),
            at: new Date().toISOString(),
          }));
        for (let batch = 0; batch < 4; batch += 1) {
          const res = await suite.server.app.inject({
            method: 'POST',
            url: '/api/v1/events',
            payload: { events: forgedBatch() },
            remoteAddress: freshClientAddress(),
          });
          assert.equal(res.statusCode, 202, 'the pages still send their events');
        }
        assert.equal(await viewsOf(id), 0, '200 forged page views');

        const visitor = { address: freshClientAddress(), browser: firefox };
        for (let i = 0; i < 3; i += 1) await look(id, visitor);
        assert.equal(await viewsOf(id), 1, 'three looks from one address and browser');
        await look(id, { ...visitor, browser: chrome });
        assert.equal(await viewsOf(id), 2, 'another browser at that address');
        await look(id, { ...visitor, address: freshClientAddress() });
        assert.equal(await viewsOf(id), 3, 'the same browser at another address');
        await look(id, { ...visitor, address: '2001:db8:5:5::1' });
        await look(id, { ...visitor, address: '2001:db8:5:5::2' });
        assert.equal(await viewsOf(id), 4, 'two addresses of one IPv6 /64 are one address');
      });

      it('does not count the owner’s own looks, signed in on the API after an anonymous page load', async () => {
        const id = await publish();
        await look(id, { address: freshClientAddress(), browser: firefox }, owner);
        assert.equal(await viewsOf(id), 0);
        await look(id, { address: freshClientAddress(), browser: chrome });
        assert.equal(await viewsOf(id), 1, 'a stranger’s look still counts');
      });

      it('counts at most three browsers per address, whatever User-Agents a script invents', async () => {
        const id = await publish();
        const address = freshClientAddress();
        for (let i = 0; i < 10; i += 1) {
          const answer = await suite.server.app.inject({
            url: `/api/v1/jobs/${id}`,
            headers: { 'user-agent': `Script/${i}` },
            remoteAddress: address,
          });
          assert.equal(answer.statusCode, 200);
        }
        assert.equal(await viewsOf(id), 3);
      });

      it('stores no address, and sweeps the days past the 30 the owner sees', async () => {
        const id = await publish();
        const address = freshClientAddress();
        await look(id, { address, browser: firefox });
        const stored = rowsOf<{ address_key: string; browser_key: string }>(
          await suite.handle.db.execute(sql`select address_key, browser_key from listing_views where listing_id = ${id}`),
        );
        assert.equal(stored.length, 1);
        assert.ok(stored.every((row) => !`${row.address_key}${row.browser_key}`.includes(address) && !row.browser_key.includes('Firefox')));

        const israelToday = sql`(now() at time zone 'Asia/Jerusalem')::date`;
        await suite.handle.db.execute(sql`insert into listing_views (listing_id, day, address_key, browser_key) values
          (${id}, ${israelToday} - 40, 'a', 'b'), (${id}, ${israelToday} - 30, 'a', 'b'), (${id}, ${israelToday} - 29, 'a', 'b')`);
        assert.equal(await viewsOf(id), 2, 'today and 29 days ago');
        await sweepExpiredRows(suite.handle.db);
        const ages = rowsOf<{ age: number }>(
          await suite.handle.db.execute(
            sql`select (${israelToday} - day)::int as age from listing_views where listing_id = ${id} order by 1`,
          ),
        ).map((row) => Number(row.age));
        assert.deepEqual(ages, [0, 29]);
      });
    });

    describe('the local identity provider behind a proxy on this host', () => {
      const proxy = { TRUST_PROXY: '127.0.0.1', CANONICAL_ORIGIN: 'https://www.tasko.test' };
      /** What the proxy on this host sends: its own loopback socket, the client's address as it saw it, https. */
      const throughProxy = (forwardedFor: string) => ({
        remoteAddress: '127.0.0.1',
        headers: { host: 'www.tasko.test', 'x-forwarded-proto': 'https', 'x-forwarded-for': forwardedFor },
      });
      const tokenRequest = (forwardedFor: string) => ({
        method: 'POST' as const,
        url: '/dev-idp/token',
        payload: { email: 'first.mod@example.com', name: 'Anyone' },
        ...throughProxy(forwardedFor),
      });

      it('is off with a proxy configured: /dev-idp and /dev-mail answer 404, forged X-Forwarded-For or not', async () => {
        await withServer(suite.handle, proxy, async ({ app, config }) => {
          assert.equal(config.isLocalIdpAllowed, false);
          for (const forwardedFor of ['203.0.113.7', '127.0.0.1, 203.0.113.7', '127.0.0.1']) {
            assert.equal((await app.inject(tokenRequest(forwardedFor))).statusCode, 404, forwardedFor);
            assert.equal((await app.inject({ url: '/dev-mail/messages', ...throughProxy(forwardedFor) })).statusCode, 404, forwardedFor);
          }
          assert.equal(
            (
              await app.inject({
                method: 'POST',
                url: '/dev-idp/token',
                payload: { email: 'x@example.com', name: 'X' },
                remoteAddress: '127.0.0.1',
              })
            ).statusCode,
            404,
            'the proxy’s socket itself',
          );
        });
      });

      it('with DEV_IDP=on runs for this machine and its private networks as the proxy reports them, and limits tokens per client', async () => {
        await withServer(suite.handle, { ...proxy, DEV_IDP: 'on', SIGN_IN_RATE_LIMIT: '2' }, async ({ app, config }) => {
          assert.equal(config.localIdpClients, 'privateNetworks');
          assert.equal(
            (await app.inject({ url: '/dev-mail/messages', ...throughProxy('10.87.0.1') })).statusCode,
            200,
            'compose: the host’s browser, from the bridge',
          );
          for (const forwardedFor of ['203.0.113.20', '127.0.0.1, 203.0.113.20']) {
            assert.equal(
              (await app.inject({ url: '/dev-mail/messages', ...throughProxy(forwardedFor) })).statusCode,
              404,
              `the outbox to ${forwardedFor}`,
            );
            assert.equal((await app.inject(tokenRequest(forwardedFor))).statusCode, 404, `a token to ${forwardedFor}`);
          }
          const statuses = async (forwardedFor: string, count: number) => {
            const seen: number[] = [];
            for (let i = 0; i < count; i += 1) seen.push((await app.inject(tokenRequest(forwardedFor))).statusCode);
            return seen;
          };
          assert.deepEqual(await statuses('10.0.0.10', 3), [200, 200, 429]);
          assert.deepEqual(await statuses('10.0.0.11', 2), [200, 200], 'another client behind the proxy has its own budget');
          assert.deepEqual(
            await statuses('198.51.100.1, 10.0.0.10', 1),
            [429],
            'a forged entry before the proxy’s own is not a new client',
          );
        });
      });
    });
  });
}
