// The concepts the search matches words to: the tasks people post, each with the words people write for it in
// the four languages (vocabulary/README.md says how to add one). One file per listing category, read once.
import fs from 'node:fs';
import { CATEGORIES, type Category, type Language } from '@tasko/shared/domain';

export interface Concept {
  id: string;
  /** The category its listings are most likely posted in (the file it is kept in). */
  category: Category;
  /** A more general concept's id: "move-sofa" → "moving". */
  broader?: string;
  /** The words and phrases people write for it, per language, as written (base forms; the analyser inflects). */
  words: Record<Language, string[]>;
}

interface VocabularyFile {
  category: Category;
  concepts: ({ id: string; broader?: string } & Record<Language, string[]>)[];
}

/** Every concept of every category's file, in file order. */
export function readVocabulary(): Concept[] {
  return CATEGORIES.flatMap((category) => {
    const file = JSON.parse(fs.readFileSync(new URL(`./vocabulary/${category}.json`, import.meta.url), 'utf8')) as VocabularyFile;
    if (file.category !== category) throw new Error(`vocabulary/${category}.json says it is ${file.category}`);
    return file.concepts.map(({ id, broader, en, he, ar, ru }) => ({
      id,
      category,
      ...(broader ? { broader } : {}),
      words: { en, he, ar, ru },
    }));
  });
}
