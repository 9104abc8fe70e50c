// How the search reads a word in each language, and which tasks of the vocabulary a text speaks of
// (docs/search.md): the pieces the listing's stored terms and a query's terms are made of.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hebrewReadings, scriptOf, stemsOf, wordsOf } from '../src/search/analyse.js';
import { conceptIndex } from '../src/search/concepts.js';
import { listingTermsOf, MOST_QUERY_TERMS, readQuery, SCATTERED } from '../src/search/terms.js';
import { transliterations } from '../src/search/transliterate.js';
import { corrections, editDistance, editsAllowed } from '../src/search/typos.js';

/** The stems of every word of a text, for comparing two texts' readings. */
const stemSets = (text: string) => wordsOf(text).map((word) => stemsOf(word));
/** Whether two spellings of one word share a reading. */
const meet = (a: string, b: string) => {
  const [readingsOfA = [], readingsOfB = []] = [stemSets(a)[0], stemSets(b)[0]];
  return readingsOfA.some((reading) => readingsOfB.includes(reading));
};

describe('reading a word', () => {
  it('tells the language by the script, and leaves numbers as they are', () => {
    assert.deepEqual(['חיפה', 'حيفا', 'Хайфа', 'Haifa', '054'].map(scriptOf), ['he', 'ar', 'ru', 'en', null]);
    assert.deepEqual(stemsOf('054'), ['054']);
  });

  it('takes Hebrew prefix letters off, one to three of them, but never below three letters', () => {
    assert.ok(hebrewReadings('ובחיפה').includes('חיפ'));
    assert.ok(stemsOf(wordsOf('לניקיון')[0] ?? '').includes(stemsOf(wordsOf('ניקיון')[0] ?? '')[0] ?? '-'));
    assert.deepEqual(hebrewReadings('בית'), ['בית'], 'a short word keeps its first letter');
    assert.equal(hebrewReadings('חיפה')[0], 'חיפ', 'the plainest reading first');
  });

  it('reads Hebrew singular, construct and plural alike (הובלה, הובלת, הובלות; מזגן, מזגנים)', () => {
    for (const [a, b] of [
      ['הובלה', 'הובלת'],
      ['הובלה', 'הובלות'],
      ['הובלה', 'בהובלת'],
      ['דירה', 'דירות'],
      ['מזגן', 'מזגנים'],
    ] as const)
      assert.ok(meet(a, b), `${a} and ${b}`);
    assert.ok(!meet('הובלה', 'דירה'));
  });

  it('reads Arabic with its article and attached conjunctions and prepositions alike', () => {
    for (const form of ['التنظيف', 'وتنظيف', 'بالتنظيف']) assert.ok(meet('تنظيف', form), form);
    assert.ok(meet('مدرسة', 'مدرسين'), 'feminine and plural endings');
  });

  it('reads Russian and English endings alike', () => {
    for (const [a, b] of [
      ['уборка', 'уборку'],
      ['квартира', 'квартиры'],
      ['репетитор', 'репетитора'],
      ['babysitter', 'babysitting'],
      ['moving', 'move'],
      ['cleaning', 'clean'],
    ] as const)
      assert.ok(meet(a, b), `${a} and ${b}`);
  });
});

describe('the tasks a text speaks of', () => {
  const index = conceptIndex();

  it('finds one task in all four languages: cleaning a flat', () => {
    for (const text of ['ניקיון דירה', 'уборка квартиры', 'تنظيف شقة', 'apartment cleaning'])
      assert.ok(index.conceptsIn(text).includes('clean-flat'), text);
  });

  it('finds a phrase with its words in another order, another form, or a word between them', () => {
    assert.ok(index.conceptsIn('דירה גדולה, ניקיון יסודי').includes('clean-flat'));
    assert.ok(index.conceptsIn('cleaning the apartment').includes('clean-flat'));
    assert.ok(index.conceptsIn('עזרה בהובלת דירה בחיפה').includes('move-flat'));
  });

  it('finds loanwords as written in each script, with the broader task they belong to', () => {
    for (const text of ['בייביסיטר', 'бебиситтер', 'بيبي سيتر', 'babysitter', 'שמרטפית']) {
      const concepts = index.conceptsIn(text);
      assert.ok(concepts.includes('babysitter') && concepts.includes('childcare'), `${text}: ${concepts.join(', ')}`);
    }
  });

  it('finds nothing in words no task is named by', () => {
    assert.deepEqual(index.conceptsIn('שלום'), []);
    assert.deepEqual(index.conceptsIn('hello there'), []);
  });
});

describe('typos and Latin letters', () => {
  it('counts an added, missing, replaced or swapped letter as one edit, and stops past the limit', () => {
    assert.equal(editDistance('clening', 'cleaning', 2), 1);
    assert.equal(editDistance('cleanign', 'cleaning', 2), 1);
    assert.equal(editDistance('сантехнек', 'сантехник', 2), 1);
    assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3, 'limit + 1 once past the limit');
    assert.deepEqual([4, 5, 7, 8].map(editsAllowed), [0, 1, 1, 2]);
  });

  it('reads a word of five letters or more as the vocabulary words one or two edits away, never a short word', () => {
    const known = corrections(['cleaning', 'plumber', 'ניקיון', 'רהט']);
    assert.deepEqual(known.correctionsOf('clening'), ['cleaning']);
    assert.deepEqual(known.correctionsOf('plumer'), ['plumber']);
    assert.deepEqual(known.correctionsOf('ניקון'), ['ניקיון']);
    assert.deepEqual(known.correctionsOf('רטב'), [], 'too short to correct');
    assert.deepEqual(known.correctionsOf('cleaning'), [], 'a known word is no typo');
  });

  it('lists the words near a word closest first, then alphabetically, whatever the lengths compared before', () => {
    const known = corrections(['sofa', 'soft', 'safe', 'sofas', 'babysitting', 'so']);
    assert.equal(editDistance('babysittng', 'babysitting', 2), 1, 'a long word after short ones');
    assert.deepEqual(known.nearestOf('sofe', 1), ['safe', 'sofa', 'soft']);
    assert.deepEqual(known.nearestOf('sofe', 2), ['safe', 'sofa', 'soft', 'so', 'sofas']);
    assert.equal(editDistance('sofe', 'sofa', 1), 1, 'a short word after a long one');
  });

  it('reads a Latin word as the Hebrew, Russian and Arabic words of the same consonants and vowels', () => {
    const latin = transliterations({ he: ['ניקיונ', 'דירה', 'דואר', 'בריכה'], ru: ['уборка', 'брюки', 'няня'], ar: ['تنظيف', 'سباك'] });
    assert.deepEqual(latin.wordsFor('nikayon'), ['ניקיונ']);
    assert.deepEqual(latin.wordsFor('dira'), ['דירה'], 'not דואר: the vowels disagree');
    assert.deepEqual(latin.wordsFor('uborka'), ['уборка'], 'not בריכה or брюки');
    assert.deepEqual(latin.wordsFor('nyanya'), ['няня']);
    assert.deepEqual(latin.wordsFor('tanzif'), ['تنظيف']);
    assert.deepEqual(latin.wordsFor('sabbak'), ['سباك']);
  });
});

describe('the terms of a listing and of a query', () => {
  it('stores each term once: repeating words adds nothing', () => {
    const once = listingTermsOf({ title: 'Cleaning', description: 'cleaning', placeId: null });
    const stuffed = listingTermsOf({ title: 'cleaning cleaning cleaning', description: 'cleaning cleaning', placeId: null });
    assert.deepEqual(stuffed.sort(), once.sort());
    assert.ok(once.includes('t:clean') && once.includes('T:cleaning'));
  });

  it('marks a title that lists many separate tasks', () => {
    assert.ok(listingTermsOf({ title: 'moving painting plumbing electric garden', description: '', placeId: null }).includes(SCATTERED));
    assert.ok(!listingTermsOf({ title: 'Moving a sofa and a fridge', description: '', placeId: null }).includes(SCATTERED));
    // Five tasks of the vocabulary, overlapping in its words: one task, cleaning a flat before moving out.
    assert.ok(!listingTermsOf({ title: 'Apartment cleaning before moving out', description: '', placeId: null }).includes(SCATTERED));
    assert.ok(listingTermsOf({ title: 'ניקיון, הובלה, צביעה, גינון', description: '', placeId: null }).includes(SCATTERED));
  });

  it('reads a query as stems, tasks in every language, places, typos and Latin spellings, at most 32 terms', () => {
    const read = readQuery('ניקיון דירה בחיפה');
    const terms = read.words.flatMap((word) => word.tiers.flatMap((tier) => tier.terms));
    assert.ok(terms.includes('T:clean-flat') && terms.includes('t:ניקיונ'), terms.join(' '));
    assert.ok(terms.includes('p:294801'), 'Haifa, the place');
    assert.deepEqual(
      read.words.map((word) => word.isRequired),
      [true, true, false],
      'a place ranks but is not required',
    );
    assert.ok(readQuery('clening').terms.includes('t:clean'));
    assert.ok(readQuery('uborka').terms.includes('t:уборк'));
    const long = readQuery('moving cleaning garden plumbing painting babysitter tutor dog cat sofa fridge wedding');
    const keys = new Set(long.terms.map((term) => term.slice(term.indexOf(':') + 1)));
    assert.ok(keys.size <= MOST_QUERY_TERMS, `${keys.size} terms`);
    assert.deepEqual(readQuery('sofa sofa sofa').words.length, 1, 'a word said again is read once');
  });
});
