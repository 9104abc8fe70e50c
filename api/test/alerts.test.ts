import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { ALERT_LIMITS, DEFAULT_SETTINGS, type AlertFilters, type Language } from '@tasko/shared/domain';
import { rowsOf, type DatabaseHandle } from '../src/db/client.js';
import { alertMatches, alerts, listings, users } from '../src/db/schema.js';
import errorsPlugin from '../src/plugins/errors/errors.plugin.js';
import docsPlugin from '../src/plugins/docs/docs.plugin.js';
import { SessionService } from '../src/plugins/auth/sessions.js';
import { UnsubscribeTokens } from '../src/plugins/mail/unsubscribeTokens.js';
import type { Mailer } from '../src/plugins/mail/mailer.js';
import type { RenderedEmail } from '../src/plugins/mail/alertEmail.js';
import { alertsRoutes, startAlerts, type AlertDeps, type AlertService } from '../src/plugins/alerts/alertService.js';
import { alertsMatching, claimMatches } from '../src/plugins/alerts/alerts.queries.js';
import { searchListings } from '../src/search/listingSearch.js';
import { alertKeysOf, searchColumnsOf } from '../src/plugins/jobs/listingKeys.js';
import { emptyDatabase, testDatabases } from './testServer.js';

/** Records what would have left; `failures` sends fail first. */
class FakeMailer implements Mailer {
  sent: { message: RenderedEmail }[] = [];
  failures = 0;

  send(message: RenderedEmail): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new Error('SMTP answered 421'));
    }
    this.sent.push({ message });
    return Promise.resolve();
  }

  /** The alert each email was for, read from its one-click unsubscribe link (`u1.<alertId>.<signature>`). */
  alertIds(): number[] {
    return this.sent
      .map(({ message }) => Number(/token=u1\.(\d+)\./.exec(message.headers['List-Unsubscribe'] ?? '')?.[1]))
      .sort((a, b) => a - b);
  }
}

const SITE = 'http://tasko.test';
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * Checks `condition` until it holds. The bound only ends a wait that would otherwise never end (a job never
 * worked): it says nothing about speed, so it is far above anything a busy machine takes.
 */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const database of testDatabases()) {
  describe(`alerts on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    let sessions: SessionService;
    let tokens: UnsubscribeTokens;
    let mailer: FakeMailer;
    const running: AlertService[] = [];
    let userCount = 0;

    /** An alert service on the suite's database, as the server starts it, with the fake mailer. */
    async function start(overrides: Partial<AlertDeps> = {}): Promise<AlertService> {
      const service = await startAlerts({
        db: handle.db,
        database: handle,
        mailer,
        tokens,
        siteOrigin: SITE,
        log: app.log,
        pollSeconds: 0.5,
        retryDelaySeconds: 1,
        ...overrides,
      });
      running.push(service);
      return service;
    }

    async function stopAll(): Promise<void> {
      await Promise.all(running.splice(0).map((service) => service.stop()));
    }

    async function user(
      options: { language?: Language; emailNotifications?: boolean } = {},
    ): Promise<{ id: number; email: string; token: string }> {
      userCount += 1;
      const email = `user${userCount}@example.com`;
      const settings = options.language || options.emailNotifications !== undefined ? { ...DEFAULT_SETTINGS, ...options } : null;
      const [row] = await handle.db
        .insert(users)
        .values({ email, name: `User ${userCount}`, settings })
        .returning({ id: users.id });
      return { id: row!.id, email, token: await sessions.issue(row!.id) };
    }

    async function listing(publisherId: number, columns: Partial<typeof listings.$inferInsert> = {}): Promise<number> {
      const values = {
        publisherId,
        title: 'Help moving a sofa',
        description: 'Third floor, no lift.',
        category: 'homeServices' as const,
        amount: 200,
        contactPersonName: 'Dana Levi',
        phone: '0501234567',
        city: 'Haifa',
        address: 'Herzl 5',
        ...columns,
      };
      const [row] = await handle.db
        .insert(listings)
        .values({ ...values, ...searchColumnsOf(values, {}) })
        .returning({ id: listings.id });
      return row!.id;
    }

    function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) {
      return app.inject({
        method,
        url,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        ...(payload ? { payload } : {}),
      });
    }

    async function createAlert(token: string, body: object): Promise<number> {
      const answer = await call('POST', '/api/v1/me/alerts', token, body);
      assert.equal(answer.statusCode, 201, answer.body);
      return answer.json<{ id: number }>().id;
    }

    async function alertCount(): Promise<number> {
      const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(alerts);
      return Number(row?.n);
    }

    async function becameVisible(service: AlertService, listingId: number): Promise<void> {
      await service.listingBecameVisible(listingId);
      await service.drain!();
    }

    async function jobCount(queue: string, state: string): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await handle.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${queue} and state = ${state}`),
      );
      return Number(row?.n);
    }

    /**
     * With `retryDelaySeconds: 3600`, a failed send's retry is an hour away: the test changes what it wants while
     * the email waits (however slowly it runs), then makes the retry due at once.
     */
    async function whileTheRetryWaits(change: () => Promise<unknown>): Promise<void> {
      await until(async () => (await jobCount('alert-email', 'retry')) === 1, 'the failed email to wait for its retry');
      await change();
      await handle.db.execute(sql`update pgboss.job set start_after = now() where name = 'alert-email' and state = 'retry'`);
    }

    before(async () => {
      handle = await database.open();
      sessions = await SessionService.open(handle.db);
      tokens = await UnsubscribeTokens.open(handle.db);
      // The routes as the server mounts them under /api/v1, with the plugins they lean on (errors, limits).
      app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      app.decorateRequest('user', null);
      await app.register(errorsPlugin);
      await app.register(rateLimit, { global: false });
      await app.register(docsPlugin);
      await app.register(alertsRoutes, { prefix: '/api/v1', db: handle.db, sessions, tokens, writeRateLimit: 1000 });
      await app.ready();
    });
    beforeEach(async () => {
      await emptyDatabase(handle);
      // Jobs left by an earlier test (PostgreSQL keeps them between suites) would be worked by this one's service.
      await handle.db.execute(sql`do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if; end $$`);
      mailer = new FakeMailer();
    });
    afterEach(stopAll);
    after(async () => {
      await stopAll();
      await app.close();
      await handle.close();
    });

    describe('the API', () => {
      test('creates, lists newest first and deletes my alerts', async () => {
        const me = await user();
        const first = await call('POST', '/api/v1/me/alerts', me.token, {
          offerType: 'job',
          q: '  sofa  ',
          location: 'Haifa',
          category: 'homeServices',
          frequency: 'instant',
        });
        assert.equal(first.statusCode, 201, first.body);
        const created = first.json();
        assert.deepEqual(
          { ...created, id: 0, createdAt: '' },
          { id: 0, offerType: 'job', q: 'sofa', location: 'Haifa', category: 'homeServices', frequency: 'instant', createdAt: '' },
        );
        assert.ok(!Number.isNaN(Date.parse(created.createdAt)));
        const second = await createAlert(me.token, { offerType: 'service', q: '', category: 'all', frequency: 'daily' });

        const list = await call('GET', '/api/v1/me/alerts', me.token);
        assert.equal(list.statusCode, 200);
        assert.deepEqual(
          list.json().alerts.map((a: { id: number }) => a.id),
          [second, created.id],
        );
        // No empty text and no "all": an absent filter is absent.
        assert.deepEqual(Object.keys(list.json().alerts[0]).sort(), ['createdAt', 'frequency', 'id', 'offerType']);

        assert.equal((await call('DELETE', `/api/v1/me/alerts/${second}`, me.token)).statusCode, 204);
        assert.deepEqual(
          (await call('GET', '/api/v1/me/alerts', me.token)).json().alerts.map((a: { id: number }) => a.id),
          [created.id],
        );
      });

      test('needs a session, and another user’s alert is not found', async () => {
        const owner = await user();
        const other = await user();
        const id = await createAlert(owner.token, { offerType: 'job', frequency: 'instant' });
        assert.equal((await call('GET', '/api/v1/me/alerts')).statusCode, 401);
        assert.equal((await call('POST', '/api/v1/me/alerts', undefined, { offerType: 'job', frequency: 'instant' })).statusCode, 401);
        assert.equal((await call('DELETE', `/api/v1/me/alerts/${id}`)).statusCode, 401);
        for (const path of [`/api/v1/me/alerts/${id}`, '/api/v1/me/alerts/abc', '/api/v1/me/alerts/99999']) {
          const answer = await call('DELETE', path, other.token);
          assert.equal(answer.statusCode, 404);
          assert.equal(answer.json().messageKey, 'notFound');
        }
        assert.deepEqual((await call('GET', '/api/v1/me/alerts', other.token)).json(), { alerts: [] });
        assert.equal(await alertCount(), 1);
      });

      test('refuses bad input with a message key per field, writing nothing', async () => {
        const me = await user();
        const cases: [object, string, string][] = [
          [{ offerType: 'job', category: 'gardening', frequency: 'instant' }, 'category', 'categoryInvalid'],
          [{ offerType: 'job', frequency: 'weekly' }, 'frequency', 'frequencyInvalid'],
          [{ offerType: 'job' }, 'frequency', 'frequencyInvalid'],
          [{ offerType: 'car', frequency: 'daily' }, 'offerType', 'offerTypeInvalid'],
          [{ frequency: 'daily' }, 'offerType', 'offerTypeInvalid'],
          [{ offerType: 'job', q: 'x'.repeat(101), frequency: 'daily' }, 'q', 'searchTooLong'],
          [{ offerType: 'job', location: 7, frequency: 'daily' }, 'location', 'searchTooLong'],
        ];
        for (const [body, field, key] of cases) {
          const answer = await call('POST', '/api/v1/me/alerts', me.token, body);
          assert.equal(answer.statusCode, 400, JSON.stringify(body));
          assert.equal(answer.json().messageKey, 'invalidRequest');
          assert.equal(answer.json().fields?.[field], key, `${JSON.stringify(body)}: ${answer.body}`);
        }
        assert.equal(await alertCount(), 0);
      });

      test('the same filters twice is a duplicate, whatever the case, the spaces or the frequency', async () => {
        const me = await user();
        const other = await user();
        await createAlert(me.token, { offerType: 'job', q: 'Sofa', location: 'Haifa', frequency: 'instant' });
        await createAlert(me.token, { offerType: 'job', frequency: 'daily' });
        for (const body of [
          { offerType: 'job', q: ' sofa ', location: 'HAIFA', frequency: 'daily' },
          { offerType: 'job', q: 'SOFA', location: 'haifa', category: null, frequency: 'instant' },
          { offerType: 'job', q: '', location: null, category: 'all', frequency: 'instant' },
        ]) {
          const answer = await call('POST', '/api/v1/me/alerts', me.token, body);
          assert.equal(answer.statusCode, 409, JSON.stringify(body));
          assert.equal(answer.json().messageKey, 'alertDuplicate');
        }
        // Different filters, or someone else's: not duplicates.
        await createAlert(me.token, { offerType: 'service', q: 'sofa', location: 'Haifa', frequency: 'instant' });
        await createAlert(me.token, { offerType: 'job', q: 'sofa', location: 'Haifa', category: 'homeServices', frequency: 'instant' });
        await createAlert(other.token, { offerType: 'job', q: 'sofa', location: 'Haifa', frequency: 'instant' });
        assert.equal(await alertCount(), 5);
      });

      test('the OpenAPI document shows each route with its request and its answer', () => {
        const doc = app.swagger() as unknown as {
          paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
        };
        const routes = [
          ['/api/v1/me/alerts', 'get', '200'],
          ['/api/v1/me/alerts', 'post', '201'],
          ['/api/v1/me/alerts/{id}', 'delete', '204'],
          ['/api/v1/alerts/unsubscribe', 'post', '200'],
        ] as const;
        for (const [path, method, status] of routes) assert.ok(doc.paths[path]?.[method]?.responses[status], `${method} ${path} ${status}`);
        assert.ok(doc.paths['/api/v1/me/alerts']?.post?.requestBody);
      });

      test(`a user keeps at most ${ALERT_LIMITS.maxPerUser} alerts`, async () => {
        const me = await user();
        const other = await user();
        for (let i = 0; i < ALERT_LIMITS.maxPerUser; i += 1)
          await createAlert(me.token, { offerType: 'job', q: `word ${i}`, frequency: 'daily' });
        const refused = await call('POST', '/api/v1/me/alerts', me.token, { offerType: 'job', q: 'one more', frequency: 'daily' });
        assert.equal(refused.statusCode, 409);
        assert.equal(refused.json().messageKey, 'tooManyAlerts');
        assert.equal(await alertCount(), ALERT_LIMITS.maxPerUser);
        await createAlert(other.token, { offerType: 'job', q: 'one more', frequency: 'daily' });
        // Deleting one makes room again.
        const [oldest] = (await call('GET', '/api/v1/me/alerts', me.token)).json().alerts.slice(-1) as { id: number }[];
        assert.equal((await call('DELETE', `/api/v1/me/alerts/${oldest!.id}`, me.token)).statusCode, 204);
        await createAlert(me.token, { offerType: 'job', q: 'one more', frequency: 'daily' });
      });
    });

    test('an alert matches exactly what GET /jobs lists with its filters (side by side with searchListings)', async () => {
      const publisher = await user();
      const ids = [
        await listing(publisher.id, { title: 'Help moving a SOFA', contactPersonName: 'Dana Levi', city: 'Haifa', address: 'Herzl 5' }),
        await listing(publisher.id, {
          title: 'שיעורי מתמטיקה',
          contactPersonName: 'Дмитрий',
          city: 'תל אביב',
          address: 'דיזנגוף 10',
          category: 'educationAndTutoring',
        }),
        await listing(publisher.id, {
          title: '100% fun_time party',
          contactPersonName: 'Rami',
          city: 'Eilat',
          address: '',
          category: 'eventAndErrands',
        }),
        await listing(publisher.id, { title: '100 fun time party', contactPersonName: 'Back\\slash', city: 'Eilat', address: 'Harbour' }),
        await listing(publisher.id, { offerType: 'service', title: 'Sofa cleaning', city: 'Haifa', address: '' }),
        await listing(publisher.id, { title: 'Sofa, hidden', hiddenAt: new Date() }),
        await listing(publisher.id, { title: 'Sofa, blocked publisher', isPublisherBlocked: true }),
        await listing(publisher.id, { title: 'Sofa, closed', status: 'close' }),
        await listing(publisher.id, { title: 'Sofa, deleted', status: 'deleted' }),
      ];
      const filters: AlertFilters[] = [
        { offerType: 'job' },
        { offerType: 'service' },
        { offerType: 'job', q: 'sofa' },
        { offerType: 'job', q: 'SoFa' },
        { offerType: 'job', q: 'dana' },
        { offerType: 'job', q: 'дмитрий' },
        { offerType: 'job', q: 'מתמטיקה' },
        { offerType: 'job', q: '%' },
        { offerType: 'job', q: '100%' },
        { offerType: 'job', q: 'fun_time' },
        { offerType: 'job', q: '\\' },
        { offerType: 'job', location: 'haifa herzl' },
        { offerType: 'job', location: 'HERZL' },
        { offerType: 'job', location: 'אביב דיזנגוף' },
        { offerType: 'job', location: 'eilat ' },
        { offerType: 'job', category: 'eventAndErrands' },
        { offerType: 'job', category: 'homeServices', q: 'sofa', location: 'haifa' },
        { offerType: 'service', q: 'sofa', location: 'haifa' },
      ];
      const seen: number[][] = [];
      for (const filter of filters) {
        // One watcher per alert: two of these differ only in case, which one user could not save twice.
        const watcher = await user();
        const [row] = await handle.db
          .insert(alerts)
          .values({
            userId: watcher.id,
            offerType: filter.offerType,
            q: filter.q ?? null,
            location: filter.location ?? null,
            ...alertKeysOf({ q: filter.q ?? null, location: filter.location ?? null }),
            category: filter.category ?? null,
            frequency: 'instant',
          })
          .returning({ id: alerts.id });
        const expected = (await searchListings(handle.db, { ...filter, sort: 'newest', page: 1, pageSize: 100 })).rows.map((r) => r.id);
        const actual: number[] = [];
        for (const listingId of ids) if ((await alertsMatching(handle.db, listingId)).includes(row!.id)) actual.push(listingId);
        assert.deepEqual(sorted(actual), sorted(expected), JSON.stringify(filter));
        seen.push(sorted(actual));
      }
      // The cases tell things apart (a test that matched everything or nothing would prove nothing).
      assert.deepEqual(seen[0], [ids[0]!, ids[1]!, ids[2]!, ids[3]!]);
      assert.deepEqual(seen[2], [ids[0]!]);
      // Punctuation separates words as a space does (searchKey): "fun_time" is "fun time", never a wildcard.
      assert.deepEqual(seen[7], seen[0], 'no letters, no words: % matches as no text does');
      assert.deepEqual(seen[8], [ids[2]!, ids[3]!]);
      assert.deepEqual(seen[9], [ids[2]!, ids[3]!], '"fun_time" is "fun time", in "fun time" and "fun_time" alike');
      assert.deepEqual(seen[4], [], 'the contact name is not searched');
      assert.deepEqual(seen[10], seen[0]);
      assert.deepEqual(seen[13], [ids[1]!]);
    });

    test('a published listing mails each instant alert it meets, once, in the owner’s language', async () => {
      const service = await start();
      const publisher = await user();
      const watcher = await user({ language: 'he' });
      const alert = (body: object) => createAlert(watcher.token, { ...body, frequency: 'instant' });
      const meets = [
        await alert({ offerType: 'job' }),
        await alert({ offerType: 'job', category: 'homeServices' }),
        await alert({ offerType: 'job', q: 'SOFA' }),
        await alert({ offerType: 'job', location: 'haifa' }),
        await alert({ offerType: 'job', location: 'herzl 5' }),
      ];
      await alert({ offerType: 'service' });
      await alert({ offerType: 'job', category: 'other' });
      await alert({ offerType: 'job', q: 'piano' });
      // The contact person's name is a person, not the task: never searched.
      await alert({ offerType: 'job', q: 'dana' });
      await alert({ offerType: 'job', location: 'eilat' });
      await createAlert(watcher.token, { offerType: 'job', q: 'moving', frequency: 'daily' });

      const listingId = await listing(publisher.id, {
        title: 'Help moving a sofa',
        contactPersonName: 'Dana Levi',
        city: 'Haifa',
        address: 'Herzl 5',
      });
      await becameVisible(service, listingId);
      assert.deepEqual(mailer.alertIds(), sorted(meets));
      for (const { message } of mailer.sent) {
        assert.equal(message.to, watcher.email);
        assert.match(message.subject, /Help moving a sofa/);
        assert.ok(message.html.includes(`${SITE}/he/job/${listingId}`));
        assert.ok(message.html.includes('dir="rtl"'));
        assert.equal(message.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
        assert.ok(!message.text.includes('0501234567'), 'never the poster’s phone');
      }
      const [unsent] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(alertMatches)
        .where(sql`${alertMatches.sentAt} is null`);
      assert.equal(Number(unsent?.n), 1, 'the daily alert’s match waits for the digest');
    });

    test('every place in an alert email is named in the reader’s language, whatever script the poster typed', async () => {
      const service = await start();
      const publisher = await user();
      const HAIFA = 294801;
      const expected = { en: 'Haifa', ar: 'حيفا', ru: 'Хайфа' } as const;
      const watchers = await Promise.all(
        (Object.keys(expected) as (keyof typeof expected)[]).map(async (language) => ({ language, ...(await user({ language })) })),
      );
      for (const watcher of watchers) await createAlert(watcher.token, { offerType: 'job', location: 'חיפה', frequency: 'instant' });
      const listingId = await listing(publisher.id, { title: 'Garden tidy', city: 'חיפה', placeId: HAIFA, address: 'הנביאים 5' });
      await becameVisible(service, listingId);
      assert.equal(mailer.sent.length, 3);
      for (const watcher of watchers) {
        const { message } = mailer.sent.find(({ message }) => message.to === watcher.email)!;
        assert.ok(message.text.includes(expected[watcher.language]), `${watcher.language}: ${message.text}`);
        assert.ok(!message.text.includes('חיפה') && !message.html.includes('חיפה'), `${watcher.language}: the city as typed is not shown`);
        // The street stays as its poster wrote it: only the place is a record with names.
        assert.ok(message.text.includes('הנביאים 5'));
      }
    });

    test('nothing for my own listing, a hidden one, a blocked publisher, a deleted alert or emails switched off', async () => {
      const service = await start({ retryDelaySeconds: 3600 });
      const publisher = await user();
      const watcher = await user();
      const quiet = await user({ emailNotifications: false });
      const control = await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      await createAlert(publisher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      await createAlert(quiet.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      const deleted = await createAlert(watcher.token, { offerType: 'job', q: 'piano', frequency: 'instant' });
      assert.equal((await call('DELETE', `/api/v1/me/alerts/${deleted}`, watcher.token)).statusCode, 204);

      await becameVisible(service, await listing(publisher.id, { title: 'Sofa, hidden', hiddenAt: new Date() }));
      await becameVisible(service, await listing(publisher.id, { title: 'Sofa, blocked', isPublisherBlocked: true }));
      await becameVisible(service, await listing(publisher.id, { title: 'Sofa, closed', status: 'close' }));
      await becameVisible(service, await listing(publisher.id, { title: 'Piano lessons' }));
      assert.deepEqual(mailer.alertIds(), []);
      // The control: the same alerts, a visible listing; only the watcher's (not the publisher's own, not the quiet one's).
      await becameVisible(service, await listing(publisher.id, { title: 'Sofa for free' }));
      assert.deepEqual(mailer.alertIds(), [control]);

      // Emails switched off after the match was recorded, before the send (its retry, here): still nothing.
      mailer.failures = 1;
      await service.listingBecameVisible(await listing(publisher.id, { title: 'Another sofa' }));
      await whileTheRetryWaits(() =>
        handle.db
          .update(users)
          .set({ settings: { ...DEFAULT_SETTINGS, emailNotifications: false } })
          .where(eq(users.id, watcher.id)),
      );
      await service.drain!();
      assert.equal(mailer.failures, 0);
      assert.deepEqual(mailer.alertIds(), [control]);

      // An alert deleted while its email waits for a retry: nothing either.
      const late = await createAlert(publisher.token, { offerType: 'job', q: 'piano', frequency: 'instant' });
      mailer.failures = 1;
      await service.listingBecameVisible(await listing(watcher.id, { title: 'Grand piano to move' }));
      await whileTheRetryWaits(async () =>
        assert.equal((await call('DELETE', `/api/v1/me/alerts/${late}`, publisher.token)).statusCode, 204),
      );
      await service.drain!();
      assert.equal(mailer.failures, 0);
      assert.deepEqual(mailer.alertIds(), [control]);
    });

    test('exactly once through close and reactivate, hide and restore, edits and repeated calls', async () => {
      const service = await start();
      const publisher = await user();
      const watcher = await user();
      const sofa = await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      const id = await listing(publisher.id);
      await becameVisible(service, id);
      assert.deepEqual(mailer.alertIds(), [sofa]);

      await handle.db.update(listings).set({ status: 'close' }).where(eq(listings.id, id));
      await handle.db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
      await becameVisible(service, id);
      await handle.db.update(listings).set({ hiddenAt: new Date() }).where(eq(listings.id, id));
      await handle.db.update(listings).set({ hiddenAt: null }).where(eq(listings.id, id));
      await becameVisible(service, id);
      // An edit that makes it meet a second alert does not notify (the routes do not call on an edit) ...
      const piano = await createAlert(watcher.token, { offerType: 'job', q: 'piano', frequency: 'instant' });
      await handle.db
        .update(listings)
        .set({
          title: 'Sofa and piano',
          ...searchColumnsOf({ title: 'Sofa and piano', description: '', contactPersonName: 'Dana', city: 'Haifa', address: '' }, {}),
        })
        .where(eq(listings.id, id));
      await service.drain!();
      assert.deepEqual(mailer.alertIds(), [sofa]);
      // ... and when it is reactivated later, only the alert it never told is told.
      await Promise.all([service.listingBecameVisible(id), service.listingBecameVisible(id), service.listingBecameVisible(id)]);
      await service.drain!();
      assert.deepEqual(
        mailer.alertIds(),
        [sofa, piano].sort((a, b) => a - b),
      );
    });

    test('a pending email survives a restart and a failed send is retried, each sent once', async () => {
      const publisher = await user();
      const watcher = await user();
      const alertId = await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      // This instance only queues: stopped with the job not yet worked.
      const producer = await start({ isWorker: false });
      const first = await listing(publisher.id);
      await producer.listingBecameVisible(first);
      await producer.stop();
      const queued = rowsOf<{ state: string }>(await handle.db.execute(sql`select state from pgboss.job where name = 'listing-visible'`));
      assert.deepEqual(
        queued.map((j) => j.state),
        ['created'],
      );
      assert.equal(mailer.sent.length, 0);

      const worker = await start();
      await worker.drain!();
      assert.deepEqual(mailer.alertIds(), [alertId]);

      // The SMTP server refuses once: the email job is retried with backoff, by whichever instance runs.
      mailer.failures = 1;
      await becameVisible(worker, await listing(publisher.id, { title: 'Another sofa' }));
      assert.deepEqual(mailer.alertIds(), [alertId, alertId]);
      assert.equal(mailer.failures, 0);
      await worker.stop();
      const again = await start();
      await again.listingBecameVisible(first);
      await again.drain!();
      assert.equal(mailer.sent.length, 2);
      const unsent = await handle.db
        .select()
        .from(alertMatches)
        .where(sql`${alertMatches.sentAt} is null or ${alertMatches.claimedUntil} is not null`);
      assert.deepEqual(unsent, []);
    });

    test('of two claims on the same match, one wins', async () => {
      const publisher = await user();
      const watcher = await user();
      const alertId = await createAlert(watcher.token, { offerType: 'job', frequency: 'instant' });
      const listingIds = [await listing(publisher.id), await listing(publisher.id)];
      await handle.db.insert(alertMatches).values(listingIds.map((listingId) => ({ alertId, listingId })));
      const claims = await Promise.all([
        claimMatches(handle.db, alertId, listingIds),
        claimMatches(handle.db, alertId, listingIds),
        claimMatches(handle.db, alertId, listingIds),
      ]);
      assert.deepEqual(sorted(claims.flat()), sorted(listingIds));
      assert.equal(claims.filter((c) => c.length > 0).length, 1);
    });

    test(
      'two instances on one PostgreSQL send each email once',
      { skip: database.name !== 'PostgreSQL' && 'PostgreSQL only (DATABASE_URL)' },
      async () => {
        const [one, two] = [await start(), await start()];
        const publisher = await user();
        const watcher = await user();
        const instant = await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
        const daily = await createAlert(watcher.token, { offerType: 'job', location: 'haifa', frequency: 'daily' });
        const ids = [await listing(publisher.id), await listing(publisher.id, { title: 'Sofa again' })];
        await Promise.all(ids.flatMap((id) => [one.listingBecameVisible(id), two.listingBecameVisible(id), two.listingBecameVisible(id)]));
        await one.drain!();
        assert.deepEqual(mailer.alertIds(), [instant, instant]);
        await Promise.all([one.runDigest(), two.runDigest(), one.runDigest()]);
        await two.drain!();
        assert.deepEqual(mailer.alertIds(), [instant, instant, daily]);
      },
    );

    test('the daily digest mails each daily alert its unsent matches once a day', async () => {
      const service = await start();
      const publisher = await user();
      const watcher = await user({ language: 'en' });
      const daily = await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'daily' });
      const [schedule] = rowsOf<{ cron: string; timezone: string }>(
        await handle.db.execute(sql`select cron, timezone from pgboss.schedule where name = 'alert-digest'`),
      );
      assert.deepEqual({ ...schedule }, { cron: `0 ${ALERT_LIMITS.digestHour} * * *`, timezone: 'Asia/Jerusalem' });

      const before = new Date(Date.now() - 60_000);
      await becameVisible(service, await listing(publisher.id, { title: 'Sofa one' }));
      await becameVisible(service, await listing(publisher.id, { title: 'Sofa two' }));
      assert.equal(mailer.sent.length, 0, 'a daily alert waits for the digest');
      await service.runDigest(before);
      await service.drain!();
      assert.equal(mailer.sent.length, 0, 'matches recorded after the digest’s time wait for the next one');

      await service.runDigest(new Date());
      await service.drain!();
      assert.deepEqual(mailer.alertIds(), [daily]);
      const digest = mailer.sent[0]!.message;
      assert.match(digest.subject, /^2 new jobs/);
      assert.ok(digest.text.includes('Sofa one') && digest.text.includes('Sofa two'));

      await service.runDigest(new Date());
      await service.drain!();
      assert.equal(mailer.sent.length, 1, 'the same day twice: once');
      // Not even queued twice: the second send of the day's job id is refused by pg-boss.
      const emailJobs = rowsOf<{ n: number }>(
        await handle.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'alert-email'`),
      );
      assert.equal(Number(emailJobs[0]?.n), 1);

      await becameVisible(service, await listing(publisher.id, { title: 'Sofa three' }));
      await service.runDigest(new Date(Date.now() + 24 * 3600_000));
      await service.drain!();
      assert.deepEqual(mailer.alertIds(), [daily, daily]);
      const next = mailer.sent[1]!.message;
      assert.match(next.subject, /^1 new job/);
      assert.ok(next.text.includes('Sofa three') && !next.text.includes('Sofa one'));
    });

    test('unsubscribe: the email’s link deletes the alert, one-click or not; a bad token is refused', async () => {
      const service = await start();
      const publisher = await user();
      const watcher = await user();
      const alertId = await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      const kept = await createAlert(watcher.token, { offerType: 'job', q: 'piano', frequency: 'instant' });
      await becameVisible(service, await listing(publisher.id));
      assert.deepEqual(mailer.alertIds(), [alertId]);
      const link = /^<(.+)>$/.exec(mailer.sent[0]!.message.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
      assert.ok(link.startsWith(`${SITE}/api/v1/alerts/unsubscribe?token=`), link);
      const url = link.slice(SITE.length);

      // RFC 8058: what a mail provider sends.
      const oneClick = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(oneClick.statusCode, 200, oneClick.body);
      assert.deepEqual(oneClick.json(), { unsubscribed: true });
      assert.deepEqual(
        (await call('GET', '/api/v1/me/alerts', watcher.token)).json().alerts.map((a: { id: number }) => a.id),
        [kept],
      );
      // Again (a second click), from the page with an empty JSON body or none: still fine.
      for (const request of [{ headers: { 'content-type': 'application/json' }, payload: '' }, { payload: {} }, {}]) {
        const answer = await app.inject({ method: 'POST', url, ...request });
        assert.equal(answer.statusCode, 200, answer.body);
      }

      const keptToken = tokens.sign(kept);
      const forged = `u1.${kept}.${url.split('.').pop()}`;
      for (const token of ['', 'nonsense', forged, `${keptToken}x`, keptToken.toUpperCase()]) {
        const answer = await app.inject({ method: 'POST', url: `/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}` });
        assert.equal(answer.statusCode, 400, token);
        assert.equal(answer.json().messageKey, 'unsubscribeInvalid');
      }
      assert.equal((await app.inject({ method: 'POST', url: '/api/v1/alerts/unsubscribe' })).json().messageKey, 'unsubscribeInvalid');
      assert.equal(await alertCount(), 1);

      // Nothing more for the alert that is gone.
      await becameVisible(service, await listing(publisher.id, { title: 'Another sofa' }));
      assert.equal(mailer.sent.length, 1);
    });

    // How long delivery takes is `npm run bench` (bench-alerts.ts), not a test: timings on a shared machine vary.
    test('publishing only queues; workers that poll once an hour are woken by NOTIFY', async () => {
      const publisher = await user();
      const watcher = await user();
      await createAlert(watcher.token, { offerType: 'job', q: 'sofa', frequency: 'instant' });
      // A web-only instance: what the request itself does is one queued job, no matching and no mail.
      const web = await start({ isWorker: false });
      await web.listingBecameVisible(await listing(publisher.id, { title: 'Sofa 0' }));
      assert.equal(await jobCount('listing-visible', 'created'), 1);
      const [matches] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(alertMatches);
      assert.equal(Number(matches?.n), 0, 'nothing matched while the request waited');
      assert.equal(mailer.sent.length, 0);

      // The first job is found by the workers' first look; after that, with an hour between polls, a job
      // (the listing's, then its email's) reaches them within the wait only if its NOTIFY wakes them.
      await start({ pollSeconds: 3600 });
      await until(() => mailer.sent.length === 1, 'the first email');
      for (let i = 1; i <= 3; i += 1) {
        await web.listingBecameVisible(await listing(publisher.id, { title: `Sofa ${i}` }));
        await until(() => mailer.sent.length === i + 1, `email ${i + 1}, without a poll`);
      }
    });
  });
}
