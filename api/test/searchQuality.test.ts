// The judged set the search is measured on (api/test/search-judgements/README.md) holds together, and its
// figures are computed as that README says. The set was committed before the search was tuned; a later edit
// that breaks it (a grade for a listing that is gone, a query left without a relevant listing, one half losing
// a language) fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES, LANGUAGE_CODES } from '@tasko/shared/domain';
import { ndcgAt10, qualityOf, readJudgedSet, recallAt10 } from './searchQuality.js';

const KINDS = ['plain', 'morphology', 'cross-language', 'typo', 'transliteration', 'place', 'synonym'];
const set = readJudgedSet();
const { listings, queries, judgements } = set;
const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

describe('the judged search set', () => {
  it('has at least 400 listings, about a quarter in each language, each a complete listing of a known category', () => {
    assert.ok(listings.length >= 400, `${listings.length} listings`);
    assert.equal(new Set(listings.map((listing) => listing.id)).size, listings.length, 'listing ids are unique');
    const perLanguage = countBy(listings, (listing) => listing.language);
    for (const language of LANGUAGE_CODES)
      assert.ok((perLanguage[language] ?? 0) >= 90, `${language}: ${perLanguage[language] ?? 0} listings`);
    for (const listing of listings) {
      assert.ok((CATEGORIES as readonly string[]).includes(listing.category), `${listing.id}: category ${listing.category}`);
      assert.ok(['job', 'service'].includes(listing.offerType), `${listing.id}: offer type ${listing.offerType}`);
      assert.ok(
        listing.jobTitle.trim() && listing.description.trim() && listing.city.trim() && listing.task.trim(),
        `${listing.id} is complete`,
      );
    }
  });

  it('has at least 200 queries, 50 in each language, of every kind, a fifth across languages, in two balanced halves', () => {
    assert.ok(queries.length >= 200, `${queries.length} queries`);
    assert.equal(new Set(queries.map((query) => query.id)).size, queries.length, 'query ids are unique');
    const perLanguage = countBy(queries, (query) => query.language);
    for (const language of LANGUAGE_CODES)
      assert.ok((perLanguage[language] ?? 0) >= 50, `${language}: ${perLanguage[language] ?? 0} queries`);
    const perKind = countBy(queries, (query) => query.kind);
    assert.deepEqual(Object.keys(perKind).sort(), [...KINDS].sort());
    assert.ok((perKind['cross-language'] ?? 0) * 5 >= queries.length, 'a fifth of the queries cross languages');
    for (const language of LANGUAGE_CODES) {
      const halves = countBy(
        queries.filter((query) => query.language === language),
        (query) => query.half,
      );
      assert.deepEqual(Object.keys(halves).sort(), ['held-out', 'tune'], `${language} has both halves`);
      assert.ok(Math.abs((halves.tune ?? 0) - (halves['held-out'] ?? 0)) <= KINDS.length, `${language}: ${JSON.stringify(halves)}`);
    }
  });

  it('grades 1 to 3 only listings that exist, and gives every query at least one listing it means (grade 2 or 3)', () => {
    const listingIds = new Set(listings.map((listing) => listing.id));
    assert.deepEqual(Object.keys(judgements).sort(), queries.map((query) => query.id).sort(), 'every query judged, no other');
    for (const [queryId, grades] of Object.entries(judgements)) {
      for (const [listingId, grade] of Object.entries(grades)) {
        assert.ok(listingIds.has(listingId), `${queryId} grades ${listingId}, which is not a listing`);
        assert.ok([1, 2, 3].includes(grade), `${queryId} → ${listingId}: grade ${grade}`);
      }
      assert.ok(
        Object.values(grades).some((grade) => grade >= 2),
        `${queryId} has no listing graded 2 or 3`,
      );
    }
  });
});

describe('the figures of the judged set', () => {
  const grades = { a: 3, b: 2, c: 1 };

  it('gives nDCG@10 1 for the ideal order, less for another, 0 for nothing relevant, and nothing for what follows the 10th', () => {
    assert.equal(ndcgAt10(['a', 'b', 'c'], grades), 1);
    // (2 + 3 / log2 3 + 1 / 2) / (3 + 2 / log2 3 + 1 / 2)
    assert.equal(ndcgAt10(['b', 'a', 'c'], grades).toFixed(4), '0.9225');
    assert.equal(ndcgAt10(['x', 'y'], grades), 0);
    assert.equal(ndcgAt10([...'0123456789'.split(''), 'a'], grades), 0);
  });

  it('counts recall@10 of the listings graded 2 or 3, out of at most 10', () => {
    assert.equal(recallAt10(['a', 'c'], grades), 0.5);
    assert.equal(recallAt10(['b', 'a'], grades), 1);
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`r${n}`, 2]));
    assert.equal(
      recallAt10(
        Array.from({ length: 10 }, (_, n) => `r${n}`),
        many,
      ),
      1,
      'ten of twenty relevant fill the first ten',
    );
  });

  it('averages per query and counts the queries with no relevant listing in their first 10', () => {
    const twoQueries = {
      listings: [],
      queries: [
        { id: 'q1', language: 'en', text: '', kind: 'plain', intent: '', half: 'tune' as const },
        { id: 'q2', language: 'en', text: '', kind: 'plain', intent: '', half: 'tune' as const },
      ],
      judgements: { q1: grades, q2: grades },
    };
    const quality = qualityOf(twoQueries, twoQueries.queries, new Map([['q1', ['a', 'b', 'c']]]));
    assert.deepEqual(quality, { queries: 2, ndcg: 0.5, recall: 0.5, noneRelevant: 0.5 });
  });
});
