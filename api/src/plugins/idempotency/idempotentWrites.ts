import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { userOf } from '../auth/authenticate.js';

/** How long a key's first answer is kept and replayed. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A request still marked running after this long died with its instance (kill -9, a lost machine): the next
 * retry takes the key over. Longer than a post may take, photos included (UPLOAD_TIME_BUDGET_MS's ceiling).
 */
const ABANDONED_AFTER_MS = 60_000;
const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, as the draft standard's keys are (a UUID in the site's own client). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `body`: the route honours Idempotency-Key, its request told apart by route, parameters and JSON body.
     * A multipart route (POST /jobs) calls `claim` itself once it has read its parts.
     */
    idempotency?: 'body';
  }
}

/** Keys started more than `ms` ago by the database's clock, the one `ageMs` is read by. */
const startedBefore = (ms: number) => lt(idempotencyKeys.startedAt, sql`now() - ${ms} * interval '1 millisecond'`);

interface Claim {
  userId: number;
  key: string;
  /** Its answer was written in the route's own transaction (`settle`). */
  isSettled?: boolean;
}

/**
 * `Idempotency-Key` on the creating calls (docs/deploy.md#idempotent-writes), scoped to the signed-in member
 * and kept in the database, so every instance sees every key:
 * - the first request with a key claims it and runs; its answer is kept if it is a 2xx, and the key is let go
 *   otherwise, so a refused request can be corrected and sent again with the same key;
 * - the same key with the same request within 24 hours answers the kept status and body and creates nothing;
 * - with a different request, 422 `idempotencyKeyReused`; while the first still runs, 409 `requestInProgress`.
 */
export class IdempotentWrites {
  private readonly claims = new WeakMap<FastifyRequest, Claim>();

  constructor(private readonly db: Database) {}

  /**
   * Claims the key of every route marked `idempotency: 'body'`, after its sign-in check; keeps or lets go of
   * each claimed key once its answer is known, before the answer leaves (and before compression, so the kept
   * body is the JSON itself): register it ahead of @fastify/compress.
   */
  register(app: FastifyInstance): void {
    app.addHook('preHandler', async (request, reply) =>
      request.routeOptions.config.idempotency === 'body' ? this.claimJsonBody(request, reply) : undefined,
    );
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = this.claims.get(request);
      if (!claim) return payload;
      this.claims.delete(request);
      const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
      const isSuccess = reply.statusCode >= 200 && reply.statusCode < 300;
      if (isSuccess && claim.isSettled) return payload;
      if (isSuccess && typeof payload === 'string') {
        await this.db.update(idempotencyKeys).set({ status: reply.statusCode, body: payload }).where(where);
      } else {
        await this.db.delete(idempotencyKeys).where(where);
      }
      return payload;
    });
  }

  /** For a route whose body is JSON: the request's digest is its route, parameters and body. */
  private async claimJsonBody(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const digest = crypto
      .createHash('sha256')
      .update(JSON.stringify([request.routeOptions.url, request.params, request.body ?? null]))
      .digest('base64url');
    // An async hook that answered returns the reply, so Fastify runs nothing after it.
    return (await this.claim(request, reply, digest)) ? reply : undefined;
  }

  /**
   * Claims the request's key, if it has one. Answers true when the reply was sent here (the kept answer) and
   * the route must do nothing more; throws the 400, 409 or 422 refusals.
   */
  async claim(request: FastifyRequest, reply: FastifyReply, fingerprint: string): Promise<boolean> {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return false;
    if (typeof header !== 'string' || !KEY_FORMAT.test(header))
      throw new ApiProblem(400, 'invalidRequest', { idempotencyKey: 'invalidRequest' });
    const claim = { userId: userOf(request).id, key: header };
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    // Two rounds at most: a key found expired (or let go between the insert and the read) is tried once more.
    for (let round = 0; round < 2; round += 1) {
      const [inserted] = await this.db
        .insert(idempotencyKeys)
        .values({ ...claim, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted) {
        this.claims.set(request, claim);
        return false;
      }
      const [kept] = await this.db
        .select({
          fingerprint: idempotencyKeys.fingerprint,
          status: idempotencyKeys.status,
          body: idempotencyKeys.body,
          ageMs: sql<number>`(extract(epoch from now() - ${idempotencyKeys.startedAt}) * 1000)::float8`,
        })
        .from(idempotencyKeys)
        .where(where);
      if (!kept) continue;
      if (Number(kept.ageMs) > IDEMPOTENCY_WINDOW_MS) {
        await this.db.delete(idempotencyKeys).where(and(where, startedBefore(IDEMPOTENCY_WINDOW_MS)));
        continue;
      }
      if (kept.fingerprint !== fingerprint) throw new ApiProblem(422, 'idempotencyKeyReused');
      if (kept.status === null || kept.body === null) {
        if (Number(kept.ageMs) <= ABANDONED_AFTER_MS) throw new ApiProblem(409, 'requestInProgress');
        const [taken] = await this.db
          .update(idempotencyKeys)
          .set({ startedAt: sql`now()` })
          .where(and(where, isNull(idempotencyKeys.status), startedBefore(ABANDONED_AFTER_MS)))
          .returning({ key: idempotencyKeys.key });
        if (!taken) throw new ApiProblem(409, 'requestInProgress');
        this.claims.set(request, claim);
        return false;
      }
      await reply.code(kept.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(kept.body);
      return true;
    }
    throw new ApiProblem(409, 'requestInProgress');
  }

  /**
   * Writes the answer inside the route's own transaction, beside what the call creates: killed after the commit,
   * an instance leaves the key answered, never "running" over a stored write that a later resend would repeat.
   */
  async settle(tx: Pick<Database, 'update'>, request: FastifyRequest, status: number, body: string): Promise<void> {
    const claim = this.claims.get(request);
    if (!claim) return;
    await tx
      .update(idempotencyKeys)
      .set({ status, body })
      .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
    claim.isSettled = true;
  }

  /** Keys past their 24 hours. */
  async sweep(): Promise<void> {
    await this.db.delete(idempotencyKeys).where(startedBefore(IDEMPOTENCY_WINDOW_MS));
  }
}
