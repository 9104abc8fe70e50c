import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.js';
import { multipartBody, validPostFields } from './multipart.js';
import { exchange, freshClientAddress, providerSignIn, signIn, startTestServer, testDatabases, useServerOn } from './testServer.js';

for (const database of testDatabases()) {
  describe(`trust and safety on ${database.name}`, () => {
    let admin: string;
    let dana: string;
    let omar: string;
    let rina: string;

    const suite = useServerOn(database, { ADMIN_EMAILS: 'admin@example.com', DEV_IDP: 'on' }, async () => {
      admin = await signIn(suite.server.app, 'admin@example.com', 'Admin');
      dana = await signIn(suite.server.app, 'dana@example.com', 'Dana');
      omar = await signIn(suite.server.app, 'omar@example.com', 'Omar');
      rina = await signIn(suite.server.app, 'rina@example.com', 'Rina');
    });

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const call = (method: 'GET' | 'POST', url: string, token?: string | null, payload?: unknown) =>
      suite.server.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: token ? auth(token) : {},
        remoteAddress: freshClientAddress(),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
    const publish = async (token: string, fields: Record<string, string> = {}) => {
      const body = multipartBody(validPostFields(fields));
      const res = await suite.server.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        payload: body.payload,
        headers: { ...body.headers, ...auth(token) },
        remoteAddress: freshClientAddress(),
      });
      return res;
    };
    const count = async (table: string) =>
      Number(rowsOf<{ n: number }>(await suite.handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);
    const publicIds = async () => (await call('GET', '/jobs?pageSize=50')).json().jobs.map((j: { job_id: number }) => j.job_id);

    describe('age', () => {
      it('asks a new user to confirm being 18 or older before the first post, once', async () => {
        const fresh = await signIn(suite.server.app, 'new@example.com', 'New', { confirmAge: false });
        const refused = await publish(fresh);
        assert.equal(refused.statusCode, 403);
        assert.equal(refused.json().messageKey, 'ageConfirmationRequired');
        const signInState = await providerSignIn(suite.server.app, 'new@example.com', 'New');
        const login = await exchange(suite.server.app, signInState);
        assert.equal(login.json().user.ageConfirmed, false);
        assert.equal(login.json().user.isAdmin, false);
        assert.deepEqual((await call('POST', '/user/age-confirmation', fresh)).json(), { ageConfirmed: true });
        assert.equal((await publish(fresh)).statusCode, 201);
        const again = await exchange(suite.server.app, await providerSignIn(suite.server.app, 'new@example.com', 'New'));
        assert.equal(again.json().user.ageConfirmed, true, 'stored once, remembered at the next sign-in');
      });

      it('tells an admin they are one at sign-in', async () => {
        const signInState = await providerSignIn(suite.server.app, 'admin@example.com', 'Admin');
        const login = await exchange(suite.server.app, signInState);
        assert.equal(login.json().user.isAdmin, true);
      });
    });

    describe('reports', () => {
      let listingId: number;
      before(async () => {
        listingId = (await publish(dana, { jobTitle: 'Cleaning, men only' })).json().job_id;
      });

      it('stores one report per user and listing, with who and when', async () => {
        const res = await call('POST', `/jobs/${listingId}/reports`, omar, { reason: 'discriminatory', note: 'Excludes women.' });
        assert.equal(res.statusCode, 201);
        assert.deepEqual(res.json(), { reported: true });
        const again = await call('POST', `/jobs/${listingId}/reports`, omar, { reason: 'other' });
        assert.equal(again.statusCode, 409);
        assert.equal(again.json().messageKey, 'alreadyReported');
        assert.equal((await call('POST', `/jobs/${listingId}/reports`, rina, { reason: 'scam' })).statusCode, 201);
        const stored = rowsOf<{ reason: string; reporter_id: number; created_at: Date }>(
          await suite.handle.db.execute(sql`select reason, reporter_id, created_at from reports order by id`),
        );
        assert.deepEqual(
          stored.map((r) => r.reason),
          ['discriminatory', 'scam'],
        );
        assert.ok(stored.every((r) => r.created_at));
      });

      it('refuses bad reports with a message key and writes nothing', async () => {
        const before = await count('reports');
        const cases: [string | null, string, unknown, number, string][] = [
          [null, `/jobs/${listingId}/reports`, { reason: 'scam' }, 401, 'unauthorized'],
          [rina, '/jobs/999999/reports', { reason: 'scam' }, 404, 'jobNotFound'],
          [rina, '/jobs/abc/reports', { reason: 'scam' }, 404, 'jobNotFound'],
          [dana, `/jobs/${listingId}/reports`, { reason: 'scam' }, 403, 'forbidden'],
          [admin, `/jobs/${listingId}/reports`, { reason: 'spam' }, 400, 'invalidRequest'],
          [admin, `/jobs/${listingId}/reports`, { reason: 'other', note: 'x'.repeat(501) }, 400, 'invalidRequest'],
        ];
        for (const [token, url, body, status, key] of cases) {
          const res = await call('POST', url, token, body);
          assert.equal(res.statusCode, status, `${url} ${JSON.stringify(body)}`);
          assert.equal(res.json().messageKey, key);
        }
        assert.equal(
          (await call('POST', `/jobs/${listingId}/reports`, admin, { reason: 'spam' })).json().fields.reason,
          'reportReasonRequired',
        );
        assert.equal(await count('reports'), before);
      });

      it('is rate-limited', async () => {
        const limited = await startTestServer(suite.handle, { WRITE_RATE_LIMIT: '2' });
        try {
          // A user of their own: signed-in writes count per user, and the others have written before.
          const reporter = await signIn(limited.app, 'reporter@example.com', 'Reporter');
          const statuses = [];
          for (let i = 0; i < 3; i += 1) {
            const res = await limited.app.inject({
              method: 'POST',
              url: `/api/v1/jobs/${listingId}/reports`,
              headers: auth(reporter),
              payload: { reason: 'other' },
              remoteAddress: freshClientAddress(),
            });
            statuses.push(res.statusCode);
          }
          assert.deepEqual(statuses, [201, 409, 429]);
        } finally {
          await limited.close();
        }
      });
    });

    describe('moderation', () => {
      let reported: number;
      let quiet: number;
      before(async () => {
        reported = (await publish(omar, { jobTitle: 'Too good to be true' })).json().job_id;
        quiet = (await publish(omar, { jobTitle: 'Walk my dog' })).json().job_id;
        for (const token of [dana, rina, admin])
          await call('POST', `/jobs/${reported}/reports`, token, { reason: 'scam', note: 'Asks for money first.' });
      });

      it('answers 404 to a normal user and to a visitor on every admin call, and changes nothing', async () => {
        const adminCalls: ['GET' | 'POST', string][] = [
          ['GET', '/admin/reports'],
          ['GET', '/admin/actions'],
          ['GET', '/admin/stats'],
          ['POST', `/admin/listings/${reported}/hide`],
          ['POST', `/admin/listings/${reported}/restore`],
          ['POST', '/admin/users/1/block'],
          ['POST', '/admin/users/1/unblock'],
        ];
        for (const token of [dana, null, 'forged.token.value']) {
          for (const [method, url] of adminCalls) {
            const res = await call(method, url, token);
            assert.equal(res.statusCode, 404, `${method} ${url}`);
            assert.equal(res.json().messageKey, 'notFound');
          }
        }
        assert.equal(await count('moderation_actions'), 0);
        assert.ok((await publicIds()).includes(reported));
      });

      it('lists reported listings by report count, with reasons and notes', async () => {
        const { listings } = (await call('GET', '/admin/reports', admin)).json();
        assert.equal(listings[0].listing.job_id, reported);
        assert.equal(listings[0].reportCount, 3);
        assert.equal(listings[0].publisher.email, 'omar@example.com');
        assert.equal(listings[0].listing.hidden, false);
        assert.deepEqual(
          listings[0].reports.map((r: { reason: string }) => r.reason),
          ['scam', 'scam', 'scam'],
        );
        assert.equal(listings[1].reportCount, 3, 'the earlier listing: two users and the reporter of the rate-limit test');
      });

      it('hides a listing from visitors but not from its owner, and restores it', async () => {
        const hidden = await call('POST', `/admin/listings/${reported}/hide`, admin);
        assert.equal(hidden.statusCode, 200);
        assert.equal(hidden.json().action, 'hide');
        assert.equal(hidden.json().adminEmail, 'admin@example.com');
        assert.ok(!(await publicIds()).includes(reported), 'gone from the list at once (no stale cache)');
        assert.equal((await call('GET', `/jobs/${reported}`)).statusCode, 404);
        assert.equal((await call('GET', `/jobs/${reported}/contact`)).statusCode, 404);
        assert.equal((await call('GET', `/jobs/${reported}`, omar)).json().hidden, true, 'the owner still sees it, marked');
        const mine = (await call('GET', '/me/jobs', omar)).json().jobs;
        assert.equal(mine.find((j: { job_id: number }) => j.job_id === reported).hidden, true);
        await call('POST', `/admin/listings/${reported}/restore`, admin);
        assert.ok((await publicIds()).includes(reported));
      });

      it('blocks a user: listings gone, session stopped, sign-in refused; and unblocks', async () => {
        const omarId = (await call('GET', '/admin/reports', admin)).json().listings[0].publisher.id;
        assert.equal((await call('POST', `/admin/users/${omarId}/block`, admin)).json().userEmail, 'omar@example.com');
        const ids = await publicIds();
        assert.ok(!ids.includes(reported) && !ids.includes(quiet), 'every listing of the blocked user is gone');
        assert.equal((await call('GET', '/user/settings', omar)).statusCode, 401, 'the session stopped working');
        const signInState = await providerSignIn(suite.server.app, 'omar@example.com', 'Omar');
        const login = await exchange(suite.server.app, signInState);
        assert.equal(login.statusCode, 403);
        assert.equal(login.json().messageKey, 'userBlocked');
        assert.equal((await call('POST', `/admin/users/${omarId}/unblock`, admin)).statusCode, 200);
        assert.ok((await publicIds()).includes(quiet));
        assert.equal((await call('GET', '/user/settings', omar)).statusCode, 401, 'old sessions stay revoked after unblocking');
        const back = await exchange(suite.server.app, await providerSignIn(suite.server.app, 'omar@example.com', 'Omar'));
        assert.equal(back.statusCode, 200, back.body);
      });

      it('refuses to block oneself or an unknown user', async () => {
        const adminId = rowsOf<{ id: number }>(
          await suite.handle.db.execute(sql`select id from users where email = 'admin@example.com'`),
        )[0]?.id;
        assert.equal((await call('POST', `/admin/users/${adminId}/block`, admin)).statusCode, 403);
        assert.equal((await call('POST', '/admin/users/999999/block', admin)).statusCode, 404);
        assert.equal((await call('POST', '/admin/listings/999999/hide', admin)).statusCode, 404);
      });

      it('records every action, newest first', async () => {
        const { actions } = (await call('GET', '/admin/actions', admin)).json();
        assert.deepEqual(
          actions.map((a: { action: string }) => a.action),
          ['unblock', 'block', 'restore', 'hide'],
        );
        assert.ok(
          actions.every((a: { adminEmail: string; at: string }) => a.adminEmail === 'admin@example.com' && !Number.isNaN(Date.parse(a.at))),
        );
        assert.equal(actions[3].listingId, reported);
      });
    });

    describe('analytics events', () => {
      const event = (name: string, language = 'he', extra: Record<string, unknown> = {}) => ({
        name,
        language,
        path: '/he/tasks',
        props: { category: 'all' },
        visitorId: crypto.randomUUID(),
        at: new Date().toISOString(),
        ...extra,
      });

      it('stores a batch of up to 50, with the user id from the session and nothing else personal', async () => {
        const batch = Array.from({ length: 50 }, (_, i) => event(i % 2 ? 'search' : 'page_view'));
        const res = await call('POST', '/events', dana, { events: batch });
        assert.equal(res.statusCode, 202);
        const rows = rowsOf<{ user_id: number | null }>(await suite.handle.db.execute(sql`select user_id from analytics_events`));
        assert.equal(rows.length, 50);
        assert.ok(rows.every((r) => typeof r.user_id === 'number'));
        assert.equal(
          (await call('POST', '/events', null, { events: [event('publish', 'ar')] })).statusCode,
          202,
          'anonymous, as a beacon sends it',
        );
      });

      it('refuses a batch over 50, unknown names, bad fields: each with a key, nothing written', async () => {
        const before = await count('analytics_events');
        const cases: [unknown, string][] = [
          [{ events: Array.from({ length: 51 }, () => event('search')) }, 'tooManyEvents'],
          [{ events: [event('search'), event('purchase')] }, 'unknownEvent'],
          [{ events: [event('search', 'fr')] }, 'invalidRequest'],
          [{ events: [event('search', 'he', { visitorId: 'dana@example.com' })] }, 'invalidRequest'],
          [{ events: [event('search', 'he', { props: { q: 'x'.repeat(61) } })] }, 'invalidRequest'],
          [{ events: [event('search', 'he', { at: '2001-01-01T00:00:00Z' })] }, 'invalidRequest'],
          [{ events: [] }, 'invalidRequest'],
          [{}, 'invalidRequest'],
        ];
        for (const [body, key] of cases) {
          const res = await call('POST', '/events', null, body);
          assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
          assert.equal(res.json().messageKey, key);
        }
        assert.equal(await count('analytics_events'), before);
      });

      it('counts visits, searches and posts per day and language for the moderation screen', async () => {
        const visitor = crypto.randomUUID();
        await call('POST', '/events', null, {
          events: [
            event('page_view', 'ru', { visitorId: visitor }),
            event('page_view', 'ru', { visitorId: visitor }),
            event('search', 'ru'),
            event('publish', 'ru'),
          ],
        });
        const { days } = (await call('GET', '/admin/stats?days=14', admin)).json();
        const russian = days.find((d: { language: string }) => d.language === 'ru');
        assert.match(russian.day, /^\d{4}-\d{2}-\d{2}$/);
        assert.deepEqual(
          { visits: russian.visits, pageViews: russian.pageViews, searches: russian.searches, posts: russian.posts },
          { visits: 1, pageViews: 2, searches: 1, posts: 1 },
        );
        const hebrew = days.find((d: { language: string }) => d.language === 'he');
        assert.equal(hebrew.searches, 25);
      });
    });
  });
}
