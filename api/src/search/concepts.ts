// Which tasks of the vocabulary a text speaks of, in whichever of the four languages it is written: the bridge
// between a query in one language and a listing in another (docs/search.md). A concept's phrase is found when all
// its words (each as one of the text word's stems, function words aside) stand close together, in any order:
// "ניקיון דירה" finds "דירה גדולה, ניקיון יסודי" as well as "ניקיון דירה".
import { searchKey } from '@tasko/shared/domain';
import { stemsOf, wordsOf } from './analyse.js';
import { readVocabulary, type Concept } from './vocabulary.js';

/** Words that join the words of a phrase and say nothing of the task; a phrase is matched without them. */
const FUNCTION_WORDS = new Set(
  [
    ...['a', 'an', 'the', 'for', 'of', 'to', 'in', 'on', 'at', 'with', 'and', 'or', 'my', 'your', 'our'],
    ...['של', 'את', 'עם', 'על', 'או', 'אל', 'גם'],
    ...['في', 'من', 'على', 'مع', 'الى', 'او', 'عن', 'و'],
    ...['в', 'во', 'на', 'для', 'по', 'и', 'с', 'со', 'к', 'у', 'за', 'или', 'от'],
    // Words that say someone is wanted, not what for: "help", "need", "looking for" in the four languages.
    ...['help', 'need', 'needed', 'looking', 'wanted', 'someone', 'please'],
    ...['עזרה', 'צריכ', 'צריכה', 'צריכימ', 'דרוש', 'דרושה', 'דרושימ', 'מחפש', 'מחפשת', 'מחפשימ', 'מישהו', 'מישהי'],
    ...['مطلوب', 'مطلوبه', 'بدي', 'بدنا', 'محتاج', 'نحتاج', 'ابحث', 'مساعده'],
    ...['нужен', 'нужна', 'нужно', 'нужны', 'ищу', 'ищем', 'требуется', 'помощь', 'помогите', 'кто'],
  ].map(searchKey), // as the words of a text are compared: final letters as ordinary ones ("עם" is עמ)
);

/** A phrase's words may stand this many words further apart than the phrase is long. */
const SLACK = 2;

interface Phrase {
  concept: string;
  /** The stem of each of its words but the function words, in order. */
  stems: string[];
}

/** A phrase of the vocabulary found in a text: its concept, and which of the text's content words it covers. */
export interface PhraseMatch {
  concept: string;
  /** Positions in `contentWordsOf(text)`. */
  positions: number[];
}

export interface ConceptIndex {
  /** The concepts the text speaks of, each with the broader concepts it belongs to, without repeats. */
  conceptsIn(text: string): string[];
  /** The phrases found in the text's content words, each read as one of its stems (`stemsOf` of each word). */
  phrasesIn(readings: Set<string>[]): PhraseMatch[];
  /** The concept and the broader ones it belongs to, nearest first. */
  withBroader(id: string): string[];
  concept(id: string): Concept | undefined;
  /** Every concept, in the vocabulary's order. */
  concepts: Concept[];
}

/** The words of a text that may belong to a phrase: all but the function words. */
export const contentWordsOf = (text: string) => wordsOf(text).filter((word) => !FUNCTION_WORDS.has(word));

export function conceptIndex(concepts: Concept[] = readVocabulary()): ConceptIndex {
  const byId = new Map(concepts.map((concept) => [concept.id, concept]));
  /** Each phrase by the stem of its first word: a text word's readings look up the phrases it may begin. */
  const phrasesByStem = new Map<string, Phrase[]>();
  for (const concept of concepts)
    for (const words of Object.values(concept.words))
      for (const written of words) {
        // A vocabulary entry is a base form: its plainest reading, never a prefix taken off.
        const stems = contentWordsOf(written).map((word) => stemsOf(word)[0] as string);
        const [first] = stems;
        if (first === undefined) continue;
        const list = phrasesByStem.get(first) ?? [];
        if (!list.some((phrase) => phrase.concept === concept.id && phrase.stems.join(' ') === stems.join(' ')))
          list.push({ concept: concept.id, stems });
        phrasesByStem.set(first, list);
      }

  const withBroader = (id: string): string[] => {
    const chain: string[] = [];
    for (let at: string | undefined = id; at && !chain.includes(at); at = byId.get(at)?.broader) chain.push(at);
    return chain;
  };

  const phrasesIn = (readings: Set<string>[]): PhraseMatch[] => {
    const found: PhraseMatch[] = [];
    for (const [position, wordReadings] of readings.entries())
      for (const reading of wordReadings)
        for (const phrase of phrasesByStem.get(reading) ?? []) {
          const from = Math.max(0, position - phrase.stems.length - SLACK);
          const window = readings.slice(from, position + phrase.stems.length + SLACK + 1);
          const positions = phrase.stems.map((stem) => window.findIndex((near) => near.has(stem)));
          if (positions.every((at) => at >= 0))
            found.push({ concept: phrase.concept, positions: [...new Set(positions.map((at) => from + at))] });
        }
    return found;
  };

  return {
    concepts,
    concept: (id) => byId.get(id),
    withBroader,
    phrasesIn,
    conceptsIn(text) {
      const readings = contentWordsOf(text).map((word) => new Set(stemsOf(word)));
      return [...new Set(phrasesIn(readings).flatMap((match) => withBroader(match.concept)))];
    },
  };
}
