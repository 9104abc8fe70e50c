/**
 * The schema-driven fuzz (docs/security.md "The fuzz"): every operation of the OpenAPI document, called with
 * wrong types, huge strings, deep JSON, hostile numbers, unknown and missing fields, anonymously, signed in
 * and as a moderator. No answer may be a 5xx, and every refusal under /api is the one error shape. The seed
 * is fixed (FUZZ_SEED picks another), so a failure replays exactly. Besides the random calls, every writing
 * operation gets hostile characters in each of its text fields and bodies nested too deep, by every member.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { LISTING_FIELDS, POSTED_FIELDS } from '@tasko/shared/validation';
import { makeFixtureSite } from '../test/fixtureSite.js';
import { freshClientAddress, publishListing, signIn, testDatabases, useServerOn } from '../test/testServer.js';
import { multipartBody, validPostFields } from '../test/multipart.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
/** Calls per operation and database: enough to reach every parameter with several shapes. */
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 60);
/** Rounds made whatever the time: each operation is called at least this often, on a slow machine too. */
const MIN_ROUNDS = 10;
/** Past this the fuzz stops generating the rounds beyond MIN_ROUNDS, whatever is left: the suite stays near a minute. */
const TIME_BUDGET_MS = 25_000;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomFrom>;

const HOSTILE_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  9_999_999_999,
  -9_999_999_999,
  1e308,
  -1e308,
  5e-324,
];
const HOSTILE_STRINGS = [
  '',
  ' ',
  'a'.repeat(100_000),
  '\u0000',
  'sofa\u0000chairs',
  '\ud800',
  'a\udc00b',
  'Pay only via \u202emoc.liamg@knab\u202c',
  '%00',
  '%',
  '%E0%A4',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u202eevil',
  '𝕏'.repeat(2000),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '2147483648',
  '-9999999999',
  '99999999999999999999999',
  '0x10',
  '٣',
  'null',
  'true',
  '[]',
  '{"a":1}',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'dana@example.com',
  '2024-02-31T25:61:61.000000Z',
];
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[[]]],
  { __proto__: { admin: true } },
  { constructor: { prototype: {} } },
  ...HOSTILE_NUMBERS,
  ...HOSTILE_STRINGS,
];

/** Deep JSON as text: a parser that recurses would overflow its stack on it. */
const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/**
 * What a text field may meet (docs/security.md, "Text members write"): NUL (PostgreSQL refuses it), lone
 * surrogates (no UTF-8 holds them; JSON's escapes carry them) and a bidirectional override.
 */
const HOSTILE_TEXTS = ['sofa\u0000chairs', '\u0000', '\ud800', 'a\udc00b', 'Pay only via \u202emoc.liamg@knab\u202c'];
/** The listing's fields a poster types text into (the listing contract's controls), as the multipart post sends them. */
const TYPED_LISTING_FIELDS = POSTED_FIELDS.filter((name) =>
  ['text', 'multiline', 'tel', 'email', 'place'].includes(LISTING_FIELDS[name].posted.control),
);
/** Bodies past the 32 levels the server parses: one level past it, and the 5,000 that overflowed the stack. */
const TOO_DEEP = [33, 5_000];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
  /** Its summary says it takes the listing's multipart post (POST /jobs, PUT /jobs/{id}). */
  isMultipart: boolean;
  /** Its 200 is `text/event-stream` (GET /me/events): an answer that does not end. */
  isStream: boolean;
}

/**
 * A token the server issued (a search cursor: base64url of JSON) with one field inside it replaced: the
 * schema sees a well-formed string, so only the server's own checks stand between it and SQL.
 */
function mutatedToken(token: string, random: Random): string {
  try {
    const inside = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    // A field that carries a value (digits in it), so the mutation lands where the server reads numbers.
    const valued = Object.keys(inside).filter((key) => /\d/.test(String(inside[key])));
    const field = random.pick(valued.length ? valued : Object.keys(inside));
    const value = inside[field];
    const digits = String(random.pick(['00', '13', '31', '32', '60', '99', 2 ** 31, 9_999_999_999, -9_999_999_999]));
    if (typeof value === 'string') {
      // One run of digits replaced (a month, a day, an amount, an id): the shape still holds, the value may not.
      const runs = [...value.matchAll(/\d+/g)];
      const run = runs.length ? random.pick(runs) : undefined;
      inside[field] =
        run?.index === undefined
          ? random.pick(HOSTILE_VALUES)
          : value.slice(0, run.index) + digits + value.slice(run.index + run[0].length);
    } else if (typeof value === 'number') inside[field] = random.pick(HOSTILE_NUMBERS);
    else inside[field] = random.pick(HOSTILE_VALUES);
    return Buffer.from(JSON.stringify(inside)).toString('base64url');
  } catch {
    return token;
  }
}

/** A value the schema would take, so a call gets past validation to the handler and its queries. */
function plausible(schema: JsonSchema | undefined, random: Random, known: Known): unknown {
  if (!schema) return random.pick(['1', 'x']);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return plausible(random.pick(choices), random, known);
  if (schema.enum?.length) return random.pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return random.pick([1, known.listingId, schema.minimum ?? 0, schema.maximum ?? 10]);
    case 'boolean':
      return random.chance(0.5);
    case 'array':
      return [plausible(schema.items, random, known)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, plausible(property, random, known)]),
      );
    default:
      if (schema.format === 'email') return 'fuzz@example.com';
      return random.pick(['Haifa', 'dog walker', 'a', '1', known.cursor]).slice(0, schema.maxLength ?? 100);
  }
}

/** A value that may be right, wrong in type, out of range, huge or absent (undefined). */
function hostile(schema: JsonSchema | undefined, random: Random, known: Known): unknown {
  const roll = random.next();
  if (roll < 0.35) return plausible(schema, random, known);
  if (roll < 0.45) return undefined;
  if (schema?.type === 'object' && random.chance(0.5)) return hostileObject(schema, random, known);
  if (schema?.type === 'string' && random.chance(0.6)) return mutatedToken(known.cursor, random);
  return random.pick(HOSTILE_VALUES);
}

/** An object with each field right, wrong or missing, and unknown fields besides. */
function hostileObject(schema: JsonSchema, random: Random, known: Known): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = hostile(property, random, known);
    if (value !== undefined) object[name] = value;
  }
  if (random.chance(0.3))
    object[random.pick(['isAdmin', 'userId', 'user_id', 'status', '__proto__', 'constructor', 'x'.repeat(500)])] =
      random.pick(HOSTILE_VALUES);
  return object;
}

/** A path segment: a lone surrogate, which encodeURIComponent refuses, is sent as UTF-8 would carry it (U+FFFD). */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** A query or path value as text: what a URL can carry. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

function hasMessageKey(body: string): boolean {
  try {
    return typeof (JSON.parse(body) as { messageKey?: unknown }).messageKey === 'string';
  } catch {
    return false;
  }
}

interface Known {
  listingId: number;
  alertId: number;
  userId: number;
  cursor: string;
  /** The deal the fuzz sets up: the member's listing applied to by the seeker, done, both reviews published. */
  applicationId: number;
  conversationId: number;
  messageId: number;
  /** The seeker's review of the member (the member may reply to it). */
  reviewId: number;
}

/** The id a path parameter names, by the segment before it (`/conversations/{id}` is a conversation's). */
function knownIdFor(path: string, parameter: string, known: Known): number {
  const segment = new RegExp(`/([\\w-]+)/\\{${parameter}\\}`).exec(path)?.[1] ?? '';
  const byResource: Record<string, number> = {
    jobs: known.listingId,
    listings: known.listingId,
    applications: known.applicationId,
    conversations: known.conversationId,
    messages: known.messageId,
    reviews: known.reviewId,
    alerts: known.alertId,
    users: known.userId,
    'blocked-members': known.userId,
  };
  return byResource[segment] ?? known.listingId;
}

/** The JSON body's text fields (not choices from a list), each with the path to it. */
function textFieldsOf(schema: JsonSchema | undefined, at: string[] = []): string[][] {
  if (!schema) return [];
  const types = [schema.type, ...(schema.anyOf ?? schema.oneOf ?? []).map((choice) => choice.type)].flat();
  if (types.includes('string') && !schema.enum) return at.length ? [at] : [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => textFieldsOf(property, [...at, name]));
}

interface DocumentedOperation {
  parameters?: Operation['parameters'];
  summary?: string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

function operationsOf(document: { paths: Record<string, Record<string, DocumentedOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      ...(operation.requestBody ? { body: Object.values(operation.requestBody.content)[0]?.schema ?? {} } : {}),
      isMultipart: /multipart/.test(operation.summary ?? ''),
      isStream: Object.keys(operation.responses?.['200']?.content ?? {}).includes('text/event-stream'),
    })),
  );
}

interface FuzzAnswer {
  statusCode: number;
  body: string;
}

/**
 * A call and its whole answer. `inject` resolves when the answer ends, and an event stream's never does: a
 * stream operation is read as a stream instead, and once it has answered 200 with its first bytes (the
 * `retry:` hint) the connection is dropped, as a browser leaving the page would. Its refusals (no ticket, a
 * bad id) end like any answer and are read whole: they are what the fuzz checks.
 */
async function callOnce(app: FastifyInstance, operation: Operation, call: FuzzCall): Promise<FuzzAnswer> {
  if (!operation.isStream) {
    const answer = await app.inject(call);
    return { statusCode: answer.statusCode, body: answer.body };
  }
  const answer = await app.inject({ ...call, payloadAsStream: true });
  const stream = answer.stream();
  if (answer.statusCode === 200 && String(answer.headers['content-type']).startsWith('text/event-stream')) {
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([
      new Promise<string>((resolve) => stream.once('data', (chunk: Buffer) => resolve(chunk.toString()))),
      // A bound on a stream that never writes (then counted as sending nothing), not on how soon one does.
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve(''), 20_000))),
    ]).finally(() => clearTimeout(timer));
    (answer.raw.res as { destroy(): void }).destroy();
    return { statusCode: 200, body: first };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { statusCode: answer.statusCode, body: Buffer.concat(chunks).toString() };
}

type FuzzCall = InjectOptions & { url: string };

/** One call of an operation: its path filled in, its query, its body in one of the shapes a client could send. */
function fuzzCall(operation: Operation, random: Random, known: Known, tokens: (string | null)[]): FuzzCall {
  let url = operation.path;
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const value = random.chance(0.3)
      ? random.pick([known.listingId, known.alertId, known.userId])
      : hostile(parameter.schema, random, known);
    const text = pathSegment(asText(value).slice(0, 2000)) || '0';
    url = url.replace(`{${parameter.name}}`, parameter.name === '*' ? text.replace(/%2F/g, '/') : text);
  }
  // A few parameters wrong at a time, the rest left out or right: so a wrong value reaches the handler
  // instead of being one of many a validator refuses together.
  const query = new URLSearchParams();
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const wrongCount = random.pick([1, 1, 1, 2, 3, queryParameters.length]);
  const wrongOnes = new Set(Array.from({ length: wrongCount }, () => random.pick(queryParameters)));
  for (const parameter of queryParameters) {
    const isRequired = (parameter as { required?: boolean }).required === true;
    const value = wrongOnes.has(parameter)
      ? hostile(parameter.schema, random, known)
      : isRequired
        ? plausible(parameter.schema, random, known)
        : undefined;
    if (value !== undefined) query.append(parameter.name, asText(value).slice(0, 20_000));
    if (random.chance(0.05)) query.append(parameter.name, 'again');
  }
  if (random.chance(0.2))
    query.append(random.pick(['to%6Ben', 'debug', 'page[0]', '__proto__']), asText(random.pick(HOSTILE_VALUES)).slice(0, 1000));
  const search = query.toString();
  const token = random.pick(tokens);
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (random.chance(0.1))
    headers.authorization = random.pick(['Bearer ', 'Bearer x.y.z', 'Basic Zm9vOmJhcg==', `Bearer ${'a'.repeat(5000)}`]);
  if (random.chance(0.1)) headers.cookie = random.pick(['tasko_nonce=%', 'tasko_lang=xx; tasko_theme=\u00ff', `a=${'b'.repeat(3000)}`]);
  const call: FuzzCall = { method: operation.method, url: search ? `${url}?${search}` : url, headers, remoteAddress: freshClientAddress() };
  if (operation.method === 'GET' || (operation.method === 'DELETE' && random.chance(0.7))) return call;
  const shape = random.next();
  if (shape < 0.55) {
    call.payload = JSON.stringify(
      operation.body ? (hostile({ type: 'object', ...operation.body }, random, known) ?? {}) : random.pick(HOSTILE_VALUES),
    );
    headers['content-type'] = 'application/json';
  } else if (shape < 0.65) {
    call.payload = deepJson(random.pick([100, 5_000, 100_000]));
    headers['content-type'] = 'application/json';
  } else if (shape < 0.7) {
    call.payload = '{"a":';
    headers['content-type'] = 'application/json';
  } else if (shape < 0.85) {
    // The post form's fields, each right or hostile: multipart is how listings are sent.
    const fields = Object.fromEntries(
      Object.entries(validPostFields()).map(([name, value]) => [
        name,
        random.chance(0.6) ? value : asText(random.pick(HOSTILE_VALUES)).slice(0, 70_000),
      ]),
    );
    const body = multipartBody(
      fields,
      random.chance(0.3)
        ? [{ filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from(asText(random.pick(HOSTILE_STRINGS)).slice(0, 5000)) }]
        : [],
    );
    call.payload = body.payload;
    Object.assign(headers, body.headers);
  } else if (shape < 0.93) {
    call.payload = new URLSearchParams({
      email: asText(random.pick(HOSTILE_STRINGS)).slice(0, 5000),
      name: asText(random.pick(HOSTILE_STRINGS)).slice(0, 5000),
    }).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    call.payload = random.pick(['', 'garbage', '\u0000\u0001']);
    headers['content-type'] = random.pick([
      'text/plain',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
    ]);
  }
  return call;
}

for (const database of testDatabases()) {
  describe(`the schema-driven fuzz on ${database.name}`, () => {
    const known: Known = {
      listingId: 1,
      alertId: 1,
      userId: 1,
      cursor: '',
      applicationId: 1,
      conversationId: 1,
      messageId: 1,
      reviewId: 1,
    };
    const tokens: (string | null)[] = [null];
    const distRoot = makeFixtureSite();
    after(() => fs.rmSync(distRoot, { recursive: true, force: true }));
    const unlimited = '100000';
    const suite = useServerOn(
      database,
      {
        DIST_ROOT: distRoot,
        ADMIN_EMAILS: 'moderator@example.com',
        DEV_IDP: 'on',
        SIGN_IN_RATE_LIMIT: unlimited,
        WRITE_RATE_LIMIT: unlimited,
        CONTACT_REVEAL_LIMIT: unlimited,
        CONTACT_REVEAL_ADDRESS_LIMIT: unlimited,
        CONTACT_REVEAL_NEW_ACCOUNT_LIMIT: unlimited,
        EVENTS_RATE_LIMIT: unlimited,
        APPLICATION_RATE_LIMIT: unlimited,
        MESSAGE_RATE_LIMIT: unlimited,
        CONVERSATION_DAILY_LIMIT: unlimited,
      },
      async () => {
        const { app } = suite.server;
        // The database starts empty with its ids restarted: the member is user 1.
        const member = await signIn(app, 'member@example.com', 'Member');
        const moderator = await signIn(app, 'moderator@example.com', 'Moderator');
        const seeker = await signIn(app, 'seeker@example.com', 'Seeker');
        tokens.push(member, moderator, seeker);
        const listingIds: number[] = [];
        for (const title of ['Help carrying a sofa', 'Dog walker wanted'])
          listingIds.push((known.listingId = await publishListing(app, member, { jobTitle: title })));
        // A deal on the first listing, so that calls naming a conversation, a message or a review reach their
        // queries: the seeker applied and wrote, the work is done, and the seeker reviewed the member.
        const asSeeker = { authorization: `Bearer ${seeker}` };
        const applied = await app.inject({
          method: 'POST',
          url: `/api/v1/jobs/${listingIds[0]}/applications`,
          headers: asSeeker,
          payload: { message: 'I can help' },
        });
        assert.equal(applied.statusCode, 201, applied.body);
        ({ id: known.applicationId, conversationId: known.conversationId } = applied.json().application as {
          id: number;
          conversationId: number;
        });
        const message = await app.inject({
          method: 'POST',
          url: `/api/v1/conversations/${known.conversationId}/messages`,
          headers: asSeeker,
          payload: { text: 'Friday?' },
        });
        assert.equal(message.statusCode, 201, message.body);
        known.messageId = Number(message.json().message.id);
        await suite.handle.db.execute(sql`update applications set status = 'done', done_at = now() where id = ${known.applicationId}`);
        const review = await app.inject({
          method: 'POST',
          url: `/api/v1/applications/${known.applicationId}/reviews`,
          headers: asSeeker,
          payload: { rating: 5, text: 'Kind' },
        });
        assert.equal(review.statusCode, 201, review.body);
        known.reviewId = Number(review.json().review.id);
        known.cursor = String((await app.inject('/api/v1/jobs?pageSize=1')).json().nextCursor ?? '');
        const alert = await app.inject({
          method: 'POST',
          url: '/api/v1/me/alerts',
          headers: { authorization: `Bearer ${member}` },
          payload: { offerType: 'job', q: 'sofa', frequency: 'instant' },
        });
        assert.equal(alert.statusCode, 201, alert.body);
        known.alertId = Number(alert.json().id);
      },
    );

    it('meets NUL, lone surrogates and a bidirectional override in every text field of every writing operation, and refuses bodies nested too deep before anything else', async () => {
      const { app } = suite.server;
      const writing = operationsOf(app.swagger() as Parameters<typeof operationsOf>[0]).filter((operation) => operation.method !== 'GET');
      const [member, moderator] = tokens.filter((token): token is string => token !== null);
      const random = randomFrom(SEED);
      const failures: string[] = [];
      let textCalls = 0;
      const judge = (operation: Operation, what: string, answer: FuzzAnswer) => {
        const shown = `${operation.method} ${operation.path} ${what} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
        if (answer.statusCode >= 500) failures.push(shown);
        else if (answer.statusCode >= 400 && !hasMessageKey(answer.body)) failures.push(`no message key: ${shown}`);
      };
      for (const operation of writing) {
        const url = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => String(knownIdFor(operation.path, name, known)));
        const send = (token: string, payload: string | Buffer, headers: Record<string, string>) =>
          app.inject({
            method: operation.method as 'POST',
            url,
            payload,
            headers: { authorization: `Bearer ${token}`, ...headers },
            remoteAddress: freshClientAddress(),
          });

        // As the moderator, whom every route's sign-in check lets through: refused, by the parser (400
        // `invalidRequest`) or before it reads the body (a route's own body limit, an unsubscribe's token).
        for (const depth of TOO_DEEP) {
          const answer = await send(moderator!, `{"a":${deepJson(depth - 1)}}`, {
            'content-type': 'application/json',
            'idempotency-key': `deep-${depth}`,
          });
          if (answer.statusCode < 400 || answer.statusCode >= 500)
            failures.push(`${operation.method} ${operation.path} ${depth} levels → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          judge(operation, `${depth} levels`, { statusCode: answer.statusCode, body: answer.body });
        }

        // Each text field of a JSON body in turn, the others plausible, by every member.
        for (const field of textFieldsOf(operation.body)) {
          for (const text of HOSTILE_TEXTS) {
            for (const token of tokens.filter((t): t is string => t !== null)) {
              const body = plausible(operation.body, random, known) as Record<string, unknown>;
              let holder = body;
              for (const name of field.slice(0, -1)) holder = (holder[name] ??= {}) as Record<string, unknown>;
              holder[field.at(-1)!] = text;
              const answer = await send(token, JSON.stringify(body), { 'content-type': 'application/json' });
              textCalls += 1;
              judge(operation, `${field.join('.')}=${JSON.stringify(text)}`, { statusCode: answer.statusCode, body: answer.body });
            }
          }
        }

        // The listing's multipart post, each field in turn, by its owner. The place is JSON inside the form, so
        // a lone surrogate reaches the server there; elsewhere UTF-8 has already made it U+FFFD.
        if (operation.isMultipart) {
          for (const name of TYPED_LISTING_FIELDS) {
            for (const text of HOSTILE_TEXTS) {
              const value = name === 'location' ? JSON.stringify({ city: text, address: text }) : text;
              const form = multipartBody(validPostFields({ [name]: value }));
              const answer = await send(member!, form.payload, form.headers);
              textCalls += 1;
              judge(operation, `${name}=${JSON.stringify(text)}`, { statusCode: answer.statusCode, body: answer.body });
            }
          }
        }
      }
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length} bad answers`);
      assert.ok(textCalls >= 200, `${textCalls} calls with hostile text`);
    });

    it('answers every operation of the OpenAPI document without a 5xx, and refuses in the one error shape', async () => {
      const { app } = suite.server;
      const operations = operationsOf(app.swagger() as Parameters<typeof operationsOf>[0]);
      assert.ok(operations.length >= 40, `the document lists ${operations.length} operations`);
      const random = randomFrom(SEED);
      const failures: string[] = [];
      const calledPerOperation = new Map<string, number>();
      const deadline = Date.now() + TIME_BUDGET_MS;
      // An operation with more parameters gets more calls: each call gets only a few of them wrong.
      const callsOf = (operation: Operation) => CASES_PER_OPERATION * Math.max(1, Math.ceil(operation.parameters.length / 2));
      const rounds = Math.max(...operations.map(callsOf));
      for (let round = 0; round < rounds && (round < MIN_ROUNDS || Date.now() < deadline); round += 1) {
        for (const operation of operations.filter((o) => callsOf(o) > round)) {
          const call = fuzzCall(operation, random, known, tokens);
          const answer = await callOnce(app, operation, call);
          const name = `${operation.method} ${operation.path}`;
          calledPerOperation.set(name, (calledPerOperation.get(name) ?? 0) + 1);
          const shown = `${call.method} ${call.url.slice(0, 200)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          if (answer.statusCode >= 500) failures.push(shown);
          else if (operation.isStream && answer.statusCode === 200 && !answer.body.startsWith('retry:'))
            failures.push(`a stream that sent nothing: ${shown}`);
          else if (answer.statusCode >= 400 && call.url.startsWith('/api/') && !hasMessageKey(answer.body))
            failures.push(`no message key: ${shown}`);
          if (answer.body.includes('    at ')) failures.push(`a stack trace: ${shown}`);
        }
      }
      const calls = [...calledPerOperation.values()];
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length} bad answers (seed ${SEED})`);
      assert.ok(
        Math.min(...calls) >= MIN_ROUNDS,
        `every operation was called at least ${MIN_ROUNDS} times (fewest: ${Math.min(...calls)}, ${calls.reduce((a, b) => a + b, 0)} calls)`,
      );
    });
  });
}
