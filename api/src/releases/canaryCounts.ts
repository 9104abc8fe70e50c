// How a canary counts, so that nobody can steer it (docs/releases.md, "How a canary counts"):
// - a visitor is the bucket cookie the server signed, never a number the browser chose;
// - a page load counts only when the page's script ran and told it with the page's signed, short-lived token,
//   once per token and area, at most once a minute per visitor and area, and for a few visitors an address an hour;
// - an error counts only with that token, for a release it names, once per load that counted.
// Every instance counts into the same tables (api/src/db/schema.ts), so the sums hold across instances.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RELEASE_AREAS, type ReleaseArea } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../db/client.js';
import { serverSecret } from '../db/serverSecret.js';
import { addressKey } from '../plugins/security/clientKey.js';
import type { ReleaseStats } from './releases.js';

/** The server secret (server_secrets) that signs buckets and page tokens and keys the stored hashes. */
export const CANARY_KEY_NAME = 'canary-key';

/** How long a page's token counts: its load must be told, and its errors reported, within this. */
export const PAGE_TOKEN_LIFETIME_MS = 30 * 60_000;
/** A visitor counts at most one load of an area in this time, however many pages they open. */
const LOAD_INTERVAL = sql`interval '1 minute'`;
/** The window in which one address may bring at most `maxVisitorsPerAddress` visitors. */
const ADDRESS_WINDOW = sql`interval '1 hour'`;
/** Rows of a canary that ended are kept this long after their last load: a server that has not seen the change yet may still count. */
const ENDED_TRIAL_GRACE = sql`interval '1 hour'`;

/** Longer than any token the server writes (about 500 characters with every area in it). */
export const PAGE_TOKEN_MAX_LENGTH = 1024;

/** A visitor among canaries: their bucket (0–99) and the random id their signed cookie carries. */
export interface CanaryVisitor {
  bucket: number;
  id: string;
}

/** What a page's token says: who it was served to, which load it is, until when, and the releases served. */
export interface PageToken {
  visitor: CanaryVisitor;
  loadId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** Only the areas a canary runs in: nothing else is counted. */
  releases: Partial<Record<ReleaseArea, string>>;
}

/** Where one load belongs: the canary it is counted for (`<id>@<since>`) and its arm (the release served). */
export interface CanaryArm {
  trial: string;
  releaseId: string;
}

const SIGNATURE_BYTES = 16;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const BUCKET_COOKIE = /^(\d{1,2})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Compares two signatures in constant time; a wrong length is simply false. */
function isSameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The signing and hashing of the canary counts, with the key every instance shares. Pure: what is stored and
 * counted is CanaryCounts' (below); tests sign their visitors' buckets with this and the key in server_secrets.
 */
export class CanaryKey {
  constructor(private readonly key: Buffer) {}

  /** One keyed hash per purpose: a signature of one kind is never valid as another. */
  private mac(purpose: string, text: string, bytes = SIGNATURE_BYTES): string {
    return crypto.createHmac('sha256', this.key).update(`${purpose}\n${text}`).digest().subarray(0, bytes).toString('base64url');
  }

  /** A new visitor: a random bucket and a random id, neither of which says anything about the person. */
  newVisitor(): CanaryVisitor {
    return { bucket: crypto.randomInt(100), id: crypto.randomBytes(16).toString('base64url') };
  }

  /** The bucket cookie's value: `<bucket>.<id>.<signature>`. */
  bucketCookie(visitor: CanaryVisitor): string {
    const body = `${visitor.bucket}.${visitor.id}`;
    return `${body}.${this.mac('bucket', body)}`;
  }

  /** The visitor a bucket cookie names, or null when it is not one the server signed (forged, edited or old). */
  visitorOf(cookie: string | undefined): CanaryVisitor | null {
    const match = cookie ? BUCKET_COOKIE.exec(cookie) : null;
    if (!match) return null;
    const [, bucket = '', id = '', signature = ''] = match;
    if (!isSameSignature(signature, this.mac('bucket', `${bucket}.${id}`))) return null;
    return { bucket: Number(bucket), id };
  }

  /** A page's token: base64url JSON and its signature. */
  pageToken(visitor: CanaryVisitor, releases: Partial<Record<ReleaseArea, string>>, now = Date.now()): string {
    const body = Buffer.from(
      JSON.stringify({
        v: `${visitor.bucket}.${visitor.id}`,
        l: crypto.randomBytes(12).toString('base64url'),
        e: now + PAGE_TOKEN_LIFETIME_MS,
        r: releases,
      }),
    ).toString('base64url');
    return `${body}.${this.mac('page', body)}`;
  }

  /** What a token says, or null when it is not one the server signed, or has expired. */
  readPageToken(token: string, now = Date.now()): PageToken | null {
    const dot = token.indexOf('.');
    if (dot < 0 || token.length > PAGE_TOKEN_MAX_LENGTH) return null;
    const [body, signature] = [token.slice(0, dot), token.slice(dot + 1)];
    if (!isSameSignature(signature, this.mac('page', body))) return null;
    let data: unknown;
    try {
      data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(data) || typeof data.v !== 'string' || typeof data.l !== 'string' || typeof data.e !== 'number' || !isRecord(data.r))
      return null;
    if (data.e <= now) return null;
    const [bucket, id = ''] = data.v.split('.');
    if (!/^\d{1,2}$/.test(bucket ?? '') || !VISITOR_ID.test(id)) return null;
    const releases: Partial<Record<ReleaseArea, string>> = {};
    for (const area of RELEASE_AREAS) {
      const release = data.r[area];
      if (typeof release === 'string') releases[area] = release;
    }
    return { visitor: { bucket: Number(bucket), id }, loadId: data.l, expiresAt: data.e, releases };
  }

  /** The stored name of a visitor: a keyed hash of their cookie's id. */
  visitorKey(visitor: CanaryVisitor): string {
    return this.mac('visitor', visitor.id);
  }

  /** The stored name of a client address (IPv6 by its /64): a keyed hash, never the address. */
  addressKey(ip: string): string {
    return this.mac('address', addressKey(ip));
  }
}

/**
 * A bucket cookie's value for a new visitor in `bucket`, signed with the key in server_secrets: how tests (and a
 * team that wants to see its own canary) get a bucket of their choosing, which a visitor cannot forge.
 */
export async function signedBucketCookie(db: Database, bucket: number): Promise<string> {
  if (!Number.isInteger(bucket) || bucket < 0 || bucket > 99)
    throw new RangeError(`a bucket is a whole number from 0 to 99, not ${bucket}`);
  const key = new CanaryKey(await serverSecret(db, CANARY_KEY_NAME));
  return key.bucketCookie({ ...key.newVisitor(), bucket });
}

/** One load to count: whose, which, where it belongs, and whether it met an error. */
interface LoadToCount {
  loadId: string;
  area: ReleaseArea;
  arm: CanaryArm;
  visitorKey: string;
  addressKey: string;
  expiresAt: Date;
  withError: boolean;
}

/** What counting one load did. */
export interface LoadOutcome {
  /** The load counted (now or by an earlier telling of the same token). */
  isLoadCounted: boolean;
  /** Its error counted now. */
  isErrorCounted: boolean;
}

/** The page loads, visitors and error rates of each arm of one canary, summed over every instance. */
export type ArmFigures = Record<string, Required<ReleaseStats>>;

/**
 * The counts of running canaries, in the database (api/src/db/schema.ts: canary_visitors, canary_page_loads,
 * canary_address_visitors), shared by every instance.
 */
export class CanaryCounts {
  private constructor(
    private readonly db: Database,
    readonly key: CanaryKey,
    private readonly maxVisitorsPerAddress: number,
  ) {}

  /** The key is generated once and kept in the database, so every instance signs and hashes alike. */
  static async open(db: Database, maxVisitorsPerAddress: number): Promise<CanaryCounts> {
    return new CanaryCounts(db, new CanaryKey(await serverSecret(db, CANARY_KEY_NAME)), maxVisitorsPerAddress);
  }

  /**
   * Counts one load of an area (and, with `withError`, its error), in one transaction under a lock of the
   * client's address, so the address's allowance of visitors holds however many instances count at once:
   * - the load is told once per token and area: a replay finds its row and counts nothing more;
   * - its visitor must be one of the few this address brought in the last hour;
   * - its visitor counts at most one load of the area a minute;
   * - an error counts once per load, and only for a load that counted.
   */
  async count(load: LoadToCount): Promise<LoadOutcome> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`canary|${load.addressKey}`}))`);
      const told = rowsOf<{ trial: string; is_counted: boolean; has_error: boolean }>(
        await tx.execute(
          sql`select trial, is_counted, has_error from canary_page_loads where load_id = ${load.loadId} and area = ${load.area}`,
        ),
      )[0];
      let isLoadCounted = told?.is_counted ?? false;
      if (!told) {
        await tx.execute(sql`
          insert into canary_page_loads (load_id, area, trial, is_counted, expires_at)
          values (${load.loadId}, ${load.area}, ${load.arm.trial}, false, ${load.expiresAt.toISOString()}::timestamptz)`);
        isLoadCounted = (await this.admit(tx, load)) && (await this.addLoad(tx, load));
        if (isLoadCounted)
          await tx.execute(sql`update canary_page_loads set is_counted = true where load_id = ${load.loadId} and area = ${load.area}`);
      }
      if (!load.withError || !isLoadCounted || told?.has_error) return { isLoadCounted, isErrorCounted: false };
      await tx.execute(sql`update canary_page_loads set has_error = true where load_id = ${load.loadId} and area = ${load.area}`);
      const added = rowsOf<{ errored: number }>(
        await tx.execute(sql`
          update canary_visitors set errored = errored + 1
          where area = ${load.area} and trial = ${told?.trial ?? load.arm.trial} and visitor_key = ${load.visitorKey} and errored < loads
          returning errored`),
      );
      return { isLoadCounted, isErrorCounted: added.length > 0 };
    });
  }

  /**
   * The visitor may count from this address: one of the visitors it brought in the last hour, or a new one
   * while it has brought fewer than the allowance. One address posing as many visitors is a few of them.
   */
  private async admit(tx: Pick<Database, 'execute'>, load: LoadToCount): Promise<boolean> {
    const admitted = rowsOf<{ admitted: number }>(
      await tx.execute(sql`
        insert into canary_address_visitors (address_key, visitor_key, seen_at)
        select ${load.addressKey}, ${load.visitorKey}, now()
        where exists (select 1 from canary_address_visitors where address_key = ${load.addressKey} and visitor_key = ${load.visitorKey} and seen_at > now() - ${ADDRESS_WINDOW})
           or (select count(*) from canary_address_visitors where address_key = ${load.addressKey} and seen_at > now() - ${ADDRESS_WINDOW}) < ${this.maxVisitorsPerAddress}
        on conflict (address_key, visitor_key) do update set seen_at = now()
        returning 1 as admitted`),
    );
    return admitted.length > 0;
  }

  /** One more load of the visitor's, unless they had one of this area counted less than a minute ago. */
  private async addLoad(tx: Pick<Database, 'execute'>, load: LoadToCount): Promise<boolean> {
    const added = rowsOf<{ loads: number }>(
      await tx.execute(sql`
        insert into canary_visitors (area, trial, visitor_key, release_id, loads, errored, last_load_at)
        values (${load.area}, ${load.arm.trial}, ${load.visitorKey}, ${load.arm.releaseId}, 1, 0, now())
        on conflict (area, trial, visitor_key) do update set loads = canary_visitors.loads + 1, last_load_at = now()
          where canary_visitors.last_load_at <= now() - ${LOAD_INTERVAL} and canary_visitors.release_id = excluded.release_id
        returning loads`),
    );
    return added.length > 0;
  }

  /** Counts a load of `area` told with a page's token, for the arm `armOf` places it in (null: none, nothing counts). */
  async countTold(
    token: PageToken,
    area: ReleaseArea,
    arm: CanaryArm | null,
    ip: string,
    error: { releaseId: string } | null,
  ): Promise<LoadOutcome> {
    const none = { isLoadCounted: false, isErrorCounted: false };
    const served = token.releases[area];
    // A token counts only for a release it names: an error of another release (or area) counts nothing.
    if (!arm || served === undefined || served !== arm.releaseId || (error && error.releaseId !== served)) return none;
    return this.count({
      loadId: token.loadId,
      area,
      arm,
      visitorKey: this.key.visitorKey(token.visitor),
      addressKey: this.key.addressKey(ip),
      expiresAt: new Date(token.expiresAt),
      withError: error !== null,
    });
  }

  /** A page the server failed to send (its own render, the release's files): a load with an error, without any report. */
  async countServerFailure(visitor: CanaryVisitor, area: ReleaseArea, arm: CanaryArm, ip: string): Promise<LoadOutcome> {
    return this.count({
      loadId: `server-${crypto.randomBytes(12).toString('base64url')}`,
      area,
      arm,
      visitorKey: this.key.visitorKey(visitor),
      addressKey: this.key.addressKey(ip),
      expiresAt: new Date(Date.now() + PAGE_TOKEN_LIFETIME_MS),
      withError: true,
    });
  }

  /**
   * Each arm's figures for one canary: loads, loads with an error, distinct visitors, and the error rate as the
   * mean of the visitors' own rates, so every visitor weighs the same however many pages they load.
   */
  async figures(area: ReleaseArea, trial: string): Promise<ArmFigures> {
    const rows = rowsOf<{
      release_id: string;
      visitors: number | string;
      loads: number | string;
      errored: number | string;
      rate: number | string | null;
    }>(
      await this.db.execute(sql`
        select release_id, count(*) as visitors, sum(loads) as loads, sum(errored) as errored, avg(errored::float8 / loads) as rate
        from canary_visitors where area = ${area} and trial = ${trial} and loads > 0
        group by release_id`),
    );
    return Object.fromEntries(
      rows.map((row) => [
        row.release_id,
        { visitors: Number(row.visitors), loads: Number(row.loads), errored: Number(row.errored), rate: Number(row.rate ?? 0) },
      ]),
    );
  }

  /**
   * Deletes what no longer counts: told loads whose token expired, address allowances older than an hour, and
   * the visitors of canaries that ended (`running`: the canaries running now, as `area|trial`).
   */
  async sweep(running: string[]): Promise<void> {
    await this.db.execute(sql`delete from canary_page_loads where expires_at <= now()`);
    await this.db.execute(sql`delete from canary_address_visitors where seen_at <= now() - ${ADDRESS_WINDOW}`);
    const stillRunning = running.length
      ? sql`and (area || '|' || trial) not in (${sql.join(
          running.map((key) => sql`${key}`),
          sql`, `,
        )})`
      : sql``;
    await this.db.execute(sql`delete from canary_visitors where last_load_at <= now() - ${ENDED_TRIAL_GRACE} ${stillRunning}`);
  }
}
