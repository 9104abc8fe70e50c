// The search that reads words in four languages (docs/search.md), through the API on both databases: other
// forms of a word, a task asked in another language, typos, Latin letters, the description, relevance and its
// cursor, and a saved search in one language matching a listing in another.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { alerts, users } from '../src/db/schema.js';
import { alertsMatching } from '../src/plugins/alerts/alerts.queries.js';
import { alertKeysOf } from '../src/plugins/jobs/listingKeys.js';
import { multipartBody, validPostFields } from './multipart.js';
import { freshClientAddress, signIn, testDatabases, useServerOn } from './testServer.js';

interface Found {
  job_id: number;
  jobTitle: string;
}

interface Answer {
  jobs: Found[];
  total: number;
  didYouMean?: string;
  nextCursor?: string;
  previousCursor?: string;
}

const NEUTRAL = 'Details when we talk.';

/** Oldest first: a later listing is newer, which breaks ties of relevance. */
const POSTS: [string, Record<string, string>][] = [
  [
    'stuffed',
    { jobTitle: 'cleaning cleaning cleaning cleaning cleaning', description: 'cleaning cleaning cleaning cleaning', language: 'en' },
  ],
  ['moving-he', { jobTitle: 'עזרה בהובלת דירה בחיפה', description: 'צריך שני סבלים לקומה שלישית, יש מעלית.', language: 'he' }],
  ['cleaning-ru', { jobTitle: 'Уборка квартиры', description: 'Генеральная уборка, три комнаты.', language: 'ru' }],
  ['cleaning-he', { jobTitle: 'ניקיון דירה', description: 'שלושה חדרים, פעם בשבוע.', language: 'he' }],
  ['cleaning-ar', { jobTitle: 'تنظيف شقة', description: 'شقة من ثلاث غرف.', language: 'ar' }],
  ['sofa-body', { jobTitle: 'Help on Friday', description: 'Carry a sofa up two floors.', language: 'en' }],
  ['cleaning-en', { jobTitle: 'Cleaning', description: NEUTRAL, language: 'en' }],
  ['sofa-title', { jobTitle: 'Sofa to the third floor', description: NEUTRAL, language: 'en' }],
  ['scattered', { jobTitle: 'moving painting plumbing electric garden', description: 'Also a sofa.', language: 'en' }],
  ['dog', { jobTitle: 'Dog walking in the evening', description: 'A friendly labrador.', contactPersonName: 'Yossi Levi', language: 'en' }],
];

for (const database of testDatabases()) {
  describe(`search in four languages on ${database.name}`, () => {
    const ids = new Map<string, number>();
    const nameOf = new Map<number, string>();
    const suite = useServerOn(database, { WRITE_RATE_LIMIT: '1000', SEARCH_CACHE_MS: '0' }, async () => {
      const token = await signIn(suite.server.app, 'poster@example.com', 'Poster');
      for (const [key, fields] of POSTS) {
        const body = multipartBody(validPostFields(fields));
        const res = await suite.server.app.inject({
          method: 'POST',
          url: '/api/v1/jobs',
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${token}` },
          remoteAddress: freshClientAddress(),
        });
        assert.equal(res.statusCode, 201, `${key}: ${res.body}`);
        ids.set(key, res.json().job_id);
        nameOf.set(res.json().job_id, key);
      }
    });
    const search = async (query: string): Promise<Answer> => {
      const res = await suite.server.app.inject(`/api/v1/jobs?${query.includes('pageSize=') ? '' : 'pageSize=50&'}${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    /** The listings found for the words, in the answer's order, by their keys above. */
    const found = async (words: string, more = '') =>
      (await search(`q=${encodeURIComponent(words)}${more}`)).jobs.map((j) => nameOf.get(j.job_id));

    it('finds a word in its other forms: Hebrew prefixes and endings, Russian and English endings', async () => {
      // The scattered title speaks of moving too, and comes after.
      for (const words of ['הובלה', 'ההובלות', 'בהובלת']) assert.deepEqual(await found(words), ['moving-he', 'scattered'], words);
      assert.ok((await found('уборку')).includes('cleaning-ru'));
      assert.deepEqual((await found('walks')).slice(0, 1), ['dog']);
    });

    it('finds a task asked in one language among listings written in the others', async () => {
      const cleaningFlats = ['cleaning-ru', 'cleaning-he', 'cleaning-ar'];
      for (const words of ['уборка квартиры', 'ניקיון דירה', 'تنظيف شقة', 'apartment cleaning']) {
        const answer = await found(words);
        for (const key of cleaningFlats) assert.ok(answer.includes(key), `${words} finds ${key}: ${answer.join(', ')}`);
        assert.ok(!answer.includes('moving-he') && !answer.includes('dog'), `${words}: ${answer.join(', ')}`);
      }
      assert.ok((await found('переезд')).includes('moving-he'), 'a move in Russian finds the Hebrew one');
    });

    it('finds words with a wrong letter, and Hebrew and Russian words typed in Latin letters', async () => {
      assert.ok((await found('clening')).includes('cleaning-en'));
      assert.ok((await found('ניקיוון')).includes('cleaning-he'));
      assert.ok((await found('uborka')).includes('cleaning-ru'));
      assert.ok((await found('nikayon')).includes('cleaning-he'));
    });

    it('reads the description, ranks the title above it, and no longer reads the contact name', async () => {
      // The scattered title holds "sofa" only in its description, and loses what a scattered title loses: under 0.
      assert.deepEqual(await found('sofa'), ['sofa-title', 'sofa-body', 'scattered']);
      const paged: (string | undefined)[] = [];
      for (let cursor = '', page = 0; page < 4; page += 1) {
        const answer = await search(`q=sofa&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...answer.jobs.map((j) => nameOf.get(j.job_id)));
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      assert.deepEqual(paged, ['sofa-title', 'sofa-body', 'scattered'], 'a cursor past a score under 0');
      assert.deepEqual(await found('labrador'), ['dog']);
      assert.deepEqual(await found('Yossi'), []);
    });

    it('gives nothing for repeating a word: equal matches come newest first', async () => {
      const order = await found('cleaning');
      assert.ok(order.indexOf('cleaning-en') < order.indexOf('stuffed'), order.join(', '));
    });

    it('orders words by relevance by default, pages it by cursor, and keeps an order asked for', async () => {
      const all = (await search(`q=cleaning`)).jobs.map((j) => j.job_id);
      assert.ok(all.length >= 4);
      const paged: number[] = [];
      let cursor = '';
      for (let page = 0; page < all.length + 1; page += 1) {
        const answer = await search(`q=cleaning&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...answer.jobs.map((j) => j.job_id));
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      assert.deepEqual(paged, all, 'the cursor walks the same order as one page');
      const back = await search(
        `q=cleaning&pageSize=1&cursor=${(await search(`q=cleaning&pageSize=1&cursor=${cursor}`)).previousCursor ?? ''}`,
      );
      assert.ok(back.jobs.length === 1);
      // A page that asks for newest first (as pages released before relevance do) gets it.
      const newest = (await search('q=cleaning&sort=newest')).jobs.map((j) => j.job_id);
      assert.deepEqual(
        newest,
        [...all].sort((a, b) => b - a),
      );
      assert.equal((await search('sort=relevance')).total, POSTS.length, 'relevance without words is newest first');
    });

    it('proposes a spelling that finds something when the words find nothing, and none when they find something', async () => {
      const missed = await search(`q=${encodeURIComponent('sofe')}`);
      assert.equal(missed.total, 0);
      assert.equal(missed.didYouMean, 'sofa');
      assert.equal((await search('q=sofa')).didYouMean, undefined);
      assert.equal((await search(`q=${encodeURIComponent('qwzx')}`)).didYouMean, undefined, 'nothing close: nothing proposed');
    });

    it('suggests tasks as the reader types, in their language with the category, only where listings are', async () => {
      const suggest = async (query: string) => {
        const res = await suite.server.app.inject(`/api/v1/search/suggestions?${query}`);
        assert.equal(res.statusCode, 200, res.body);
        return res.json<{ suggestions: { text: string; category: string }[] }>().suggestions;
      };
      const typedInRussian = await suggest(`q=${encodeURIComponent('убор')}&language=he&offerType=job`);
      assert.ok(
        typedInRussian.some((s) => s.category === 'homeServices' && /ניקיון/.test(s.text)),
        JSON.stringify(typedInRussian),
      );
      assert.ok(typedInRussian.length <= 8);
      assert.deepEqual(await suggest(`q=${encodeURIComponent('убор')}&language=he&offerType=service`), [], 'no service speaks of it');
      assert.deepEqual(await suggest('q=u&language=en'), [], 'one letter suggests nothing');
      assert.equal((await suite.server.app.inject('/api/v1/search/suggestions?q=&language=en')).statusCode, 400);
    });

    it('matches a saved search in one language with a listing in another, by the same rules as the search', async () => {
      // Another member watches: an alert never matches its owner's own listing.
      await signIn(suite.server.app, 'watcher@example.com', 'Watcher');
      const [watcher] = await suite.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'watcher@example.com'));
      const userId = watcher!.id;
      const [alert] = await suite.handle.db
        .insert(alerts)
        .values({
          userId,
          offerType: 'job',
          q: 'уборка квартиры',
          location: null,
          ...alertKeysOf({ q: 'уборка квартиры', location: null }),
          frequency: 'instant',
        })
        .returning({ id: alerts.id });
      for (const key of ['cleaning-he', 'cleaning-ar', 'cleaning-ru'])
        assert.deepEqual(await alertsMatching(suite.handle.db, ids.get(key)!), [alert!.id], key);
      for (const key of ['moving-he', 'dog', 'sofa-title']) assert.deepEqual(await alertsMatching(suite.handle.db, ids.get(key)!), [], key);
      await suite.handle.db.delete(alerts).where(eq(alerts.id, alert!.id));
    });
  });
}
