// `npm run bench` (uploads part): what the upload bound saves. A listing posted with five animated GIFs of 190
// frames at 500 × 500 (about 150 kB each, drawn once per run), one post after another, through the real server
// in its own process on the embedded database: the median time to its answer. With `--baseline <ref>` the
// baseline's own API is timed the same way beside this tree's. Alone: `node --import tsx scripts/bench-uploads.ts`
// (BENCH_BASELINE_DIR, a checkout with its packages installed, stands in for `--baseline`).
// Bounded: UPLOAD_POSTS posts per server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { animatedGif } from '../api/test/images.js';
import { benchSession, listingForm, startServer } from './benchServer.js';

const POSTS = Number(process.env.UPLOAD_POSTS ?? 5);
const GIFS_PER_POST = 5;

/** Milliseconds from sending each post until its answer, on the server whose code is in `tree`. */
async function postTimes(gif: Buffer, tree?: string): Promise<{ times: number[]; statuses: number[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-bench-uploads-'));
  const { url, child } = await startServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', WRITE_RATE_LIMIT: '1000' },
    tree,
  );
  const times: number[] = [];
  const statuses: number[] = [];
  try {
    const poster = await benchSession(url, 'gif-poster@bench.local');
    for (let i = 0; i < POSTS; i += 1) {
      const form = listingForm(`Animated ${i}`);
      for (let n = 0; n < GIFS_PER_POST; n += 1)
        form.append('photos', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), `moving-${n}.gif`);
      const started = performance.now();
      const answer = await fetch(`${url}/api/v1/jobs`, { method: 'POST', headers: { authorization: `Bearer ${poster}` }, body: form });
      await answer.arrayBuffer();
      times.push(performance.now() - started);
      statuses.push(answer.status);
    }
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { times, statuses };
}

function summary({ times, statuses }: { times: number[]; statuses: number[] }): string {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
  const answers = [...new Set(statuses)].join(', ');
  return `median ${ms(sorted[Math.floor(sorted.length / 2)]!)} (fastest ${ms(sorted[0]!)}, slowest ${ms(sorted.at(-1)!)}), answered ${answers}`;
}

const gif = await animatedGif(500, 500, 190);
const rows: [string, string][] = [['this tree', summary(await postTimes(gif))]];
const baselineDir = process.env.BENCH_BASELINE_DIR;
if (baselineDir) rows.push([`baseline ${process.env.BENCH_BASELINE_REF ?? baselineDir}`, summary(await postTimes(gif, baselineDir))]);

console.log(
  `\nPOST /api/v1/jobs with ${GIFS_PER_POST} animated GIFs (190 frames of 500 × 500, ${(gif.length / 1000).toFixed(0)} kB each), PGlite, ${POSTS} posts one after another; ${os.availableParallelism()} cores`,
);
for (const [tree, figures] of rows) console.log(`${tree.padEnd(Math.max(...rows.map(([name]) => name.length)))}  ${figures}`);
