import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEAL_LIMITS, isSerialId } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { refusals, refuseInvalidRequest } from '../errors/problemSchemas.js';
import { requireAdult, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { noContent } from '../auth/auth.routes.js';
import { findListing } from '../jobs/jobs.queries.js';
import { listingId } from '../jobs/listingId.js';
import { reportBody } from '../reports/reports.routes.js';
import { periodicSweep } from '../sweeps/periodicSweep.js';
import { decodeActivityCursor } from './activityCursor.js';
import type { DealMail, DecidedStatus } from './dealMail.js';
import { blockedMembersOf, unblockMember } from './memberBlocks.js';
import type { UserEventPublisher } from './userEvents.js';
import {
  applicationAnswer,
  applicationInput,
  blockedMemberList,
  blockedMemberParams,
  conversationAnswer,
  conversationList,
  idParams,
  listingApplications,
  listQuery,
  messageAnswer,
  messageInput,
  messagePage,
  messagesQuery,
  moveInput,
  myApplications,
  readInput,
  reportedAnswer,
} from './deal.schemas.js';
import {
  applicationsForListing,
  applicationsOf,
  applicationWire,
  asAlreadyApplied,
  blockOther,
  conversationFor,
  conversationOf,
  conversationsOf,
  lapseDueOffers,
  markRead,
  messagesOf,
  messageWire,
  moveApplication,
  openApplication,
  otherPartyOf,
  postMessage,
  reportMessage,
  unreadCounts,
  unreadTotalOf,
  type Move,
} from './deal.queries.js';

const TAGS = ['deal'];
const OFFER_SWEEP_EVERY_MS = 5_000;

/** The blocked members' list is paged by position: its cursor is the next page's offset, as text. */
function blockedListOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,6}$/.test(cursor)) throw new ApiProblem(400, 'invalidRequest', { cursor: 'invalidRequest' });
  return Number(cursor);
}
const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;

export interface DealRoutesOptions {
  db: Database;
  sessions: SessionService;
  userEventPublisher: UserEventPublisher;
  dealMail: DealMail;
  /** Other writes (a move, read, block, report) per user a minute. */
  writeRateLimit: number;
  /** Applications per user an hour (`APPLICATION_RATE_LIMIT`). */
  applicationRateLimit: number;
  /** Messages per user a minute (`MESSAGE_RATE_LIMIT`). */
  messageRateLimit: number;
  /** New conversations per user in 24 hours, counted in the database (`CONVERSATION_DAILY_LIMIT`). */
  conversationDailyLimit: number;
  /** Hours an offer waits for its answer (`HIRE_OFFER_HOURS`). */
  hireOfferHours: number;
  /** How often lapsed offers are swept (tests sooner; the server every 5 seconds). */
  offerSweepEveryMs?: number;
}

/** Which move's email tells the other side, under which name (docs/deal.md, "Emails"). */
const DECIDED_STATUSES: ReadonlySet<string> = new Set<DecidedStatus>(['offered', 'declined', 'hired', 'offerDeclined']);

function isDecided(status: string): status is DecidedStatus {
  return DECIDED_STATUSES.has(status);
}

/** An id from a URL; anything that cannot be one is simply something that does not exist. */
function serialId(raw: string, notFoundKey: 'notFound' | 'jobNotFound' = 'notFound'): number {
  if (!isSerialId(raw)) throw new ApiProblem(404, notFoundKey);
  return Number(raw);
}

/**
 * Applications and the private conversations they open (docs/deal.md, "Applications and conversations"),
 * under /api/v1: every route for a signed-in adult, and each application, conversation and message for its
 * two parties only (anyone else: 404, as if it did not exist).
 */
export async function dealRoutes(app: FastifyInstance, opts: DealRoutesOptions): Promise<void> {
  const { db, userEventPublisher: events, dealMail } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adult = requireAdult(opts.sessions);
  const WRITE_LIMIT = { rateLimit: { max: opts.writeRateLimit, timeWindow: MINUTE_MS } };

  /** The reader's unread total, to their open pages, after it changed: in the change's own transaction. */
  async function publishUnread(tx: Database, userId: number): Promise<void> {
    await events.publish(tx, [userId], 'unread', { unreadTotal: await unreadTotalOf(tx, userId) });
  }

  /**
   * A move, with all it causes, in its own transaction (docs/deal.md, "One transaction"): the note in the
   * thread, the events for both sides' pages and the email are committed with the move or not at all.
   */
  async function announceMove(
    tx: Database,
    moved: Pick<Move, 'application' | 'conversation' | 'note'>,
    emailed: DecidedStatus | null,
  ): Promise<void> {
    const application = applicationWire(moved.application, moved.conversation.id);
    const parties = [moved.conversation.posterId, moved.conversation.applicantId];
    await events.publish(tx, parties, 'message', { conversationId: moved.conversation.id, message: messageWire(moved.note) });
    await events.publish(tx, parties, 'application', { application });
    if (emailed) await dealMail.applicationDecided(tx, moved.application.id, emailed);
    if (moved.application.status === 'done') await dealMail.workDone(tx, moved.application.id);
  }

  /** The conversation the URL names, if the user is one of its parties; 404 otherwise. */
  async function ownConversation(request: FastifyRequest, rawId: string) {
    const found = await conversationFor(db, serialId(rawId), userOf(request).id);
    if (!found) throw new ApiProblem(404, 'notFound');
    return found;
  }

  /** The page a list call asks for: its cursor decoded (400 when it is not one), its size. */
  function pageOf(query: { cursor?: string | undefined; limit: number }) {
    return { cursor: query.cursor ? decodeActivityCursor(query.cursor) : undefined, limit: query.limit };
  }

  api.post(
    '/jobs/:id/applications',
    {
      schema: {
        summary: 'Apply to a listing (or request a service): opens a private conversation with its poster',
        tags: TAGS,
        params: idParams,
        body: applicationInput,
        response: { 201: applicationAnswer, ...refusals(400, 401, 403, 404, 409, 429) },
      },
      onRequest: adult,
      attachValidation: true,
      config: { rateLimit: { max: opts.applicationRateLimit, timeWindow: HOUR_MS }, idempotency: 'body' },
    },
    async (request, reply) => {
      const id = listingId(request.params.id);
      refuseInvalidRequest(request);
      const applicant = userOf(request);
      // Only a listing anyone can find takes applications: closed, hidden or deleted is 404 alike.
      const listing = await findListing(db, id);
      if (!listing || listing.status !== 'active') throw new ApiProblem(404, 'jobNotFound');
      if (listing.publisherId === applicant.id) throw new ApiProblem(403, 'ownListing');
      const application = await db
        .transaction(async (tx) => {
          const opened = await openApplication(tx, {
            listingId: listing.id,
            applicantId: applicant.id,
            message: request.body.message,
            phone: request.body.phone ?? null,
            dailyLimit: opts.conversationDailyLimit,
          });
          const answer = applicationWire(opened.application, opened.conversation.id);
          const parties = [opened.conversation.posterId, applicant.id];
          await events.publish(tx, parties, 'message', { conversationId: opened.conversation.id, message: messageWire(opened.message) });
          await events.publish(tx, parties, 'application', { application: answer });
          await publishUnread(tx, opened.conversation.posterId);
          // The owner's email carries the message: no "unread message" email besides for the same words.
          await dealMail.applicationReceived(tx, answer.id);
          return answer;
        })
        .catch((error: unknown) => {
          throw asAlreadyApplied(error);
        });
      return reply.code(201).send({ application });
    },
  );

  api.get(
    '/jobs/:id/applications',
    {
      schema: {
        summary: 'A page of my listing’s applications, the last activity first, each applicant with their rating and any phone they shared',
        tags: TAGS,
        params: idParams,
        querystring: listQuery,
        response: { 200: listingApplications, ...refusals(400, 401, 403, 404) },
      },
      onRequest: adult,
      attachValidation: true,
    },
    async (request) => {
      const owner = userOf(request);
      const listing = await findListing(db, listingId(request.params.id), owner.id);
      // Anyone but the owner: as if the listing had no applications to show at all.
      if (!listing || listing.publisherId !== owner.id) throw new ApiProblem(404, 'jobNotFound');
      refuseInvalidRequest(request);
      return applicationsForListing(db, listing.id, pageOf(request.query));
    },
  );

  api.get(
    '/me/applications',
    {
      schema: {
        summary: 'A page of the applications I sent, the last activity first, with their listings',
        tags: TAGS,
        querystring: listQuery,
        response: { 200: myApplications, ...refusals(400, 401, 403) },
      },
      onRequest: adult,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalidRequest(request);
      return applicationsOf(db, userOf(request).id, pageOf(request.query));
    },
  );

  api.patch(
    '/applications/:id',
    {
      schema: {
        summary:
          'Move an application: the owner offers the job, declines, marks done or cancels; the applicant accepts or declines an offer, or withdraws',
        tags: TAGS,
        params: idParams,
        body: moveInput,
        response: { 200: applicationAnswer, ...refusals(400, 401, 403, 404, 409, 429) },
      },
      onRequest: adult,
      attachValidation: true,
      config: WRITE_LIMIT,
    },
    async (request) => {
      const id = serialId(request.params.id);
      refuseInvalidRequest(request);
      const application = await db.transaction(async (tx) => {
        const moved = await moveApplication(tx, id, userOf(request).id, request.body.status, opts.hireOfferHours);
        const { status } = moved.application;
        await announceMove(tx, moved, isDecided(status) ? status : null);
        return applicationWire(moved.application, moved.conversation.id);
      });
      return { application };
    },
  );

  api.get(
    '/me/conversations',
    {
      schema: {
        summary: 'A page of my conversations, the last activity first, each with its unread count; and the unread total of them all',
        tags: TAGS,
        querystring: listQuery,
        response: { 200: conversationList, ...refusals(400, 401, 403) },
      },
      onRequest: adult,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalidRequest(request);
      return conversationsOf(db, userOf(request).id, pageOf(request.query));
    },
  );

  api.get(
    '/conversations/:id',
    {
      schema: {
        summary: 'One of my conversations, as the inbox lists it',
        tags: TAGS,
        params: idParams,
        response: { 200: conversationAnswer, ...refusals(401, 403, 404) },
      },
      onRequest: adult,
    },
    async (request) => {
      const conversation = await conversationOf(db, userOf(request).id, serialId(request.params.id));
      if (!conversation) throw new ApiProblem(404, 'notFound');
      return { conversation };
    },
  );

  api.get(
    '/conversations/:id/messages',
    {
      schema: {
        summary: 'A page of a conversation’s messages, oldest first (`before`: a message id; `limit` up to 100)',
        tags: TAGS,
        params: idParams,
        querystring: messagesQuery,
        response: { 200: messagePage, ...refusals(400, 401, 403, 404) },
      },
      onRequest: adult,
      attachValidation: true,
    },
    async (request) => {
      const { conversation } = await ownConversation(request, request.params.id);
      refuseInvalidRequest(request);
      return { messages: await messagesOf(db, conversation.id, request.query) };
    },
  );

  api.post(
    '/conversations/:id/messages',
    {
      schema: {
        summary: 'Write in a conversation (403 `blocked` when the other party blocked me)',
        tags: TAGS,
        params: idParams,
        body: messageInput,
        response: { 201: messageAnswer, ...refusals(400, 401, 403, 404, 429) },
      },
      onRequest: adult,
      attachValidation: true,
      config: { rateLimit: { max: opts.messageRateLimit, timeWindow: MINUTE_MS }, idempotency: 'body' },
    },
    async (request, reply) => {
      const { conversation, side } = await ownConversation(request, request.params.id);
      refuseInvalidRequest(request);
      const message = await db.transaction(async (tx) => {
        const stored = messageWire(await postMessage(tx, conversation.id, side, request.body.text));
        await events.publish(tx, [conversation.posterId, conversation.applicantId], 'message', {
          conversationId: conversation.id,
          message: stored,
        });
        await publishUnread(tx, otherPartyOf(conversation, side));
        await dealMail.messageSent(tx, stored.id);
        return stored;
      });
      return reply.code(201).send({ message });
    },
  );

  api.post(
    '/conversations/:id/read',
    {
      schema: {
        summary: 'I have read a conversation up to `upTo`, the last message my page showed (without it: to its last message)',
        tags: TAGS,
        params: idParams,
        body: readInput,
        response: { 204: noContent, ...refusals(400, 401, 403, 404, 429) },
      },
      onRequest: adult,
      attachValidation: true,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const { conversation, side } = await ownConversation(request, request.params.id);
      refuseInvalidRequest(request);
      const reader = userOf(request).id;
      await db.transaction(async (tx) => {
        const wasUnread = (await unreadCounts(tx, reader, [conversation.id])).get(conversation.id) ?? 0;
        await markRead(tx, conversation.id, side, request.body?.upTo);
        if (wasUnread > 0) await publishUnread(tx, reader);
      });
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/conversations/:id/block',
    {
      schema: {
        summary: 'Block the other party of a conversation: from now on neither of us can apply to or write about anything of the other’s',
        tags: TAGS,
        params: idParams,
        response: { 204: noContent, ...refusals(401, 403, 404, 429) },
      },
      onRequest: adult,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const { conversation, side } = await ownConversation(request, request.params.id);
      await db.transaction((tx) => blockOther(tx, conversation, side));
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/me/blocked-members',
    {
      schema: {
        summary: 'The members I blocked, the most recent first',
        tags: TAGS,
        querystring: listQuery.pick({ cursor: true }),
        response: { 200: blockedMemberList, ...refusals(400, 401, 403) },
      },
      onRequest: adult,
      attachValidation: true,
    },
    async (request) => {
      refuseInvalidRequest(request);
      const offset = blockedListOffset(request.query.cursor);
      const size = DEAL_LIMITS.blockedMembersPageSize;
      const members = await blockedMembersOf(db, userOf(request).id, { offset, limit: size + 1 });
      return { members: members.slice(0, size), nextCursor: members.length > size ? String(offset + size) : null };
    },
  );

  api.delete(
    '/me/blocked-members/:userId',
    {
      schema: {
        summary: 'Unblock a member I blocked (nothing to undo is no error)',
        tags: TAGS,
        params: blockedMemberParams,
        response: { 204: noContent, ...refusals(401, 403, 404, 429) },
      },
      onRequest: adult,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      await unblockMember(db, userOf(request).id, serialId(request.params.userId));
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/messages/:id/reports',
    {
      schema: {
        summary: 'Report a message of the other party (discriminatory, scam, offensive, illegal, other)',
        tags: TAGS,
        params: idParams,
        body: reportBody,
        response: { 201: reportedAnswer, ...refusals(400, 401, 403, 404, 409, 429) },
      },
      onRequest: adult,
      attachValidation: true,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const id = serialId(request.params.id);
      refuseInvalidRequest(request);
      await reportMessage(db, id, userOf(request).id, request.body);
      return reply.code(201).send({ reported: true as const });
    },
  );

  // Offers nobody answered in time go back to `sent`, each with its note, events and the owner's email, in
  // one transaction per sweep (docs/deal.md, "Hiring").
  periodicSweep(app, 'lapsing due offers', opts.offerSweepEveryMs ?? OFFER_SWEEP_EVERY_MS, () =>
    db.transaction(async (tx) => {
      for (const lapse of await lapseDueOffers(tx)) await announceMove(tx, lapse, 'offerLapsed');
    }),
  );
}
