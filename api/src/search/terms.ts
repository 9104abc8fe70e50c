// What a listing is found by and what a query looks for, as terms (docs/search.md#terms): worked out here, in
// TypeScript, when a listing is written and when a query is read, and stored with the listing, so PostgreSQL and
// the embedded PGlite compare the same arrays and find the same listings.
//
// A listing's terms, each once however often it is written (repeating a word gains nothing):
//   t:<stem>     a reading of a word of the title        b:<stem>     of the description (and not the title)
//   T:<concept>  a task the title speaks of               B:<concept>  the description (and not the title)
//   U:<concept>  a broader task a task of the title belongs to ("cleaning" for AC cleaning)
//   V:<concept>  the same of the description (and not the title)
//   x:scattered  a title listing many unrelated tasks ("moving painting plumbing garden"): ranked lower
//   p:<place>    the place the listing is in
import { scriptOf, stemsOf, wordsOf } from './analyse.js';
import { conceptIndex, contentWordsOf, type ConceptIndex, type PhraseMatch } from './concepts.js';
import { corrections, type Corrections } from './typos.js';
import { transliterations, type Transliterations } from './transliterate.js';
import { placeNamed } from '../plugins/places/places.js';

/**
 * The version of how terms are worked out: raised whenever the vocabulary or the analysers change what a listing's
 * terms are, so the server works out every stored listing's terms again at start-up (`termStoredListings`).
 * `searchVocabulary.test.ts` fails when the vocabulary's files change and this does not.
 */
export const TERMS_VERSION = 2;

/** What the search knows of words: the vocabulary's concepts, its words for typos and for Latin spellings. */
export interface SearchKnowledge {
  concepts: ConceptIndex;
  /** How many concepts name each concept as their broader one. */
  narrower: Map<string, number>;
  /** Every stem of the vocabulary's words: a word read as one of them is no typo. */
  stems: Set<string>;
  corrections: Corrections;
  transliterations: Transliterations;
}

let knowledge: SearchKnowledge | undefined;

/** Read once, on first use (about 100 ms): the vocabulary's files and the indexes built from them. */
export function searchKnowledge(): SearchKnowledge {
  if (knowledge) return knowledge;
  const concepts = conceptIndex();
  const wordsIn = (language: 'en' | 'he' | 'ar' | 'ru') =>
    concepts.concepts.flatMap((concept) => concept.words[language].flatMap((written) => wordsOf(written)));
  const all = [...new Set([...wordsIn('en'), ...wordsIn('he'), ...wordsIn('ar'), ...wordsIn('ru')])];
  const narrower = new Map<string, number>();
  for (const concept of concepts.concepts) if (concept.broader) narrower.set(concept.broader, (narrower.get(concept.broader) ?? 0) + 1);
  knowledge = {
    concepts,
    narrower,
    stems: new Set(all.flatMap((word) => stemsOf(word))),
    corrections: corrections(all),
    transliterations: transliterations({ he: wordsIn('he'), ru: wordsIn('ru'), ar: wordsIn('ar') }),
  };
  return knowledge;
}

/** The terms a listing is stored with (`listings.search_terms`), without repeats. */
export function listingTermsOf(listing: { title: string; description: string; placeId: number | null }): string[] {
  const known = searchKnowledge();
  const terms = new Set<string>();
  const titleStems = new Set(wordsOf(listing.title).flatMap((word) => stemsOf(word)));
  for (const stem of titleStems) terms.add(`t:${stem}`);
  for (const word of wordsOf(listing.description)) for (const stem of stemsOf(word)) if (!titleStems.has(stem)) terms.add(`b:${stem}`);
  const conceptsOf = (text: string) => {
    const matches = known.concepts.phrasesIn(contentWordsOf(text).map((word) => new Set(stemsOf(word))));
    const direct = new Set(matches.map((match) => match.concept));
    const broader = new Set([...direct].flatMap((concept) => known.concepts.withBroader(concept).slice(1)).filter((c) => !direct.has(c)));
    return { matches, direct, broader };
  };
  const title = conceptsOf(listing.title);
  const description = conceptsOf(listing.description);
  const inTitle = new Set([...title.direct, ...title.broader]);
  for (const concept of title.direct) terms.add(`T:${concept}`);
  if (separateTasksIn(title.matches) >= SCATTERED_TITLE) terms.add(SCATTERED);
  for (const concept of title.broader) terms.add(`U:${concept}`);
  for (const concept of description.direct) if (!inTitle.has(concept)) terms.add(`B:${concept}`);
  for (const concept of description.broader) if (!inTitle.has(concept) && !description.direct.has(concept)) terms.add(`V:${concept}`);
  if (listing.placeId !== null) terms.add(`p:${listing.placeId}`);
  return [...terms];
}

/**
 * How many separate tasks a text's phrases name: the most phrases that follow one another without sharing a stretch
 * of the text. "moving, plumbing, garden" names three; "apartment cleaning before moving out" two, though its
 * words make five tasks of the vocabulary (cleaning, a flat's cleaning, moving, a flat's move, cleaning before
 * moving out), which overlap.
 */
function separateTasksIn(matches: PhraseMatch[]): number {
  const spans = matches.map(({ positions }) => ({ from: Math.min(...positions), to: Math.max(...positions) })).sort((a, b) => a.to - b.to);
  let count = 0;
  let end = -1;
  // The stretch that ends first, then the next that starts after it: the most stretches that do not overlap.
  for (const span of spans)
    if (span.from > end) {
      count += 1;
      end = span.to;
    }
  return count;
}

/** A query word's terms in tiers: a listing holding any term of a tier gets its weight for the word, the best tier counting. */
export interface QueryWord {
  written: string;
  /**
   * Whether a listing must hold it to be found (`requiredWordsOf`). A place's name ranks the listings there first
   * but finds none by itself beside other words, nor does a word of one or two letters the vocabulary does not
   * know ("le" in "more le matematika").
   */
  isRequired: boolean;
  tiers: { weight: number; terms: string[] }[];
}

export interface ReadQuery {
  words: QueryWord[];
  /** Every term of every word, without repeats: a listing holding none of them is not found. */
  terms: string[];
}

/**
 * Weights of where a word is found (docs/search.md#relevance): in the title as written or as a task the title
 * speaks of, more than in the description; a word typed wrong counts a little less where it is found.
 */
export const WEIGHTS = {
  title: 6,
  titleCorrected: 5,
  place: 4,
  titleBroader: 4,
  titleRelated: 3,
  descriptionConcept: 3,
  description: 2,
  descriptionBroader: 1,
  scattered: 4,
} as const;

/** A title with this many separate tasks of the vocabulary lists tasks to be found by every search. */
const SCATTERED_TITLE = 4;
/** The term of a scattered title, which the score takes `WEIGHTS.scattered` off. */
export const SCATTERED = 'x:scattered';

/** A query's task also reads as the task one level up when that one holds at most this many narrower tasks. */
const MOST_RELATED = 7;

/** One query expands to at most this many terms (stems, concepts and places, each looked for in title and description). */
export const MOST_QUERY_TERMS = 32;
/** Words of a query past this many are not read: a query is a few words, never a listing pasted in. */
const MOST_QUERY_WORDS = 12;

/** Hebrew letters written before a place name (ובחיפה), and Arabic ones (بحيفا, وحيفا, لحيفا). */
const PLACE_PREFIXES = /^([והבלמשכ]{1,2}|[وبلف])/u;

/** The place a run of words names, in any language, with a prefix letter or two taken off the first word. */
function placeOfWords(words: string[]): number | undefined {
  const name = words.join(' ');
  const plain = placeNamed(name);
  if (plain) return plain.id;
  const prefix = PLACE_PREFIXES.exec(name)?.[0];
  for (let length = prefix?.length ?? 0; length > 0; length -= 1) {
    const place = placeNamed(name.slice(length));
    if (place) return place.id;
  }
  return undefined;
}

/** The place each word is part of: runs of three, then two, then one word naming a place. */
function placesOf(words: string[]): (number | undefined)[] {
  const found: (number | undefined)[] = words.map(() => undefined);
  for (const length of [3, 2, 1])
    for (let start = 0; start + length <= words.length; start += 1) {
      if (found.slice(start, start + length).some((id) => id !== undefined)) continue;
      // A place of one word needs three letters: "גן" or "عين" alone is a word before it is a place.
      if (length === 1 && (words[start] as string).length < 3) continue;
      const id = placeOfWords(words.slice(start, start + length));
      if (id !== undefined) for (let at = start; at < start + length; at += 1) found[at] = id;
    }
  return found;
}

/**
 * A query read as the listings' terms (docs/search.md#reading-a-query): each word's stems; the words it may be a
 * typo of; the Hebrew and Russian words a Latin word may spell; the tasks of the vocabulary its words speak of,
 * in any language; and the place it names. At most `MOST_QUERY_TERMS` terms, shared out a word at a time, each
 * word's likeliest readings first.
 */
export function readQuery(q: string): ReadQuery {
  const known = searchKnowledge();
  // A word said twice is looked for once: "sofa sofa" is "sofa".
  const firstReadings = new Set<string>();
  const written = contentWordsOf(q)
    .filter((word) => !firstReadings.has(stemsOf(word)[0] as string) && firstReadings.add(stemsOf(word)[0] as string))
    .slice(0, MOST_QUERY_WORDS);
  const places = placesOf(written);
  const read = written.map((word, at) => {
    const own = stemsOf(word);
    // A word of the vocabulary (in any of its readings) or of a place's name is spelled right.
    const isKnown = own.some((stem) => known.stems.has(stem)) || places[at] !== undefined;
    const latin = scriptOf(word) === 'en' && !isKnown ? known.transliterations.wordsFor(word) : [];
    const spelled = latin.flatMap((w) => stemsOf(w));
    const corrected = isKnown ? [] : [word, ...latin].flatMap((w) => known.corrections.correctionsOf(w)).flatMap((w) => stemsOf(w));
    return { own, spelled, corrected };
  });
  const readings = read.map(({ own, spelled, corrected }) => new Set([...own, ...spelled, ...corrected]));
  const phrases = known.concepts.phrasesIn(readings);

  // Each word's keys, likeliest first: its own stems, the tasks it is part of, its place, Latin spellings, typos.
  const keysOf = read.map(({ own, spelled, corrected }, at) => {
    const concepts = [...new Set(phrases.filter((m) => m.positions.includes(at)).map((m) => m.concept))];
    const place = places[at];
    // The task one level up, when it is narrow: a nanny is asked for, a babysitter is near it (both childcare).
    const related = [...new Set(concepts.map((concept) => known.concepts.concept(concept)?.broader))].filter(
      (broader): broader is string =>
        broader !== undefined && (known.narrower.get(broader) ?? 0) <= MOST_RELATED && !concepts.includes(broader),
    );
    return [
      ...own.map((stem) => ({ key: stem, kind: 'stem' as const })),
      ...concepts.map((concept) => ({ key: concept, kind: 'concept' as const })),
      ...(place === undefined ? [] : [{ key: String(place), kind: 'place' as const }]),
      ...spelled.map((stem) => ({ key: stem, kind: 'stem' as const })),
      ...corrected.map((stem) => ({ key: stem, kind: 'corrected' as const })),
      ...related.map((concept) => ({ key: concept, kind: 'related' as const })),
    ];
  });
  const taken = keysOf.map(() => [] as (typeof keysOf)[number]);
  const seen = new Set<string>();
  for (let round = 0, count = 0; count < MOST_QUERY_TERMS && keysOf.some((keys) => keys.length > round); round += 1)
    for (const [at, keys] of keysOf.entries()) {
      const next = keys[round];
      if (!next || count >= MOST_QUERY_TERMS) continue;
      const id = `${next.kind === 'corrected' ? 'stem' : next.kind === 'related' ? 'concept' : next.kind}:${next.key}`;
      if (!seen.has(id)) count += 1;
      seen.add(id);
      taken[at]!.push(next);
    }

  const words = taken
    .map((keys, at): QueryWord => {
      const of = (kind: (typeof keys)[number]['kind'], prefix: string) =>
        keys.filter((k) => k.kind === kind).map((k) => `${prefix}${k.key}`);
      const tiers = [
        { weight: WEIGHTS.title, terms: [...of('stem', 't:'), ...of('concept', 'T:')] },
        { weight: WEIGHTS.titleCorrected, terms: of('corrected', 't:') },
        { weight: WEIGHTS.place, terms: of('place', 'p:') },
        { weight: WEIGHTS.titleBroader, terms: of('concept', 'U:') },
        { weight: WEIGHTS.titleRelated, terms: [...of('related', 'T:'), ...of('related', 'U:')] },
        { weight: WEIGHTS.descriptionConcept, terms: of('concept', 'B:') },
        { weight: WEIGHTS.description, terms: [...of('stem', 'b:'), ...of('corrected', 'b:')] },
        { weight: WEIGHTS.descriptionBroader, terms: of('concept', 'V:') },
      ];
      const word = written[at] as string;
      const isRequired = places[at] === undefined && (word.length > 2 || stemsOf(word).some((stem) => known.stems.has(stem)));
      return { written: word, isRequired, tiers: tiers.filter((tier) => tier.terms.length > 0) };
    })
    .filter((word) => word.tiers.length > 0);
  return { words, terms: [...new Set(words.flatMap((word) => word.tiers.flatMap((tier) => tier.terms)))] };
}
