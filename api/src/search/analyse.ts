// How a word is reduced to what it means in the search (docs/search.md): its script says its language; Russian,
// Arabic and English words go through that language's Snowball stemmer (@orama/stemmers), Hebrew words through
// the rules below (there is no Hebrew Snowball stemmer). The same function reads a listing when it is written
// and a query when it is read, so both meet on the same stems.
import { stemmer as arabicStemmer } from '@orama/stemmers/arabic';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as russianStemmer } from '@orama/stemmers/russian';
import { searchKey, type Language } from '@tasko/shared/domain';

/** The language a word is written in, told by its letters; digits and other scripts have none. */
export function scriptOf(word: string): Language | null {
  const letter = /\p{L}/u.exec(word)?.[0];
  if (!letter) return null;
  if (/\p{Script=Hebrew}/u.test(letter)) return 'he';
  if (/\p{Script=Arabic}/u.test(letter)) return 'ar';
  if (/\p{Script=Cyrillic}/u.test(letter)) return 'ru';
  if (/\p{Script=Latin}/u.test(letter)) return 'en';
  return null;
}

/** The words of a text, each normalised as every search key is (`searchKey`: one spelling per letter). */
export function wordsOf(text: string): string[] {
  return searchKey(text).split(' ').filter(Boolean);
}

/** Hebrew letters written before a word as part of it: and, the, in, to, from, that, as. */
const HEBREW_PREFIX_LETTERS = 'והבלמשכ';
/** A prefix is taken off only while this many letters remain: shorter words are mostly whole words. */
const HEBREW_MIN_REMAINDER = 3;
/** At most this many prefix letters in a row (ו + ש + ב: "ושבחיפה" is rare; "ובחיפה", "שבחיפה" are common). */
const HEBREW_MAX_PREFIX = 3;

/**
 * A Hebrew word without its plural and construct endings: ים, ות, and a final ה or ת (הובלה, הובלת, הובלות →
 * הובל), with doubled yod and vav written once (spelling with and without matres lectionis often differs by a
 * doubled letter: ניקיון / ניקייון).
 */
export function hebrewBase(word: string): string {
  let base = word.replace(/יי+/g, 'י').replace(/וו+/g, 'ו');
  // Final letters are ordinary ones by now (`searchKey`): ים is written ימ.
  if (base.length > 4 && /(ימ|ות)$/.test(base)) base = base.slice(0, -2);
  if (base.length > 3 && /[הת]$/.test(base)) base = base.slice(0, -1);
  return base;
}

/**
 * The readings of a Hebrew word: the word itself and the word with one, two or three prefix letters taken off
 * (ובחיפה → ובחיפה, בחיפה, חיפה), each without its endings. Which reading the writer meant is not known
 * without a dictionary, so a listing stores them all and a query looks for them all; the vocabulary and the
 * ranking (a whole word counts more) do the rest.
 */
export function hebrewReadings(word: string): string[] {
  const readings = [hebrewBase(word)];
  for (let taken = 1; taken <= HEBREW_MAX_PREFIX && word.length - taken >= HEBREW_MIN_REMAINDER; taken += 1) {
    if (!HEBREW_PREFIX_LETTERS.includes(word[taken - 1] as string)) break;
    readings.push(hebrewBase(word.slice(taken)));
  }
  return [...new Set(readings)];
}

/** English stems keep a doubled final consonant the Porter stemmer leaves (babysitter → babysitt): one will do. */
const englishStem = (word: string) => englishStemmer(word).replace(/([b-df-hj-np-tv-z])\1$/, '$1');

/**
 * The stems a normalised word (one of `wordsOf`) can be read as, the first being its plainest reading: one
 * for Arabic, Russian and English, one or more for Hebrew; a word of another script, or a number, as it is.
 */
export function stemsOf(word: string): string[] {
  switch (scriptOf(word)) {
    case 'he':
      return hebrewReadings(word);
    case 'ar':
      return [arabicStemmer(word)];
    case 'ru':
      return [russianStemmer(word)];
    case 'en':
      return [englishStem(word)];
    default:
      return [word];
  }
}
