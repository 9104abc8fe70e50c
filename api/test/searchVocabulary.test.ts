// The vocabulary the search matches words to (api/src/search/vocabulary/README.md): every concept in all four
// languages, ids unique, every broader concept there, and enough concepts for every category's everyday tasks.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES, LANGUAGE_CODES, searchKey } from '@tasko/shared/domain';
import { createHash } from 'node:crypto';
import { readVocabulary } from '../src/search/vocabulary.js';
import { TERMS_VERSION } from '../src/search/terms.js';

/**
 * The vocabulary the stored terms of `TERMS_VERSION` were worked out with. A change of the vocabulary changes what
 * stored listings should hold: raise `TERMS_VERSION` (the server then works out every listing's terms again at
 * start-up) and record both here.
 */
const TERMED_WITH = { version: 2, vocabulary: '3696aad5756ae6b1516ed10286309ac6104b8ee30a949ed6d39c4e86acfce22a' };

const concepts = readVocabulary();

describe('the search vocabulary', () => {
  it('is the one the stored terms were worked out with, or TERMS_VERSION is raised with it', () => {
    const vocabulary = createHash('sha256').update(JSON.stringify(concepts)).digest('hex');
    assert.equal(
      vocabulary,
      TERMED_WITH.vocabulary,
      `the vocabulary changed: raise TERMS_VERSION and record it here with the vocabulary's hash ${vocabulary}`,
    );
    assert.equal(TERMS_VERSION, TERMED_WITH.version, 'TERMS_VERSION changed: record the vocabulary it goes with here');
  });

  it('holds at least 300 concepts, with concepts in every category', () => {
    assert.ok(concepts.length >= 300, `${concepts.length} concepts`);
    for (const category of CATEGORIES)
      assert.ok(
        concepts.some((concept) => concept.category === category),
        `no concept in ${category}`,
      );
  });

  it('gives every concept words in English, Hebrew, Arabic and Russian, none empty and none twice in a list', () => {
    for (const concept of concepts)
      for (const language of LANGUAGE_CODES) {
        const words = concept.words[language];
        assert.ok(Array.isArray(words) && words.length > 0, `${concept.id} has no ${language} words`);
        for (const word of words) assert.ok(searchKey(word) !== '', `${concept.id} (${language}): "${word}" has no letter or digit`);
        assert.equal(new Set(words).size, words.length, `${concept.id} (${language}) names a word twice`);
      }
  });

  it('names each concept once, and points only to broader concepts it holds, without a loop', () => {
    const byId = new Map(concepts.map((concept) => [concept.id, concept]));
    assert.equal(byId.size, concepts.length, 'an id is used twice');
    for (const concept of concepts) {
      const seen = new Set([concept.id]);
      for (let broader = concept.broader; broader; broader = byId.get(broader)?.broader) {
        assert.ok(byId.has(broader), `${concept.id} points to ${broader}, which is not a concept`);
        assert.ok(!seen.has(broader), `${concept.id}'s broader concepts loop at ${broader}`);
        seen.add(broader);
      }
    }
  });
});
