// `npm run bench` (alerts part): how long an instant alert takes from a publish to the outbox, through the
// real server in its own process on the embedded database: the time from the publish's 201 until the
// alert's .eml file is in DATA_DIR/outbox. Bounded: ALERT_SAMPLES publishes, each waited for at most 10 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchSession, listingForm, startServer } from './benchServer.js';

const SAMPLES = Number(process.env.ALERT_SAMPLES ?? 20);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-bench-alerts-'));
const outbox = path.join(dataDir, 'outbox');
const { url, child } = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', WRITE_RATE_LIMIT: '1000' });
const latencies: number[] = [];
try {
  const reader = await benchSession(url, 'reader@bench.local');
  const poster = await benchSession(url, 'poster@bench.local');
  const created = await fetch(`${url}/api/v1/me/alerts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
    body: JSON.stringify({ offerType: 'job', q: 'sofa', frequency: 'instant' }),
  });
  if (created.status !== 201) throw new Error(`alert not saved: ${await created.text()}`);
  const emails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).length : 0);
  for (let i = 0; i < SAMPLES; i += 1) {
    const before = emails();
    const answer = await fetch(`${url}/api/v1/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${poster}` },
      body: listingForm(`Sofa ${i}`),
    });
    const published = performance.now();
    if (answer.status !== 201) throw new Error(`publish refused: ${await answer.text()}`);
    while (emails() === before && performance.now() - published < 10_000) await new Promise((r) => setTimeout(r, 2));
    if (emails() === before) throw new Error('no email within 10 s');
    latencies.push(performance.now() - published);
  }
} finally {
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
console.log(
  `\nInstant alert, publish (201) → .eml in the outbox, PGlite, ${SAMPLES} publishes: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
);
