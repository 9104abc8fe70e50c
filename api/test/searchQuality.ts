// How well a search finds what people mean, measured on the judged set (api/test/search-judgements/README.md):
// nDCG@10 with the grades as gains, recall@10 of the listings graded 2 or 3 (out of at most 10, so a broad
// query with 40 relevant listings can reach 1), and the share of queries with no such listing in the first 10.
// Used by `npm run bench` (scripts/bench-search.ts), which prints them beside a baseline commit's.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validPostFields } from './multipart.js';

export interface JudgedListing {
  id: string;
  language: string;
  offerType: 'job' | 'service';
  category: string;
  jobTitle: string;
  description: string;
  paymentType: 'fixed' | 'hourly';
  amount: number;
  city: string;
  /** The judge's label of what the listing is about: never given to the search. */
  task: string;
}

export interface JudgedQuery {
  id: string;
  language: string;
  text: string;
  kind: string;
  intent: string;
  half: 'tune' | 'held-out';
}

export interface JudgedSet {
  listings: JudgedListing[];
  queries: JudgedQuery[];
  /** Per query, the grade (1 to 3) of each listing it was judged against; a listing not named is 0. */
  judgements: Record<string, Record<string, number>>;
}

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-judgements');

export function readJudgedSet(): JudgedSet {
  const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as T;
  return {
    listings: read<JudgedListing[]>('listings.json'),
    queries: read<JudgedQuery[]>('queries.json'),
    judgements: read<JudgedSet['judgements']>('judgements.json'),
  };
}

/**
 * What a poster would send for a judged listing (a valid post's fields with the listing's own), without the
 * judge's label. The contact name is the same on every listing: it is a person, not the task, and must not
 * make one listing rank above another.
 */
export function postFieldsOf(listing: JudgedListing): Record<string, string> {
  return validPostFields({
    jobTitle: listing.jobTitle,
    description: listing.description,
    category: listing.category,
    paymentType: listing.paymentType,
    amount: String(listing.amount),
    contactPersonName: 'Poster',
    location: JSON.stringify({ city: listing.city, address: '' }),
    offerType: listing.offerType,
  });
}

const CUTOFF = 10;
const RELEVANT = 2;

/** nDCG@10 of one ranking: the grades of its first 10 as gains, discounted by log2 of the position + 1. */
export function ndcgAt10(ranked: string[], grades: Record<string, number>): number {
  const dcg = (gains: number[]) => gains.slice(0, CUTOFF).reduce((sum, gain, index) => sum + gain / Math.log2(index + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((id) => grades[id] ?? 0)) / ideal;
}

/** The listings graded 2 or 3 among the first 10, out of as many as there are (at most 10). */
export function recallAt10(ranked: string[], grades: Record<string, number>): number {
  const relevant = Object.values(grades).filter((grade) => grade >= RELEVANT).length;
  if (relevant === 0) return 0;
  const found = ranked.slice(0, CUTOFF).filter((id) => (grades[id] ?? 0) >= RELEVANT).length;
  return found / Math.min(CUTOFF, relevant);
}

export interface Quality {
  queries: number;
  ndcg: number;
  recall: number;
  /** The share of queries with no listing graded 2 or 3 in their first 10. */
  noneRelevant: number;
}

/** The mean figures over `queries`, from each query's ranking of listing ids. */
export function qualityOf(set: JudgedSet, queries: JudgedQuery[], rankings: Map<string, string[]>): Quality {
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const perQuery = queries.map((query) => {
    const ranked = rankings.get(query.id) ?? [];
    const grades = set.judgements[query.id] ?? {};
    const recall = recallAt10(ranked, grades);
    return { ndcg: ndcgAt10(ranked, grades), recall, none: recall === 0 ? 1 : 0 };
  });
  return {
    queries: queries.length,
    ndcg: mean(perQuery.map((q) => q.ndcg)),
    recall: mean(perQuery.map((q) => q.recall)),
    noneRelevant: mean(perQuery.map((q) => q.none)),
  };
}

/** The figures over the whole set, each half, each language and each kind of query: the rows the bench prints. */
export function qualityRows(set: JudgedSet, rankings: Map<string, string[]>): { row: string; quality: Quality }[] {
  const groups: [string, (query: JudgedQuery) => boolean][] = [
    ['all', () => true],
    ['held-out half', (query) => query.half === 'held-out'],
    ['tune half', (query) => query.half === 'tune'],
    ...[...new Set(set.queries.map((query) => query.language))].map((language): [string, (query: JudgedQuery) => boolean] => [
      `language ${language}`,
      (query) => query.language === language,
    ]),
    ...[...new Set(set.queries.map((query) => query.kind))].map((kind): [string, (query: JudgedQuery) => boolean] => [
      `kind ${kind}`,
      (query) => query.kind === kind,
    ]),
  ];
  return groups.map(([row, belongs]) => ({ row, quality: qualityOf(set, set.queries.filter(belongs), rankings) }));
}
