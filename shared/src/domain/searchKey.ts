// What a search compares, for place names and for the words of listings alike, on the server and in the
// generated places file: two spellings a reader would call the same give the same key.

/** Arabic letters written several ways in practice, each mapped to one (after marks are removed). */
const ARABIC_LETTERS: Record<string, string> = {
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0649': '\u064A', // ى alef maqsura → ي
  '\u06CC': '\u064A', // ی Persian yeh → ي
  '\u0629': '\u0647', // ة taa marbuta → ه
  '\u06A9': '\u0643', // ک keheh → ك
  '\u0621': '', // ء a lone hamza is left out, as it is in most typed spellings
};

/** Hebrew final forms → the ordinary letter: ך ם ן ף ץ → כ מ נ פ צ. */
const HEBREW_FINALS: Record<string, string> = {
  '\u05DA': '\u05DB',
  '\u05DD': '\u05DE',
  '\u05DF': '\u05E0',
  '\u05E3': '\u05E4',
  '\u05E5': '\u05E6',
};

/**
 * Lower case; without marks (Hebrew niqqud and cantillation, Arabic harakat and the hamza above or below a
 * letter, Latin accents, Russian ё → е); Hebrew final letters as ordinary ones; Arabic alef, yaa, taa marbuta
 * and kaf variants as one letter each, without tatweel; any other character than a letter or a digit is a
 * space (hyphens, geresh, apostrophes), so "Tel Aviv-Yafo", "tel aviv yafo" and "TEL-AVIV YAFO" match.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u0640\u200C-\u200F]/g, '')
    .replace(/[\u05DA\u05DD\u05DF\u05E3\u05E5]/g, (letter) => HEBREW_FINALS[letter] as string)
    .replace(/[\u0671\u0649\u06CC\u0629\u06A9\u0621]/g, (letter) => ARABIC_LETTERS[letter] as string)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
