// One or two wrong letters (docs/search.md#typos): a query word of five letters or more that is not a word of the
// vocabulary is also read as the vocabulary's words within one edit (two from eight letters on), an edit being a
// letter added, left out, replaced or two neighbours swapped. The word itself is always kept: a correction adds
// readings, it never takes the typed one away.

/** Words shorter than this are not corrected: at one edit, "רהט" and "רטב" are both real words. */
export const SHORTEST_CORRECTED = 5;

/** The edits a word of this length may hold. */
export const editsAllowed = (length: number) => (length >= 8 ? 2 : length >= SHORTEST_CORRECTED ? 1 : 0);

/**
 * The edit distance between two words with neighbours swapped counting as one edit (optimal string alignment),
 * or `limit + 1` as soon as it is known to pass `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the table, kept between calls: the typo index compares a word with thousands.
  if (rows.current.length <= b.length)
    for (const name of ['beforePrevious', 'previous', 'current'] as const) rows[name] = new Int32Array(b.length + 1);
  let { beforePrevious, previous, current } = rows;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current[j] = value;
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

const rows = { beforePrevious: new Int32Array(32), previous: new Int32Array(32), current: new Int32Array(32) };

export interface Corrections {
  /** The known words a word may be a typo of, the closest first; none for a known or a short word. */
  correctionsOf(word: string): string[];
  /** The known words within `limit` edits of a word, the closest first, then in alphabetical order. */
  nearestOf(word: string, limit: number): string[];
}

/** At most this many corrections per word. */
const MOST_CORRECTIONS = 3;

/** Known words (the vocabulary's, normalised) by length, so a word is compared only with those near its length. */
export function corrections(knownWords: Iterable<string>): Corrections {
  const known = new Set(knownWords);
  const byLength = new Map<number, string[]>();
  for (const word of known) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  const nearestOf = (word: string, limit: number) => {
    const found: { word: string; distance: number }[] = [];
    for (let length = word.length - limit; length <= word.length + limit; length += 1)
      for (const candidate of byLength.get(length) ?? []) {
        const distance = editDistance(word, candidate, limit);
        if (distance <= limit) found.push({ word: candidate, distance });
      }
    return found.sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word)).map((c) => c.word);
  };
  return {
    nearestOf,
    correctionsOf(word) {
      const limit = editsAllowed(word.length);
      return limit === 0 || known.has(word) ? [] : nearestOf(word, limit).slice(0, MOST_CORRECTIONS);
    },
  };
}
