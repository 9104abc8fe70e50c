// How the terms of a query meet a listing's in SQL (docs/search.md#relevance): one condition that finds the
// listings holding any of the query's terms (the GIN index over `search_terms`), and the score they are ranked by.
// Both compare stored arrays with arrays worked out in TypeScript, so PostgreSQL and PGlite answer alike.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SCATTERED, WEIGHTS, type ReadQuery } from './terms.js';

/** Terms as one PostgreSQL array literal, one parameter (drizzle would spread a JS array into a row of them). */
export function textArray(terms: string[]): string {
  return `{${terms.map((term) => `"${term.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * Of a query of `words` words, how many a listing must hold (a term of each): all of one or two, two of three,
 * three of four, four of five or six. A listing that says all but one of many words is still what was meant.
 */
export const wordsRequired = (words: number) => Math.ceil((words * 2) / 3);

/**
 * The words a listing must hold enough of, each as all its terms: the required ones (`QueryWord.isRequired`), or,
 * for a query of none (only a place, say), all its words as one. A place's name beside other words only ranks:
 * "cleaner Haifa" finds cleaners everywhere, those in Haifa first. What a saved search stores (`alerts.q_words`).
 */
export function requiredWordsOf(read: ReadQuery): string[][] {
  const terms = (word: ReadQuery['words'][number]) => word.tiers.flatMap((tier) => tier.terms);
  const task = read.words.filter((word) => word.isRequired);
  return task.length > 0 ? task.map(terms) : read.words.length > 0 ? [[...new Set(read.words.flatMap(terms))]] : [];
}

/**
 * The listings a query finds: holding a term of enough of its words (`requiredWordsOf`, `wordsRequired`).
 * `indexed` lets the GIN index find the listings holding any of the required terms; `row by row` is written so
 * that no index serves it, where the rows come from walking another index in its order.
 */
export function matchesQuery(terms: AnyPgColumn, read: ReadQuery, how: 'indexed' | 'row by row'): SQL {
  const words = requiredWordsOf(read);
  const column = how === 'indexed' ? sql`${terms}` : sql`(${terms} || '{}'::text[])`;
  const any = sql`${column} && ${textArray([...new Set(words.flat())])}::text[]`;
  if (words.length === 1) return any;
  const held = sql.join(
    words.map((word) => sql`(${terms} && ${textArray(word)}::text[])::int`),
    sql` + `,
  );
  return sql`(${any} and ${held} >= ${sql.raw(String(wordsRequired(words.length)))})`;
}

/**
 * The same rule from a saved search's side (`alerts.q_words`, its `requiredWordsOf`), for the alert matcher: one
 * statement compares a new listing with every alert, so the words are read from the row.
 */
export function matchesSavedWords(terms: AnyPgColumn, savedWords: AnyPgColumn): SQL {
  return sql`(select count(*) from jsonb_array_elements(${savedWords}) as word(terms)
    where ${terms} && array(select jsonb_array_elements_text(word.terms))) >= ceil(jsonb_array_length(${savedWords}) * 2 / 3.0)`;
}

/**
 * A listing's score for a query: for each query word, the weight of the best tier of its terms the listing holds
 * (a word in the title counts three times one in the description), summed over the words. A listing holds each
 * term once, however often its text repeats it, so repeating a word gains nothing.
 */
export function scoreOf(read: ReadQuery, terms: AnyPgColumn): SQL<number> {
  if (read.words.length === 0) return sql<number>`0`;
  const perWord = read.words.map(
    (word) =>
      sql`greatest(${sql.join(
        word.tiers.map(
          (tier) => sql`case when ${terms} && ${textArray(tier.terms)}::text[] then ${sql.raw(String(tier.weight))} else 0 end`,
        ),
        sql`, `,
      )})`,
  );
  // A title listing many unrelated tasks loses what one word in the title gains over one in the description.
  return sql<number>`(${sql.join(perWord, sql` + `)} - (${terms} && ${textArray([SCATTERED])}::text[])::int * ${sql.raw(String(WEIGHTS.scattered))})::int`;
}

/** The highest score `scoreOf` gives for a query: each word held at its weightiest tier, in a title of one task. */
export function bestScoreOf(read: ReadQuery): number {
  return read.words.reduce((sum, word) => sum + Math.max(...word.tiers.map((tier) => tier.weight)), 0);
}
