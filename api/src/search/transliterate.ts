// Hebrew, Russian and Arabic words typed in Latin letters (docs/search.md#latin-letters): "nikayon" for ניקיון,
// "uborka" for уборка, "tanzif" for تنظيف. Transliteration has no one spelling (ח is "ch", "kh" or "h"; vowels are written or not), so a word
// is not converted letter by letter: both sides are reduced to the skeleton of their consonants, with the
// consonants that transliterations confuse as one class, and a Latin word is read as the vocabulary's Hebrew,
// Russian and Arabic words with the same skeleton and vowels that agree.

/** Consonant classes: B (b v w), G, D, K (k c q h kh ch: ח, כ, ק and ה all become h or k), L, M, N, P (p f), R, S, T, Z, C (ts tz). */
const HEBREW_CLASSES: Record<string, string> = {
  ב: 'B',
  ג: 'G',
  ד: 'D',
  ה: 'K',
  ז: 'Z',
  ח: 'K',
  ט: 'T',
  כ: 'K',
  ל: 'L',
  מ: 'M',
  נ: 'N',
  ס: 'S',
  פ: 'P',
  צ: 'C',
  ק: 'K',
  ר: 'R',
  ש: 'S',
  ת: 'T',
};

const RUSSIAN_CLASSES: Record<string, string> = {
  б: 'B',
  в: 'B',
  г: 'G',
  д: 'D',
  ж: 'Z',
  з: 'Z',
  к: 'K',
  л: 'L',
  м: 'M',
  н: 'N',
  п: 'P',
  р: 'R',
  с: 'S',
  т: 'T',
  ф: 'P',
  х: 'K',
  ц: 'C',
  ч: 'C',
  ш: 'S',
  щ: 'S',
};

/** Latin spellings of one consonant, longest first; a letter not here (vowels, y) is left out. */
/** The languages a Latin spelling is read as. */
type Spelled = 'he' | 'ru' | 'ar';

const ARABIC_CLASSES: Record<string, string> = {
  ب: 'B',
  ت: 'T',
  ث: 'T',
  ج: 'G',
  ح: 'K',
  خ: 'K',
  د: 'D',
  ذ: 'D',
  ر: 'R',
  ز: 'Z',
  س: 'S',
  ش: 'S',
  ص: 'S',
  ض: 'D',
  ط: 'T',
  ظ: 'Z',
  غ: 'G',
  ف: 'P',
  ق: 'K',
  ك: 'K',
  ل: 'L',
  م: 'M',
  ن: 'N',
  ه: 'K',
};

/** Arabic typed in Latin letters writes some letters as digits: 7 ح, 5 خ, 6 ط, 9 ص (3 ع and 2 ء have no class). */
const ARABIZI_DIGITS: Record<string, string> = { '7': 'K', '5': 'K', '6': 'T', '9': 'S' };

const LATIN_DIGRAPHS: Record<Spelled, [string, string][]> = {
  he: [
    ['tz', 'C'],
    ['ts', 'C'],
    ['sh', 'S'],
    ['ch', 'K'],
    ['kh', 'K'],
    ['ph', 'P'],
    ['th', 'T'],
    ['zh', 'Z'],
    ['ck', 'K'],
  ],
  ar: [
    ['sh', 'S'],
    ['kh', 'K'],
    ['gh', 'G'],
    ['th', 'T'],
    ['dh', 'D'],
    ['ch', 'S'],
  ],
  ru: [
    ['shch', 'S'],
    ['sch', 'S'],
    ['sh', 'S'],
    ['ch', 'C'],
    ['tch', 'C'],
    ['kh', 'K'],
    ['zh', 'Z'],
    ['ts', 'C'],
    ['tz', 'C'],
    ['ph', 'P'],
    ['ck', 'K'],
  ],
};

const LATIN_LETTERS: Record<string, string> = {
  b: 'B',
  v: 'B',
  w: 'B',
  g: 'G',
  j: 'G',
  d: 'D',
  h: 'K',
  k: 'K',
  c: 'K',
  q: 'K',
  x: 'KS',
  l: 'L',
  m: 'M',
  n: 'N',
  p: 'P',
  f: 'P',
  r: 'R',
  s: 'S',
  t: 'T',
  z: 'Z',
};

/**
 * The same class twice in a row is one consonant ("kk", "тт", a doubled letter in either spelling); letters with
 * no class (vowels) keep apart the consonants on either side of them ('-'), so "nyanya" keeps both its n.
 */
const once = (classes: string) => classes.replace(/(.)\1+/g, '$1').replace(/-/g, '');

/** A Hebrew word's consonant skeleton; a final ה is a vowel ("dira": דירה), א ע ו י are left out. */
export function hebrewSkeleton(word: string): string {
  const body = word.length > 2 ? word.replace(/ה$/, '') : word;
  return once([...body].map((letter) => HEBREW_CLASSES[letter] ?? '-').join(''));
}

export function russianSkeleton(word: string): string {
  return once([...word].map((letter) => RUSSIAN_CLASSES[letter] ?? '-').join(''));
}

/** An Arabic word's consonant skeleton; a final ه (taa marbuta, after `searchKey`) is a vowel, ا و ي ع ء are left out. */
export function arabicSkeleton(word: string): string {
  const body = word.length > 2 ? word.replace(/ه$/, '') : word;
  return once([...body].map((letter) => ARABIC_CLASSES[letter] ?? '-').join(''));
}

/** A Latin word's skeleton as a transliteration of Hebrew or of Russian (their digraphs differ: "ch" is ח or ч). */
export function latinSkeleton(word: string, as: Spelled): string {
  let classes = '';
  for (let at = 0; at < word.length;) {
    const digraph = LATIN_DIGRAPHS[as].find(([spelling]) => word.startsWith(spelling, at));
    if (digraph) {
      classes += digraph[1];
      at += digraph[0].length;
    } else {
      classes += LATIN_LETTERS[word[at] as string] ?? (as === 'ar' ? (ARABIZI_DIGITS[word[at] as string] ?? '-') : '-');
      at += 1;
    }
  }
  return once(classes);
}

/**
 * The vowels a word writes, as classes: I (i, e, y; י; и, ы, е, э), O (o, u; ו; о, у, ё, ю), A (a; а, я). A
 * Hebrew word writes few (its matres lectionis), so its vowels must appear in the Latin word's, in order; a
 * Russian word writes them all, so they must be the Latin word's. "dira" is דירה, not דואר; "uborka" is уборка, not
 * брюки.
 */
function vowelsOf(word: string, as: Spelled | 'latin'): string {
  const classes: Record<string, string> =
    as === 'he'
      ? { י: 'I', ו: 'O' }
      : as === 'ar'
        ? { ي: 'I', و: 'O', ا: 'A' }
        : as === 'ru'
          ? { и: 'I', ы: 'I', е: 'I', э: 'I', о: 'O', у: 'O', ё: 'O', ю: 'O', а: 'A', я: 'A' }
          : { i: 'I', e: 'I', y: 'I', o: 'O', u: 'O', a: 'A' };
  // A Latin y before a vowel is a consonant sound ("nyanya": я), a Hebrew ו or י at the start a consonant.
  const spoken =
    as === 'latin'
      ? word.replace(/y(?=[aeiou])/g, '')
      : as === 'he'
        ? word.replace(/^[וי]/, '')
        : as === 'ar'
          ? word.replace(/^[وي]/, '')
          : word;
  return [...spoken]
    .map((letter) => classes[letter] ?? '')
    .join('')
    .replace(/(.)\1+/g, '$1');
}

/** Whether `sub`'s letters appear in `text` in the same order. */
function isSubsequence(sub: string, text: string): boolean {
  let at = 0;
  for (const letter of text) if (letter === sub[at]) at += 1;
  return at === sub.length;
}

/** Skeletons shorter than this say too little: "dr" would be a dozen words. */
const SHORTEST_SKELETON = 2;

export interface Transliterations {
  /** The Hebrew, Russian and Arabic words of the vocabulary a Latin word may spell, the closest in length first. */
  wordsFor(latinWord: string): string[];
}

/** At most this many words per language for one Latin word. */
const MOST_READINGS = 2;

/** An index of words (the vocabulary's Hebrew and Russian words, normalised by `searchKey`) by their skeletons. */
export function transliterations(words: Record<Spelled, string[]>): Transliterations {
  const bySkeleton = { he: new Map<string, Set<string>>(), ru: new Map<string, Set<string>>(), ar: new Map<string, Set<string>>() };
  const add = (language: Spelled, word: string, skeleton: string) => {
    if (skeleton.length < SHORTEST_SKELETON) return;
    const list = bySkeleton[language].get(skeleton) ?? new Set<string>();
    list.add(word);
    bySkeleton[language].set(skeleton, list);
  };
  for (const word of words.he) add('he', word, hebrewSkeleton(word));
  for (const word of words.ru) add('ru', word, russianSkeleton(word));
  for (const word of words.ar) add('ar', word, arabicSkeleton(word));
  return {
    wordsFor(latinWord) {
      return (['he', 'ru', 'ar'] as const).flatMap((language) => {
        const vowels = vowelsOf(latinWord, 'latin');
        const found = [...(bySkeleton[language].get(latinSkeleton(latinWord, language)) ?? [])].filter((word) =>
          language === 'ru' ? vowelsOf(word, 'ru') === vowels : isSubsequence(vowelsOf(word, language), vowels),
        );
        // The Latin spelling writes vowels the Hebrew one may not; the nearest length is the likeliest word.
        return found.sort((a, b) => Math.abs(a.length - latinWord.length) - Math.abs(b.length - latinWord.length)).slice(0, MOST_READINGS);
      });
    },
  };
}
