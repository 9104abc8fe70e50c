/**
 * What a place search compares: lower case, no Hebrew or Arabic vowel marks, no Latin accents, no
 * punctuation. Used for the generated data and for the query alike, so both sides match.
 */
export function searchKey(text: string): string {
  return text
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[\u05BE\u2013]/g, '-')
    .replace(/[\u064B-\u065F\u0670\u0640\u200E\u200F]/g, '')
    .replace(/\u0671/g, '\u0627')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
