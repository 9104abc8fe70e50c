// Every public search shape, run on 100,000 listings and explained by PostgreSQL itself: no scan of the
// search may read more rows than the count cap plus one page (a scan that stops at its limit is fine;
// fetching every match of a broad search is not). On PGlite (PostgreSQL 18) and, with DATABASE_URL, on the
// local server (PostgreSQL 15): their planners differ.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { LIMITS } from '@tasko/shared/domain';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db/client.js';
import { searchListings, type SearchParams } from '../src/search/listingSearch.js';
import { decodeCursor } from '../src/plugins/jobs/searchCursor.js';
import { generateListings } from '../../scripts/benchListings.js';
import { placeIdOf, SEARCH_SHAPES } from '../../scripts/searchShapes.js';
import { queryRecorder, scansOf } from './queryPlans.js';
import { emptyDatabase } from './testServer.js';

const LISTINGS = 100_000;
const PAGE_SIZE = LIMITS.defaultPageSize;
const MOST_ROWS_A_SCAN_MAY_READ = LIMITS.searchCountCap + PAGE_SIZE + 1;

const databases = [
  { name: 'PGlite', url: undefined },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.DATABASE_URL }] : []),
];

for (const database of databases) {
  describe(`search plans on ${LISTINGS.toLocaleString('en')} listings, ${database.name}`, () => {
    const recorder = queryRecorder();
    let handle: DatabaseHandle;

    before(async () => {
      handle = await openDatabase({ databaseUrl: database.url, pgliteDir: 'memory', logger: recorder });
      await emptyDatabase(handle);
      await generateListings(handle.db, LISTINGS);
    });
    after(async () => {
      await emptyDatabase(handle);
      await handle.close();
    });

    /** Runs the search, then explains each query it sent and lists each scan's rows read. */
    async function explainedSearch(params: SearchParams) {
      recorder.take();
      const answer = await searchListings(handle.db, params);
      const queries = recorder.take();
      const scans = [];
      for (const query of queries) scans.push(...(await scansOf(handle.db, query)).scans);
      recorder.take();
      return { answer, scans };
    }

    for (const shape of SEARCH_SHAPES) {
      test(`${shape.name}: every scan stops within the count cap plus one page`, async () => {
        const { params } = shape;
        // The shape's order, else the route's default: most relevant first for words, newest first without.
        const { answer, scans } = await explainedSearch({ ...params, page: params.page ?? 1, pageSize: PAGE_SIZE });
        assert.ok(scans.length > 0, 'the search read the table');
        const mostRows = shape.mostRowsRead ?? MOST_ROWS_A_SCAN_MAY_READ;
        for (const scan of scans) {
          assert.ok(scan.rows <= mostRows, `${scan.node} read ${scan.rows} rows (at most ${mostRows})`);
          assert.ok(!scan.node.startsWith('Seq Scan'), `${scan.node}: a whole-table scan`);
        }
        if (shape.name !== 'word, no match') assert.equal(answer.rows.length, PAGE_SIZE);
      });
    }

    test('a cursor seeks: 400 pages deep, the scan still reads one page', async () => {
      // The 4,800th newest job: where page 401 starts.
      const [row] = rowsOf<{ id: number; value: string }>(
        await handle.db.execute(sql`
        select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as value from listings
        where status = 'active' and hidden_at is null and is_publisher_blocked = false and offer_type = 'job'
        order by created_at desc, id desc offset 4799 limit 1`),
      );
      const cursor = { sort: 'newest' as const, direction: 'after' as const, value: row!.value, id: Number(row!.id) };
      const { answer, scans } = await explainedSearch({ offerType: 'job', sort: 'newest', page: 401, pageSize: PAGE_SIZE, cursor });
      assert.equal(answer.rows.length, PAGE_SIZE);
      const pageScan = scans.find((scan) => scan.node.includes('listings_public_newest'));
      assert.ok(pageScan && pageScan.rows <= PAGE_SIZE + 1, `the page's scan read ${pageScan?.rows} rows`);
    });

    test('the kept counts follow every change: publish, close, hide, block, delete, truncate', async () => {
      const kept = async () =>
        rowsOf<{ key: string; n: number }>(
          await handle.db.execute(sql`
        select offer_type || '/' || category as key, count::int as n from public_listing_counts where count <> 0 order by 1`),
        );
      const actual = async () =>
        rowsOf<{ key: string; n: number }>(
          await handle.db.execute(sql`
        select offer_type || '/' || category as key, count(*)::int as n from listings
        where status = 'active' and hidden_at is null and is_publisher_blocked = false group by 1 order by 1`),
        );
      assert.deepEqual(await kept(), await actual(), 'after the bulk load');
      await handle.db.execute(sql`update listings set status = 'close' where id % 97 = 0`);
      await handle.db.execute(sql`update listings set hidden_at = now() where id % 89 = 0`);
      await handle.db.execute(sql`update listings set is_publisher_blocked = true where publisher_id % 50 = 0`);
      await handle.db.execute(sql`update listings set category = 'other', offer_type = 'service' where id % 83 = 0`);
      await handle.db.execute(sql`update listings set status = 'active' where id % 194 = 0`);
      await handle.db.execute(sql`delete from listings where id % 79 = 0`);
      assert.deepEqual(await kept(), await actual(), 'after closing, hiding, blocking, moving and deleting');
      const answer = await searchListings(handle.db, {
        offerType: 'service',
        category: 'other',
        sort: 'newest',
        page: 1,
        pageSize: PAGE_SIZE,
      });
      assert.equal(answer.totalIsCapped, true);
      assert.equal(answer.total, LIMITS.searchCountCap);
    });

    test('most relevant first: a deep page by offset is the page the cursor of the one before leads to', async () => {
      for (const q of ['ספה', 'כלב']) {
        const base = { offerType: 'job' as const, sort: 'relevance' as const, pageSize: PAGE_SIZE, q };
        const before = await searchListings(handle.db, { ...base, page: 70 });
        const byOffset = await searchListings(handle.db, { ...base, page: 71 });
        const byCursor = await searchListings(handle.db, { ...base, page: 71, cursor: decodeCursor(before.nextCursor, 'relevance') });
        assert.equal(byOffset.rows.length, PAGE_SIZE, `${q}: page 71 is full`);
        assert.deepEqual(
          byOffset.rows.map((r) => r.id),
          byCursor.rows.map((r) => r.id),
          q,
        );
      }
    });

    test('Next then Previous come back to the same page, in every sort', async () => {
      // Most relevant first: page 2 by offset starts from the best-score walk, by cursor from the ranked candidates.
      for (const sort of ['newest', 'salary-high', 'salary-low', 'nearest', 'relevance'] as const) {
        // Relevance is an order of words only (without them the search is newest first, and so is its cursor).
        for (const words of sort === 'relevance' ? [{ q: 'ספה' }, { q: 'כלב' }] : [{}, { q: 'ספה' }, { q: 'כלב' }]) {
          // Nearest first around Haifa: many matches, walked a place at a time.
          const place = sort === 'nearest' ? { placeId: placeIdOf('Haifa') } : {};
          const base = { offerType: 'job' as const, sort, pageSize: PAGE_SIZE, ...words, ...place };
          const first = await searchListings(handle.db, { ...base, page: 1 });
          const second = await searchListings(handle.db, { ...base, page: 2, cursor: decodeCursor(first.nextCursor, sort) });
          const byOffset = await searchListings(handle.db, { ...base, page: 2 });
          assert.deepEqual(
            second.rows.map((r) => r.id),
            byOffset.rows.map((r) => r.id),
            `${sort} ${JSON.stringify(words)}: page 2 by cursor is page 2`,
          );
          const back = await searchListings(handle.db, { ...base, page: 1, cursor: decodeCursor(second.previousCursor, sort) });
          assert.deepEqual(
            back.rows.map((r) => r.id),
            first.rows.map((r) => r.id),
            `${sort} ${JSON.stringify(words)}: Previous comes back`,
          );
          assert.equal(back.previousCursor, undefined, 'nothing before the first page');
        }
      }
    });
  });
}
