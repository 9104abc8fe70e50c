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
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      row.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
    beforePrevious = previous;
    previous = row;
  }
  return Math.min(previous[b.length] as number, limit + 1);
}

export interface Corrections {
  /** The known words a word may be a typo of, the closest first; none for a known or a short word. */
  correctionsOf(word: string): string[];
}

/** At most this many corrections per word. */
const MOST_CORRECTIONS = 3;

/** Known words (the vocabulary's, normalised) by length, so a word is compared only with those near its length. */
export function corrections(knownWords: Iterable<string>): Corrections {
  const known = new Set(knownWords);
  const byLength = new Map<number, string[]>();
  for (const word of known) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  return {
    correctionsOf(word) {
      const limit = editsAllowed(word.length);
      if (limit === 0 || known.has(word)) return [];
      const found: { word: string; distance: number }[] = [];
      for (let length = word.length - limit; length <= word.length + limit; length += 1)
        for (const candidate of byLength.get(length) ?? []) {
          const distance = editDistance(word, candidate, limit);
          if (distance <= limit) found.push({ word: candidate, distance });
        }
      return found
        .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
        .slice(0, MOST_CORRECTIONS)
        .map((c) => c.word);
    },
  };
}
