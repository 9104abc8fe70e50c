// `npm run bench` (search quality): how well the public search finds what people mean, on the judged set
// (api/test/search-judgements/README.md). Each listing of the set is posted through the real server in its own
// process on the embedded database, each query is searched as a visitor types it (`GET /api/v1/jobs?q=`, any
// offer type, the server's default order for a query), and the first 10 answers are scored: nDCG@10,
// recall@10 and the share of queries with no relevant listing in them, over the set, each half, each language
// and each kind of query. With `--baseline <ref>` (BENCH_BASELINE_DIR), that commit's API is scored the same way
// beside this tree's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ndcgAt10, postFieldsOf, qualityRows, readJudgedSet, type JudgedSet, type Quality } from '../api/test/searchQuality.js';
import { benchSession, formOf, startServer } from './benchServer.js';

const set = readJudgedSet();
/** Posters per language: several members, as on the site (a member's own listings are not treated apart). */
const POSTERS = 4;

/** The first 10 listing ids (of the judged set) the API at `tree` answers for each query. */
async function rankingsOf(tree: string | undefined, judged: JudgedSet): Promise<Map<string, string[]>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-bench-search-'));
  const { url, child } = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      WRITE_RATE_LIMIT: '100000',
      SIGN_IN_RATE_LIMIT: '1000',
      SEARCH_CACHE_MS: '0',
    },
    tree,
  );
  try {
    const judgedIdOf = new Map<number, string>();
    const posters = new Map<string, string[]>();
    for (const language of new Set(judged.listings.map((listing) => listing.language)))
      posters.set(
        language,
        await Promise.all(Array.from({ length: POSTERS }, (_, n) => benchSession(url, `poster${n}-${language}@bench.local`))),
      );
    for (const [index, listing] of judged.listings.entries()) {
      const token = posters.get(listing.language)?.[index % POSTERS] ?? '';
      const answer = await fetch(`${url}/api/v1/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: formOf(postFieldsOf(listing)),
      });
      if (answer.status !== 201) throw new Error(`${listing.id} not posted: ${answer.status} ${await answer.text()}`);
      judgedIdOf.set(((await answer.json()) as { job_id: number }).job_id, listing.id);
    }
    const rankings = new Map<string, string[]>();
    for (const query of judged.queries) {
      const answer = await fetch(`${url}/api/v1/jobs?q=${encodeURIComponent(query.text)}&pageSize=10`);
      if (answer.status !== 200) throw new Error(`${query.id} "${query.text}": ${answer.status} ${await answer.text()}`);
      const { jobs } = (await answer.json()) as { jobs: { job_id: number }[] };
      rankings.set(
        query.id,
        jobs.map((job) => judgedIdOf.get(job.job_id) ?? `other-${job.job_id}`),
      );
    }
    return rankings;
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = (quality: Quality) =>
  `${quality.ndcg.toFixed(3).padStart(7)} ${quality.recall.toFixed(3).padStart(7)} ${`${(quality.noneRelevant * 100).toFixed(0)} %`.padStart(6)}`;

const baselineDir = process.env.BENCH_BASELINE_DIR;
const lastRankings = await rankingsOf(undefined, set);
const columns: { name: string; rows: ReturnType<typeof qualityRows> }[] = [{ name: 'this tree', rows: qualityRows(set, lastRankings) }];
if (baselineDir) {
  columns.push({
    name: `baseline ${process.env.BENCH_BASELINE_REF ?? ''}`.trim(),
    rows: qualityRows(set, await rankingsOf(baselineDir, set)),
  });
}

console.log(
  `\nSearch quality on the judged set (${set.listings.length} listings, ${set.queries.length} queries; PGlite): nDCG@10, recall@10, share of queries with nothing relevant in the first 10`,
);
console.log(`${'queries'.padEnd(26)}${columns.map((column) => `| ${column.name.padEnd(22)}`).join('')}`);
for (const [index, { row, quality }] of (columns[0]?.rows ?? []).entries()) {
  const cells = columns.map((column) => `| ${figures(column.rows[index]?.quality ?? quality)} `);
  console.log(`${`${row} (${quality.queries})`.padEnd(26)}${cells.join('')}`);
}

// `BENCH_SEARCH_WORST=<n>`: the n queries of the tune half this tree ranks worst, with what it put first and what
// it missed, to tune by (never the held-out half: its figure is the one that counts).
const worst = Number(process.env.BENCH_SEARCH_WORST ?? 0);
if (worst > 0) {
  const titleOf = new Map(set.listings.map((listing) => [listing.id, `${listing.jobTitle} (${listing.city})`]));
  const scored = set.queries
    .filter((query) => query.half === 'tune')
    .map((query) => ({
      query,
      ranked: lastRankings.get(query.id) ?? [],
      ndcg: ndcgAt10(lastRankings.get(query.id) ?? [], set.judgements[query.id] ?? {}),
    }))
    .sort((a, b) => a.ndcg - b.ndcg)
    .slice(0, worst);
  for (const { query, ranked, ndcg } of scored) {
    console.log(`\n${ndcg.toFixed(2)} [${query.language} ${query.kind}] ${query.text}`);
    for (const id of ranked.slice(0, 3)) console.log(`   got ${(set.judgements[query.id] ?? {})[id] ?? 0}: ${titleOf.get(id) ?? id}`);
    const missed = Object.entries(set.judgements[query.id] ?? {})
      .filter(([id, grade]) => grade >= 2 && !ranked.includes(id))
      .slice(0, 3);
    for (const [id, grade] of missed) console.log(`   missed ${grade}: ${titleOf.get(id) ?? id}`);
  }
}
