import { z } from 'zod';
import type { MessageKey, ValidationKey } from './messageKeys';

// What a member's text may hold, written once for every field that takes some (docs/security.md, "Text members
// write"). Two kinds of field:
// - free text (a description, a message, an application, a review, a reply, a report's note): what cannot be
//   stored is removed silently, so an old client that sends it keeps working;
// - a line (a title, a name, a city, a street, a saved search's words): what cannot be stored is refused with
//   `invalidCharacters`, since a line is short and shown everywhere (cards, subjects, the listing's page).
// In both, the bidirectional controls are removed: written into a title or a message, U+202E makes
// "moc.liamg@knab" read as another address wherever the text is shown (an email's subject above all).

/** The bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** A surrogate pair, or a surrogate alone: a lone one is no character, and UTF-8 (PostgreSQL's text) cannot hold it. */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
/** PostgreSQL refuses it in text and jsonb alike: a request carrying one would fail at the database. */
const NUL = '\u0000';

/** The text without its bidirectional controls (the marks U+200E, U+200F and U+061C stay: they override nothing). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** NUL or a lone surrogate: what a line refuses. */
export function hasInvalidCharacters(text: string): boolean {
  if (text.includes(NUL)) return true;
  for (const [unit] of text.matchAll(SURROGATES)) if (unit.length === 1) return true;
  return false;
}

/**
 * Free text as it is kept: without NUL or bidirectional controls, a lone surrogate written as U+FFFD (which is
 * what storing it as UTF-8 would make of it anyway). Also for text nobody can be asked to correct: a name an
 * identity provider sends.
 */
export function cleanText(text: string): string {
  return withoutBidiControls(text.replaceAll(NUL, '')).replace(SURROGATES, (unit) => (unit.length === 2 ? unit : '\uFFFD'));
}

/** A free-text field: `typeKey` answers a value that is not text; length and blank checks chain after it. */
export function freeText(typeKey: MessageKey): z.ZodString {
  return z.string({ message: typeKey }).overwrite(cleanText);
}

/**
 * A one-line field: NUL and lone surrogates are refused (`invalidCharacters`), bidirectional controls removed;
 * `typeKey` answers a value that is not text. Length and blank checks chain after it, on the cleaned line.
 */
export function lineText(typeKey: MessageKey): z.ZodString {
  return z
    .string({ message: typeKey })
    .refine((text) => !hasInvalidCharacters(text), { message: 'invalidCharacters' satisfies ValidationKey })
    .overwrite(withoutBidiControls);
}
