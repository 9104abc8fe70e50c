// The search's figures on the judged set (search-judgements/) never fall under their floors (floors.json), and
// PostgreSQL and the embedded PGlite rank the set alike: the terms are worked out in TypeScript and stored, so
// both databases compare the same arrays. `npm run bench` prints the same figures through the real server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { DatabaseHandle } from '../src/db/client.js';
import { listings, users } from '../src/db/schema.js';
import { searchColumnsOf } from '../src/plugins/jobs/listingKeys.js';
import { searchListings } from '../src/search/listingSearch.js';
import { qualityRows, readJudgedSet, type Quality } from './searchQuality.js';
import { emptyDatabase, testDatabases } from './testServer.js';

const set = readJudgedSet();
const floors = JSON.parse(fs.readFileSync(new URL('./search-judgements/floors.json', import.meta.url), 'utf8')) as {
  rows: Record<string, { ndcg: number; recall: number; noneRelevant: number }>;
};

/** Each query's first 10 judged listing ids, the search's default order for words, both offer types. */
async function rankingsOn(handle: DatabaseHandle): Promise<Map<string, string[]>> {
  await emptyDatabase(handle);
  const [poster] = await handle.db.insert(users).values({ email: 'poster@judged.test', name: 'Poster' }).returning({ id: users.id });
  const judgedIdOf = new Map<number, string>();
  for (const listing of set.listings) {
    const text = {
      title: listing.jobTitle,
      description: listing.description,
      contactPersonName: 'Poster',
      city: listing.city,
      address: '',
    };
    const [row] = await handle.db
      .insert(listings)
      .values({
        publisherId: poster!.id,
        offerType: listing.offerType,
        category: listing.category as typeof listings.$inferInsert.category,
        paymentType: listing.paymentType,
        amount: listing.amount,
        phone: '0501234567',
        ...text,
        ...searchColumnsOf(text, {}),
      })
      .returning({ id: listings.id });
    judgedIdOf.set(row!.id, listing.id);
  }
  const rankings = new Map<string, string[]>();
  for (const query of set.queries) {
    const { rows } = await searchListings(handle.db, { q: query.text, page: 1, pageSize: 10 });
    rankings.set(
      query.id,
      rows.map((row) => judgedIdOf.get(row.id) ?? `other-${row.id}`),
    );
  }
  return rankings;
}

const figures = (quality: Quality) =>
  `nDCG@10 ${quality.ndcg.toFixed(3)}, recall@10 ${quality.recall.toFixed(3)}, nothing relevant ${(quality.noneRelevant * 100).toFixed(0)} %`;

describe('the search on the judged set', () => {
  const handles: { name: string; handle: DatabaseHandle }[] = [];
  const rankings: Map<string, string[]>[] = [];

  before(async () => {
    for (const database of testDatabases()) {
      const handle = await database.open();
      handles.push({ name: database.name, handle });
      rankings.push(await rankingsOn(handle));
    }
  });
  after(async () => {
    for (const { handle } of handles) {
      await emptyDatabase(handle);
      await handle.close();
    }
  });

  it('keeps every figure over its floor, over the set, each half, each language and each kind of query', () => {
    const rows = qualityRows(set, rankings[0]!);
    for (const { row, quality } of rows) {
      const floor = floors.rows[row];
      assert.ok(floor, `floors.json has no floor for "${row}"`);
      const seen = `${row}: ${figures(quality)}`;
      assert.ok(quality.ndcg >= floor.ndcg, `${seen}; nDCG@10 floor ${floor.ndcg}`);
      assert.ok(quality.recall >= floor.recall, `${seen}; recall@10 floor ${floor.recall}`);
      assert.ok(quality.noneRelevant <= floor.noneRelevant, `${seen}; at most ${floor.noneRelevant * 100} % with nothing relevant`);
    }
  });

  it('ranks the set alike on PostgreSQL and PGlite', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, () => {
    assert.deepEqual(Object.fromEntries(rankings[1]!), Object.fromEntries(rankings[0]!));
  });
});
