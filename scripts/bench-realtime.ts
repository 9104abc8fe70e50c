// `npm run bench` (real-time part): the live event stream under load (docs/deal.md, "Real time"). On PostgreSQL
// (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test; a database of its own is created
// there and dropped at the end): 1,000 members in 500 pairs, each pair a conversation opened by a real
// application, every member with `GET /me/events` open over real HTTP; then 50 messages a second for 10 s
// through the real `POST /conversations/{id}/messages`, each timed from the moment it is sent until the
// other side's stream has it. The same again with two API processes on the one database, every message
// written through the process that does not hold its reader's stream, so each crosses NOTIFY.
// Memory per stream: what the second half of the streams adds to each API process's RSS and heap (each read
// after a full collection), divided by those streams: the cost of one more stream, the process's one-time
// costs (the first connection's code, its buffers) left out. Each timed round follows 2 s of the same
// sending, not counted (a fresh process compiles its first calls). Targets: p99 < 250 ms, < 30 kB per
// stream. Benchmarks report; nothing here fails on a figure. Alone: `node --import tsx scripts/bench-realtime.ts`.
// Bounded: REALTIME_SECONDS of sending (10) per round, then at most 5 s for the last deliveries.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '../api/src/db/client.js';
import { SessionService } from '../api/src/plugins/auth/sessions.js';
import { createBenchDatabase, freePort, listingForm } from './benchServer.js';

const PAIRS = Number(process.env.REALTIME_PAIRS ?? 500);
const RATE = 50;
const SECONDS = Number(process.env.REALTIME_SECONDS ?? 10);
const DRAIN_MS = 5_000;
/** Sent before each timed round and not counted: the first calls of a fresh process are compiled as they run. */
const WARM_UP_SECONDS = 2;
const root = path.resolve(import.meta.dirname, '..');

interface Member {
  id: number;
  token: string;
}
interface Pair {
  poster: Member;
  applicant: Member;
  conversationId: number;
}
interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** RSS and heap used, in bytes, after a full collection in the server's process. */
  memory(): Promise<{ rss: number; heapUsed: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The real server (api/src/main.ts) in its own process, as benchServer's startServer, with a probe: on SIGUSR2
 * it collects garbage and writes its memory on standard error, which is how this bench reads its heap.
 */
async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const main = pathToFileURL(path.join(root, 'api', 'src', 'main.ts')).href;
  const probe = `process.on('SIGUSR2', () => { globalThis.gc(); process.stderr.write('@memory ' + JSON.stringify(process.memoryUsage()) + '\\n'); }); await import(${JSON.stringify(main)});`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', '--input-type=module', '-e', probe], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'off' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const waiting: ((line: string) => void)[] = [];
  let partial = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('@memory ')) waiting.shift()?.(line.slice(8));
      else process.stderr.write(`${line}\n`);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) {
        return {
          url,
          child,
          memory: () =>
            new Promise((resolve) => {
              waiting.push((line) => resolve(JSON.parse(line) as { rss: number; heapUsed: number }));
              child.kill('SIGUSR2');
            }),
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill();
  throw new Error('the server did not start within 30 s');
}

/**
 * The process's memory once what came before has been collected and handed back: read after a collection,
 * again every half second until RSS moves less than 256 kB (V8 returns freed pages to the system lazily).
 */
async function settledMemory(api: ApiProcess): Promise<{ rss: number; heapUsed: number }> {
  let last = await api.memory();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await sleep(500);
    const next = await api.memory();
    const isSettled = Math.abs(next.rss - last.rss) < 256 * 1024;
    last = next;
    if (isSettled) break;
  }
  return last;
}

/**
 * Waits until the deal's emails stop arriving in the outbox (each application mails its poster, rendered in
 * the API process): the rounds time the stream in a steady state, not beside 500 emails being rendered.
 */
async function mailSettled(outbox: string): Promise<number> {
  const count = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
  let last = -1;
  let stableSince = performance.now();
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const now = count();
    if (now !== last) {
      last = now;
      stableSince = performance.now();
    } else if (performance.now() - stableSince > 8_000) break;
    await sleep(250);
  }
  return last;
}

/** `count` adults with a session each, made in the database (signing in 1,000 people is not what is measured). */
async function createMembers(handle: DatabaseHandle, count: number, role: string): Promise<Member[]> {
  const rows = rowsOf<{ id: number }>(
    await handle.db.execute(sql`
      insert into users (email, name, age_confirmed_at)
      select ${role} || n || '@bench.local', 'Bench ' || ${role} || ' ' || n, now() from generate_series(1, ${count}) as n
      returning id`),
  );
  const sessions = await SessionService.open(handle.db);
  return Promise.all(rows.map(async (row) => ({ id: Number(row.id), token: await sessions.issue(Number(row.id)) })));
}

/** Runs `task` on every item, `width` at a time. */
async function inBatches<T, R>(items: readonly T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map((item, offset) => task(item, start + offset)))));
  }
  return results;
}

/** Each pair's conversation, opened as members open one: the poster publishes a listing, the applicant applies. */
async function openConversations(url: string, posters: Member[], applicants: Member[]): Promise<Pair[]> {
  return inBatches(posters, 16, async (poster, index) => {
    const applicant = applicants[index]!;
    const posted = await fetch(`${url}/api/v1/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${poster.token}` },
      body: listingForm(`Sofa ${index}`),
    });
    if (posted.status !== 201) throw new Error(`listing refused: ${await posted.text()}`);
    const { job_id: jobId } = (await posted.json()) as { job_id: number };
    const applied = await fetch(`${url}/api/v1/jobs/${jobId}/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${applicant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello, I can help with the sofa.' }),
    });
    if (applied.status !== 201) throw new Error(`application refused: ${await applied.text()}`);
    const { application } = (await applied.json()) as { application: { conversationId: number } };
    return { poster, applicant, conversationId: application.conversationId };
  });
}

/** An open `GET /me/events`, read as EventSource would; `onMessage` hears each `message` event's text. */
async function openStream(url: string, member: Member, onMessage: (text: string, at: number) => void): Promise<() => void> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/v1/me/events`, {
    headers: { authorization: `Bearer ${member.token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (!block.includes('\nevent: message\n')) continue;
          const data = block.slice(block.indexOf('\ndata: ') + 7);
          onMessage((JSON.parse(data) as { message: { text: string } }).message.text, at);
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return () => abort.abort();
}

/** Message `index` goes to pair `index % pairs`, written by the poster on the first pass, the applicant on the next. */
const senderOf = (index: number, pair: Pair, pairCount: number): Member =>
  Math.floor(index / pairCount) % 2 === 0 ? pair.poster : pair.applicant;

interface RoundResult {
  sent: number;
  refused: number;
  latencies: number[];
  /** From the send until the 201: the route's own share of a delivery. */
  answerTimes: number[];
}

/**
 * RATE messages a second for SECONDS, pair after pair, each side in turn; `serverFor(pair, sender)` is where
 * the message is written. A message counts when the other side's stream has it.
 */
async function sendMessages(
  round: string,
  pairs: Pair[],
  serverFor: (pair: Pair, sender: Member) => string,
  arrivals: Map<string, number>,
  seconds = SECONDS,
): Promise<RoundResult> {
  const total = RATE * seconds;
  const sentAt = new Map<string, number>();
  const answers: Promise<{ status: number; ms: number }>[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index += 1) {
    await sleep(start + (index * 1000) / RATE - performance.now());
    const pair = pairs[index % pairs.length]!;
    const sender = senderOf(index, pair, pairs.length);
    const text = `${round} ${index}`;
    const sent = performance.now();
    sentAt.set(text, sent);
    answers.push(
      fetch(`${serverFor(pair, sender)}/api/v1/conversations/${pair.conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      }).then(async (answer) => {
        await answer.arrayBuffer();
        return { status: answer.status, ms: performance.now() - sent };
      }),
    );
  }
  const answered = await Promise.all(answers);
  const deadline = performance.now() + DRAIN_MS;
  while ([...sentAt.keys()].some((text) => !arrivals.has(text)) && performance.now() < deadline) await sleep(20);
  const latencies = [...sentAt].flatMap(([text, at]) => (arrivals.has(text) ? [arrivals.get(text)! - at] : []));
  return {
    sent: total,
    refused: answered.filter(({ status }) => status !== 201).length,
    latencies,
    answerTimes: answered.map(({ ms }) => ms),
  };
}

/** Opens each member's stream on `serverOf(member)`; a message's arrival is recorded on its reader's stream only. */
async function openStreams(
  pairs: Pair[],
  pairCount: number,
  serverOf: (member: Member) => string,
  arrivals: Map<string, number>,
): Promise<(() => void)[]> {
  const pairOf = new Map<number, Pair>();
  for (const pair of pairs) {
    pairOf.set(pair.poster.id, pair);
    pairOf.set(pair.applicant.id, pair);
  }
  const members = pairs.flatMap((pair) => [pair.poster, pair.applicant]);
  return inBatches(members, 50, (member) =>
    openStream(serverOf(member), member, (text, at) => {
      const [round, index] = text.split(' ');
      if (!round?.startsWith('round') || arrivals.has(text)) return;
      if (senderOf(Number(index), pairOf.get(member.id)!, pairCount).id !== member.id) arrivals.set(text, at);
    }),
  );
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A database of the bench's own on DATABASE_URL's server, or null when no PostgreSQL answers there. */
const database = await createBenchDatabase('realtime', 'Real time');
if (database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-bench-realtime-'));
  const unlimited = '100000';
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEV_IDP: 'on',
    // The bench's own members post, apply and write far past a person's limits, from one address.
    SIGN_IN_RATE_LIMIT: unlimited,
    WRITE_RATE_LIMIT: unlimited,
    APPLICATION_RATE_LIMIT: unlimited,
    MESSAGE_RATE_LIMIT: unlimited,
    CONVERSATION_DAILY_LIMIT: unlimited,
  };
  const children: ChildProcess[] = [];
  let handle: DatabaseHandle | null = null;
  const rows: string[][] = [];
  try {
    const first = await startApi(env);
    children.push(first.child);
    handle = await openDatabase({ databaseUrl: database.url, pgliteDir: 'memory' });
    const setupStart = performance.now();
    const posters = await createMembers(handle, PAIRS, 'poster');
    const applicants = await createMembers(handle, PAIRS, 'applicant');
    const pairs = await openConversations(first.url, posters, applicants);
    const setupSeconds = ((performance.now() - setupStart) / 1000).toFixed(1);
    const emails = await mailSettled(path.join(dataDir, 'outbox'));
    console.log(
      `\nReal time: ${(PAIRS * 2).toLocaleString('en')} members, ${PAIRS} conversations opened in ${setupSeconds} s (then ${emails} emails written before timing)`,
    );

    // One API process: every stream on it, every message written through it.
    {
      const arrivals = new Map<string, number>();
      const closers = await openStreams(pairs.slice(0, PAIRS / 2), PAIRS, () => first.url, arrivals);
      const before = await settledMemory(first);
      closers.push(...(await openStreams(pairs.slice(PAIRS / 2), PAIRS, () => first.url, arrivals)));
      const open = await settledMemory(first);
      await sendMessages('warmup1', pairs, () => first.url, arrivals, WARM_UP_SECONDS);
      const result = await sendMessages('round1', pairs, () => first.url, arrivals);
      for (const close of closers) close();
      rows.push(row('one process', result, [{ before, open, streams: PAIRS }]));
    }
    // Two API processes on the one database: the poster's stream on A, the applicant's on B, each message
    // written through the process that does not hold its reader's stream.
    const second = await startApi(env);
    children.push(second.child);
    {
      const memberServer = new Map<number, string>();
      for (const pair of pairs) {
        memberServer.set(pair.poster.id, first.url);
        memberServer.set(pair.applicant.id, second.url);
      }
      const arrivals = new Map<string, number>();
      const serverOf = (member: Member) => memberServer.get(member.id)!;
      const closers = await openStreams(pairs.slice(0, PAIRS / 2), PAIRS, serverOf, arrivals);
      const before = [await settledMemory(first), await settledMemory(second)];
      closers.push(...(await openStreams(pairs.slice(PAIRS / 2), PAIRS, serverOf, arrivals)));
      const open = [await settledMemory(first), await settledMemory(second)];
      await sendMessages('warmup2', pairs, (_pair, sender) => memberServer.get(sender.id)!, arrivals, WARM_UP_SECONDS);
      const result = await sendMessages('round2', pairs, (_pair, sender) => memberServer.get(sender.id)!, arrivals);
      for (const close of closers) close();
      rows.push(
        row('two processes', result, [
          { before: before[0]!, open: open[0]!, streams: PAIRS / 2 },
          { before: before[1]!, open: open[1]!, streams: PAIRS / 2 },
        ]),
      );
    }
  } finally {
    // Each process closes on SIGTERM; the database is dropped once none of them holds a connection to it.
    const exited = children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(),
    );
    for (const child of children) child.kill();
    await Promise.race([Promise.all(exited), sleep(10_000)]);
    await handle?.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nGET /me/events on PostgreSQL: ${(PAIRS * 2).toLocaleString('en')} streams (${PAIRS} pairs), ${RATE} messages a second for ${SECONDS} s through POST /conversations/{id}/messages, timed from the send until the other side's stream has it; ${os.availableParallelism()} cores`,
  );
  const header = ['', 'delivered', 'refused', 'p50', 'p99', 'max', 'POST p50', 'POST p99', 'RSS per stream', 'heap per stream'];
  const table = [header, ...rows, ['target', '', '', '', '< 250 ms', '', '', '', '< 30 kB', '< 30 kB']];
  const widths = header.map((_, column) => Math.max(...table.map((cells) => (cells[column] ?? '').length)));
  for (const cells of table)
    console.log(cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
  console.log(
    'Per stream: the second half of the streams, per process (A / B). The heap is the figure: RSS barely moves, as new objects fill pages already resident, and V8 hands freed ones back when it likes.',
  );
}

function row(
  name: string,
  result: RoundResult,
  processes: { before: { rss: number; heapUsed: number }; open: { rss: number; heapUsed: number }; streams: number }[],
): string[] {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const answers = [...result.answerTimes].sort((a, b) => a - b);
  const per = (field: 'rss' | 'heapUsed') =>
    processes.map(({ before, open, streams }) => kB((open[field] - before[field]) / streams)).join(' / ');
  return [
    name,
    `${sorted.length}/${result.sent}`,
    String(result.refused),
    ms(percentile(sorted, 0.5)),
    ms(percentile(sorted, 0.99)),
    ms(sorted.at(-1) ?? Number.NaN),
    ms(percentile(answers, 0.5)),
    ms(percentile(answers, 0.99)),
    per('rss'),
    per('heapUsed'),
  ];
}
