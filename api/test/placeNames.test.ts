// The reviewed name table, row by row: every locality of more than its population bound has one, in four
// languages, written in the script its readers read, and the places file the API serves carries exactly
// those names (docs/places.md).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { LANGUAGE_CODES, searchKey, type Language } from '@tasko/shared/domain';
import { placeNamed, places, suggestPlaces } from '../src/plugins/places/places.js';

interface ReviewedRow {
  id: number;
  geonames: string;
  names: Record<Language, string>;
  alsoTyped?: string[];
  unsure?: Partial<Record<Language, string>>;
}
const table = JSON.parse(fs.readFileSync(new URL('../src/plugins/places/placeNames.reviewed.json', import.meta.url), 'utf8')) as {
  populationAbove: number;
  sources: Record<Language, string>;
  places: ReviewedRow[];
};

/** What each language's names may be written with: its own letters, spaces, hyphens and, where used, apostrophes. */
const SCRIPT: Record<Language, RegExp> = {
  // English as a reader types it: plain ASCII letters, no macrons, dots below or curly quotes ("Petah Tikva", not "Petaẖ Tiqva").
  en: /^[A-Za-z][A-Za-z' .-]*$/,
  // Hebrew letters with the geresh (סח'נין) and the maqaf or hyphen; no vowel points.
  he: /^[\u05D0-\u05EA][\u05D0-\u05EA'"\u05F3\u05F4 .()\-\u05BE]*$/,
  // Arabic letters (hamza forms, taa marbuta, alef maqsura) and spaces; no tashkeel, no tatweel, no Latin.
  ar: /^[\u0621-\u063A\u0641-\u064A][\u0621-\u063A\u0641-\u064A -]*$/,
  // Russian Cyrillic as the Israeli Russian-language press writes names: with hyphens, never Latin letters.
  ru: /^[А-ЯЁ][А-Яа-яЁё\- ]*$/,
};

describe('the reviewed place names', () => {
  const byId = new Map(table.places.map((row) => [row.id, row]));

  it('has a row for every locality above its population bound, and one row per locality', () => {
    const above = places.filter((place) => place.population > table.populationAbove);
    assert.ok(above.length >= 241, `${above.length} localities`);
    const missing = above.filter((place) => !byId.has(place.id)).map((place) => `${place.id} ${place.names.en}`);
    assert.deepEqual(missing, []);
    assert.equal(byId.size, table.places.length, 'no locality twice');
  });

  it('says where each language’s names come from', () => {
    for (const language of LANGUAGE_CODES) assert.ok(table.sources[language].length > 40, `a source for ${language}`);
  });

  it('writes every name in its readers’ script: no Latin letters in ru or ar, nothing in en a reader would not type, Hebrew for all', () => {
    const wrong: string[] = [];
    for (const row of table.places) {
      for (const language of LANGUAGE_CODES) {
        const name = row.names[language];
        if (!SCRIPT[language].test(name) || name !== name.trim() || name.includes('  ')) wrong.push(`${row.id} ${language}: ${name}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('flags an unsure name with what was hesitated over, only for the four languages', () => {
    for (const row of table.places) {
      for (const [language, note] of Object.entries(row.unsure ?? {})) {
        assert.ok((LANGUAGE_CODES as readonly string[]).includes(language), `${row.id}: ${language}`);
        assert.ok(typeof note === 'string' && note.length > 0, `${row.id} ${language}: a note`);
      }
    }
  });

  it('is what the API serves: each place named by its row, found by each of its names and other spellings', () => {
    const served = new Map(places.map((place) => [place.id, place]));
    for (const row of table.places) {
      const place = served.get(row.id);
      assert.ok(place, `${row.id} is in the places file`);
      assert.deepEqual(place.names, row.names, `${row.id}: regenerate with npx tsx scripts/generate-places.ts`);
      for (const spelling of [...Object.values(row.names), ...(row.alsoTyped ?? [])]) {
        assert.ok(place.keys.includes(searchKey(spelling)), `${row.id}: "${spelling}" is searchable`);
      }
    }
  });

  it('finds places people name in their own spelling, and names them in the reader’s language', () => {
    const sakhnin = placeNamed('סחנין');
    assert.equal(sakhnin?.names.en, 'Sakhnin');
    assert.equal(suggestPlaces('סחנין', 'ar')[0]?.name, 'سخنين');
    assert.equal(suggestPlaces('eilat', 'ru')[0]?.name, 'Эйлат');
    assert.equal(suggestPlaces('אילת', 'ar')[0]?.name, 'إيلات');
    assert.equal(suggestPlaces('רעננה', 'ru')[0]?.name, 'Раанана');
    assert.equal(suggestPlaces('ראשון', 'en')[0]?.name, 'Rishon LeZion');
  });
});
