// The inbox of a busy member (docs/deal.md, "Paged lists"): one member with 3,000 conversations, on
// PostgreSQL; the first page of `GET /me/conversations` (its bytes, and the median and p99 of 200 requests
// one after the other), a page from the middle, and one conversation alone. Reports; fails on no figure.
// Alone: `node --import tsx scripts/bench-inbox.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchSession, createBenchDatabase, startServer } from './benchServer.js';

const CONVERSATIONS = 3_000;
const REQUESTS = 200;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** `requests` GETs one after the other: the answer's size and the median and p99 time. */
async function timed(url: string, token: string, requests = REQUESTS): Promise<{ bytes: number; p50: number; p99: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    const body = await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { bytes, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const database = await createBenchDatabase('inbox', 'The busy inbox');
if (database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-bench-inbox-'));
  const server = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEV_IDP: 'on',
    SIGN_IN_RATE_LIMIT: '100000',
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    const token = await benchSession(server.url, 'busy-poster@example.com');
    await client.connect();
    // 3,000 applicants, each applying to one of the member's 300 listings with two messages: the rows a
    // real inbox of that size holds, written by the database in one go.
    await client.query(
      `with poster as (select id from users where email = 'busy-poster@example.com'),
       helpers as (
         insert into users (email, name, age_confirmed_at) select 'helper' || n || '@example.com', 'Helper ' || n, now() from generate_series(1, $1) n returning id
       ),
       jobs as (
         insert into listings (publisher_id, title, description, category, amount, contact_person_name, phone, city)
         select poster.id, 'Busy listing ' || n, 'Work to do', 'other', 100, 'Busy', '0541234567', 'Haifa' from poster, generate_series(1, 300) n returning id
       ),
       numbered_jobs as (select id, row_number() over (order by id) - 1 as slot from jobs),
       numbered_helpers as (select id, row_number() over (order by id) - 1 as slot from helpers),
       apps as (
         insert into applications (listing_id, applicant_id, message)
         select j.id, h.id, 'I can help' from numbered_helpers h join numbered_jobs j on j.slot = h.slot % 300 returning id, listing_id, applicant_id
       )
       insert into conversations (application_id, listing_id, poster_id, applicant_id) select apps.id, apps.listing_id, poster.id, apps.applicant_id from apps, poster`,
      [CONVERSATIONS],
    );
    await client.query(
      `with written as (
         insert into messages (conversation_id, author_id, text)
         select c.id, c.applicant_id, 'Hello, I can help with this: ' || repeat('details ', 10) from conversations c, generate_series(1, 2)
         returning id, conversation_id
       )
       update conversations c set last_message_id = w.last from (select conversation_id, max(id) as last from written group by conversation_id) w where w.conversation_id = c.id`,
    );
    await client.query('analyze');
    const first = await timed(`${server.url}/api/v1/me/conversations`, token);
    const page = (await (
      await fetch(`${server.url}/api/v1/me/conversations?limit=100`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { nextCursor: string; conversations: { id: number }[] };
    const middle = await timed(`${server.url}/api/v1/me/conversations?cursor=${page.nextCursor}`, token);
    const one = await timed(`${server.url}/api/v1/conversations/${page.conversations[0]!.id}`, token);
    console.log(
      `\nThe busy inbox: one member with ${CONVERSATIONS.toLocaleString('en')} conversations (PostgreSQL, ${REQUESTS} requests each, one at a time)`,
    );
    console.log('| call | bytes | p50 | p99 |');
    console.log('| --- | --- | --- | --- |');
    for (const [name, figures] of [
      ['first page (30)', first],
      ['page after the first 100', middle],
      ['one conversation', one],
    ] as const) {
      console.log(`| ${name} | ${figures.bytes.toLocaleString('en')} | ${figures.p50.toFixed(1)} ms | ${figures.p99.toFixed(1)} ms |`);
    }
  } finally {
    await client.end().catch(() => undefined);
    server.child.kill();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
