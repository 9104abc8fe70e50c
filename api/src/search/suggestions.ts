// What the search box offers while the reader types, and what an empty answer proposes instead
// (docs/search.md#suggestions): tasks of the vocabulary, named in the reader's language with their category.
import { and, eq, sql } from 'drizzle-orm';
import { searchKey, type Category, type Language, type OfferType } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../db/client.js';
import { listings, publicSearchable } from '../db/schema.js';
import { stemsOf, wordsOf } from './analyse.js';
import { contentWordsOf } from './concepts.js';
import { textArray } from './ranking.js';
import { readQuery, searchKnowledge } from './terms.js';

export interface SearchSuggestion {
  /** The task as the reader would type it, in their language: what the box fills in and searches. */
  text: string;
  category: Category;
}

/** At most this many suggestions. */
export const MOST_SUGGESTIONS = 8;

/** A typed text shorter than this suggests nothing: one letter starts a thousand words. */
const SHORTEST_TYPED = 2;

/**
 * Tasks whose words (in any of the four languages) start with what was typed, or whose words' readings hold
 * its last word's: named by their first word in `language`, those named in it first, then the shorter. Only
 * tasks with a public listing of `offerType` now: a suggestion never leads to an empty page.
 */
export async function suggestTasks(db: Database, q: string, language: Language, offerType: OfferType): Promise<SearchSuggestion[]> {
  const typed = searchKey(q);
  if (typed.length < SHORTEST_TYPED) return [];
  const { concepts } = searchKnowledge();
  const candidates: { id: string; text: string; category: Category; rank: number }[] = [];
  for (const concept of concepts.concepts) {
    const [name] = concept.words[language];
    if (!name) continue;
    let rank = Number.POSITIVE_INFINITY;
    for (const [written, words] of Object.entries(concept.words))
      for (const word of words) {
        const key = searchKey(word);
        if (key.startsWith(typed) || key.includes(` ${typed}`)) rank = Math.min(rank, (written === language ? 0 : 1000) + key.length);
      }
    if (rank !== Number.POSITIVE_INFINITY) candidates.push({ id: concept.id, text: name, category: concept.category, rank });
  }
  candidates.sort((a, b) => a.rank - b.rank || a.text.localeCompare(b.text, language));
  const offered = candidates.slice(0, MOST_SUGGESTIONS * 3);
  const withListings = await conceptsWithListings(
    db,
    offered.map((candidate) => candidate.id),
    offerType,
  );
  const seen = new Set<string>();
  return offered
    .filter((candidate) => withListings.has(candidate.id) && !seen.has(candidate.text) && seen.add(candidate.text))
    .slice(0, MOST_SUGGESTIONS)
    .map(({ text, category }) => ({ text, category }));
}

/** Of these concepts, those a public listing of the offer type speaks of, in its title or its description. */
async function conceptsWithListings(db: Database, ids: string[], offerType: OfferType): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // One index probe per concept (the GIN index of the offer type's public listings), stopping at the first listing.
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select c.id from unnest(${textArray(ids)}::text[]) as c(id)
      where exists (
        select 1 from ${listings}
        where ${and(publicSearchable(listings), eq(listings.offerType, offerType))}
          and ${listings.searchTerms} && array['T:' || c.id, 'U:' || c.id, 'B:' || c.id, 'V:' || c.id]
      )`),
  );
  return new Set(rows.map((row) => row.id));
}

/** Words of this many letters or more are corrected for "did you mean", one or two letters off. */
const SHORTEST_SUGGESTED = 4;

/** Respellings of the words tried, at most: the closest words of the vocabulary, then the next closest. */
const MOST_RESPELLINGS = 3;

/**
 * For words that found nothing: the same words with each one the vocabulary does not know replaced by one of its
 * closest words of the vocabulary (up to two letters off: "sofe" may be "safe" or "sofa"), or else, for words that
 * speak of a task, that task's name in the reader's language; the first of these that `finds` something, else none.
 */
export async function didYouMean(q: string, language: Language, finds: (text: string) => Promise<boolean>): Promise<string | undefined> {
  const known = searchKnowledge();
  const words = wordsOf(q);
  if (words.length === 0) return undefined;
  // Each word's spellings, closest first: the word itself when the vocabulary knows it or nothing is close.
  const spellings = words.map((word) => {
    const isKnown = word.length < SHORTEST_SUGGESTED || stemsOf(word).some((stem) => known.stems.has(stem));
    const close = isKnown ? [] : known.corrections.nearestOf(word, word.length >= 7 ? 2 : 1);
    return close.length > 0 ? close : [word];
  });
  const proposals: string[] = [];
  // The k-th respelling takes each word's k-th closest spelling, or its last.
  for (let k = 0; k < MOST_RESPELLINGS; k += 1) {
    const respelled = spellings.map((options) => options[Math.min(k, options.length - 1)]).join(' ');
    if (respelled !== words.join(' ')) proposals.push(respelled);
  }
  // The tasks the words speak of, by their name in the reader's language.
  const phrases = known.concepts.phrasesIn(contentWordsOf(q).map((word) => new Set(stemsOf(word))));
  for (const { concept } of phrases) {
    const name = known.concepts.concept(concept)?.words[language][0];
    if (name && searchKey(name) !== words.join(' ')) proposals.push(name);
  }
  for (const proposal of [...new Set(proposals)].slice(0, MOST_RESPELLINGS + 1))
    if (readQuery(proposal).terms.length > 0 && (await finds(proposal))) return proposal;
  return undefined;
}
