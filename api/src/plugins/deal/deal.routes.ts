import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSerialId } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { refusals, refuseInvalidRequest } from '../errors/problemSchemas.js';
import { requireAdult, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { noContent } from '../auth/auth.routes.js';
import { findListing } from '../jobs/jobs.queries.js';
import { listingId } from '../jobs/listingId.js';
import { reportBody } from '../reports/reports.routes.js';
import type { DealMail } from './dealMail.js';
import type { UserEventPublisher } from './userEvents.js';
import {
  applicationAnswer,
  applicationInput,
  conversationList,
  idParams,
  listingApplications,
  messageAnswer,
  messageInput,
  messagePage,
  messagesQuery,
  moveInput,
  myApplications,
  reportedAnswer,
} from './deal.schemas.js';
import {
  applicationsForListing,
  applicationsOf,
  applicationWire,
  blockOther,
  conversationFor,
  conversationsOf,
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
} from './deal.queries.js';

const TAGS = ['deal'];
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

  /**
   * What follows a committed write (the live events, an email): its failure is logged, never the
   * request's, which has already happened and must not be sent again.
   */
  async function afterCommit(request: FastifyRequest, what: string, task: () => Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      request.log.warn({ err: error }, `${what} failed`);
    }
  }

  /** The reader's unread total, to their open pages, after it changed. */
  async function publishUnread(userId: number): Promise<void> {
    await events.publish([userId], 'unread', { unreadTotal: await unreadTotalOf(db, userId) });
  }

  /** The conversation the URL names, if the user is one of its parties; 404 otherwise. */
  async function ownConversation(request: FastifyRequest, rawId: string) {
    const found = await conversationFor(db, serialId(rawId), userOf(request).id);
    if (!found) throw new ApiProblem(404, 'notFound');
    return found;
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
      const opened = await openApplication(db, {
        listingId: listing.id,
        posterId: listing.publisherId,
        applicantId: applicant.id,
        message: request.body.message,
        phone: request.body.phone ?? null,
        dailyLimit: opts.conversationDailyLimit,
      });
      const application = applicationWire(opened.application, opened.conversation.id);
      const parties = [listing.publisherId, applicant.id];
      await afterCommit(request, 'application events', async () => {
        await events.publish(parties, 'message', { conversationId: opened.conversation.id, message: messageWire(opened.message) });
        await events.publish(parties, 'application', { application });
        await publishUnread(listing.publisherId);
      });
      // The owner's email carries the message: no "unread message" email besides for the same words.
      await afterCommit(request, 'application email', () => dealMail.applicationReceived(application.id));
      return reply.code(201).send({ application });
    },
  );

  api.get(
    '/jobs/:id/applications',
    {
      schema: {
        summary: 'My listing’s applications, newest first, each applicant with their rating and any phone they shared',
        tags: TAGS,
        params: idParams,
        response: { 200: listingApplications, ...refusals(401, 403, 404) },
      },
      onRequest: adult,
    },
    async (request) => {
      const owner = userOf(request);
      const listing = await findListing(db, listingId(request.params.id), owner.id);
      // Anyone but the owner: as if the listing had no applications to show at all.
      if (!listing || listing.publisherId !== owner.id) throw new ApiProblem(404, 'jobNotFound');
      return { applications: await applicationsForListing(db, listing.id) };
    },
  );

  api.get(
    '/me/applications',
    { schema: { summary: 'The applications I sent, newest first, with their listings', tags: TAGS, response: { 200: myApplications, ...refusals(401, 403) } }, onRequest: adult },
    async (request) => ({ applications: await applicationsOf(db, userOf(request).id) }),
  );

  api.patch(
    '/applications/:id',
    {
      schema: {
        summary: 'Move an application: the owner hires, declines, marks done or cancels; the applicant withdraws',
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
      const { status } = request.body;
      const moved = await moveApplication(db, id, userOf(request).id, status);
      const application = applicationWire(moved.application, moved.conversation.id);
      const parties = [moved.conversation.posterId, moved.conversation.applicantId];
      await afterCommit(request, 'move events', async () => {
        await events.publish(parties, 'message', { conversationId: moved.conversation.id, message: messageWire(moved.note) });
        await events.publish(parties, 'application', { application });
      });
      if (status === 'hired' || status === 'declined') await afterCommit(request, 'decision email', () => dealMail.applicationDecided(id));
      if (status === 'done') await afterCommit(request, 'work done email', () => dealMail.workDone(id));
      return { application };
    },
  );

  api.get(
    '/me/conversations',
    {
      schema: { summary: 'My conversations, newest activity first, each with its unread count; and the unread total', tags: TAGS, response: { 200: conversationList, ...refusals(401, 403) } },
      onRequest: adult,
    },
    async (request) => conversationsOf(db, userOf(request).id),
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
      const stored = await postMessage(db, conversation.id, side, request.body.text);
      const message = messageWire(stored);
      const reader = otherPartyOf(conversation, side);
      await afterCommit(request, 'message events', async () => {
        await events.publish([conversation.posterId, conversation.applicantId], 'message', { conversationId: conversation.id, message });
        await publishUnread(reader);
      });
      await afterCommit(request, 'message email', () => dealMail.messageSent(message.id));
      return reply.code(201).send({ message });
    },
  );

  api.post(
    '/conversations/:id/read',
    {
      schema: { summary: 'I have read a conversation to its last message', tags: TAGS, params: idParams, response: { 204: noContent, ...refusals(401, 403, 404, 429) } },
      onRequest: adult,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const { conversation, side } = await ownConversation(request, request.params.id);
      const reader = userOf(request).id;
      const wasUnread = (await unreadCounts(db, reader, conversation.id)).get(conversation.id) ?? 0;
      await markRead(db, conversation.id, side);
      if (wasUnread > 0) await afterCommit(request, 'unread event', () => publishUnread(reader));
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/conversations/:id/block',
    {
      schema: { summary: 'Block the other party of a conversation: they can no longer write to me', tags: TAGS, params: idParams, response: { 204: noContent, ...refusals(401, 403, 404, 429) } },
      onRequest: adult,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const { conversation, side } = await ownConversation(request, request.params.id);
      await blockOther(db, conversation.id, side);
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
}
