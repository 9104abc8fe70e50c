import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { DEAL_LIMITS, type Conversation, type PublicReview, type ReportedContent, type UserProfile } from '@tasko/shared/domain';
import { applications, contentReports, conversations, listings, messages, reviews, userEvents, users } from '../src/db/schema.js';
import errorsPlugin from '../src/plugins/errors/errors.plugin.js';
import { SessionService } from '../src/plugins/auth/sessions.js';
import type { DealMail } from '../src/plugins/deal/dealMail.js';
import { databaseEventPublisher } from '../src/plugins/deal/userEvents.js';
import { reviewsRoutes } from '../src/plugins/reviews/reviews.routes.js';
import { publishDueReviews } from '../src/plugins/reviews/reviews.queries.js';
import { testDatabases, useServerOn } from './testServer.js';

const DAY_MS = 86_400_000;
/** Shorter than the suite server's: a window a test closes by dating a deal's work back past it, not by waiting. */
const SHORT_WINDOW_DAYS = 1;

interface Member {
  id: number;
  token: string;
}

/** The `review` events a member's stream would replay, oldest first. */
interface ReviewEvent {
  review: { id: number; rating: number; text: string; createdAt: string; published: boolean; applicationId: number };
}

/** A deal mail that records what it was asked to write. */
function recordingMail(): DealMail & { published: number[] } {
  const nothing = () => Promise.resolve();
  const published: number[] = [];
  return {
    published,
    applicationReceived: nothing,
    applicationDecided: nothing,
    messageSent: nothing,
    workDone: nothing,
    reviewsPublished: (_tx, applicationId) => {
      published.push(applicationId);
      return Promise.resolve();
    },
  };
}

/** Checks `condition` until it holds; the bound only ends a wait that would otherwise never end. */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

for (const database of testDatabases()) {
  describe(`reviews and profiles on ${database.name}`, () => {
    const suite = useServerOn(database, { ADMIN_EMAILS: 'moderator@example.com', DEV_IDP: 'on', WRITE_RATE_LIMIT: '100000' });
    let memberCount = 0;
    let sessions: SessionService | undefined;

    /** A member signed in with a session of their own; an adult unless told otherwise. */
    async function member(name = 'Dana Kaplan', options: { isAdult?: boolean; email?: string } = {}): Promise<Member> {
      memberCount += 1;
      const email = options.email ?? `reviews-${memberCount}-${Date.now()}@example.com`;
      const [row] = await suite.handle.db
        .insert(users)
        .values({ email, name, ageConfirmedAt: options.isAdult === false ? null : new Date() })
        .returning({ id: users.id });
      sessions ??= await SessionService.open(suite.handle.db);
      return { id: row!.id, token: await sessions.issue(row!.id) };
    }

    /** A listing of the poster's, an application to it by the worker, its conversation: as the deal's routes leave them. */
    async function deal(
      poster: Member,
      worker: Member,
      options: { status?: string; doneAt?: Date | null; offerType?: 'job' | 'service' } = {},
    ): Promise<{ applicationId: number; listingId: number; conversationId: number }> {
      const { db } = suite.handle;
      const [listing] = await db
        .insert(listings)
        .values({
          publisherId: poster.id,
          offerType: options.offerType ?? 'job',
          title: 'Help moving a sofa',
          description: 'Third floor, no lift.',
          category: 'homeServices',
          amount: 200,
          contactPersonName: 'Dana',
          phone: '0501234567',
          city: 'Haifa',
        })
        .returning({ id: listings.id });
      const status = options.status ?? 'done';
      const doneAt = options.doneAt !== undefined ? options.doneAt : status === 'done' ? new Date() : null;
      const [application] = await db
        .insert(applications)
        .values({ listingId: listing!.id, applicantId: worker.id, status, message: 'I can help on Sunday.', doneAt })
        .returning({ id: applications.id });
      const [conversation] = await db
        .insert(conversations)
        .values({ applicationId: application!.id, listingId: listing!.id, posterId: poster.id, applicantId: worker.id })
        .returning({ id: conversations.id });
      return { applicationId: application!.id, listingId: listing!.id, conversationId: conversation!.id };
    }

    /** The short window of a deal ends: its work is dated back past it, as a day going by would (the default window stays open). */
    async function shortWindowCloses(applicationId: number): Promise<void> {
      await suite.handle.db
        .update(applications)
        .set({ doneAt: new Date(Date.now() - SHORT_WINDOW_DAYS * DAY_MS - 60_000) })
        .where(eq(applications.id, applicationId));
    }

    function call(method: 'GET' | 'POST', url: string, who?: Member, payload?: unknown) {
      return suite.server.app.inject({
        method,
        url: `/api/v1${url}`,
        ...(who ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
    }

    const review = (applicationId: number | string, author: Member | undefined, body: unknown) =>
      call('POST', `/applications/${applicationId}/reviews`, author, body);
    const profile = async (userId: number) => (await call('GET', `/users/${userId}`)).json<UserProfile>();
    const reviewsOf = async (userId: number, page = 1) =>
      (await call('GET', `/users/${userId}/reviews?page=${page}`)).json<{ reviews: PublicReview[]; total: number }>();

    async function eventsOf(userId: number): Promise<ReviewEvent[]> {
      const rows = await suite.handle.db
        .select({ data: userEvents.data })
        .from(userEvents)
        .where(and(eq(userEvents.userId, userId), eq(userEvents.type, 'review')))
        .orderBy(userEvents.id);
      return rows.map((row) => row.data as ReviewEvent);
    }

    /** A done deal both sides reviewed: both reviews published. */
    async function reviewedDeal(
      poster: Member,
      worker: Member,
      ratings: { ofWorker: number; ofPoster: number },
      texts = { ofWorker: 'Careful and on time.', ofPoster: 'Clear instructions.' },
    ) {
      const made = await deal(poster, worker);
      const ofWorker = await review(made.applicationId, poster, { rating: ratings.ofWorker, text: texts.ofWorker });
      const ofPoster = await review(made.applicationId, worker, { rating: ratings.ofPoster, text: texts.ofPoster });
      assert.equal(ofWorker.statusCode, 201, ofWorker.body);
      assert.equal(ofPoster.statusCode, 201, ofPoster.body);
      return { ...made, ofWorkerId: ofWorker.json().review.id as number, ofPosterId: ofPoster.json().review.id as number };
    }

    it('lets only the two sides of a done deal review, within the window, once each', async () => {
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const stranger = await member('Yael Cohen');
      const { applicationId } = await deal(poster, worker);

      assert.equal((await review(applicationId, undefined, { rating: 5 })).statusCode, 401);
      const minor = await member('Young One', { isAdult: false });
      const underage = await review(applicationId, minor, { rating: 5 });
      assert.equal(underage.statusCode, 403);
      assert.equal(underage.json().messageKey, 'ageConfirmationRequired');

      for (const [who, id] of [
        [stranger, applicationId],
        [poster, 'abc'],
        [poster, '0'],
        [poster, '99999999'],
        [poster, '1e3'],
      ] as const) {
        const refused = await review(id, who, { rating: 5 });
        assert.equal(refused.statusCode, 403, `${id}: ${refused.body}`);
        assert.equal(refused.json().messageKey, 'reviewNotAllowed');
      }
      // Hired but not done, and done with the window closed: no review.
      const hired = await deal(poster, worker, { status: 'hired' });
      const closed = await deal(poster, worker, { doneAt: new Date(Date.now() - 15 * DAY_MS) });
      for (const id of [hired.applicationId, closed.applicationId]) {
        const refused = await review(id, poster, { rating: 4 });
        assert.equal(refused.statusCode, 403, refused.body);
        assert.equal(refused.json().messageKey, 'reviewNotAllowed');
      }

      for (const rating of [4.5, '5', 0, 6, -1, null, undefined]) {
        const refused = await review(applicationId, poster, { rating, text: 'ok' });
        assert.equal(refused.statusCode, 400, `${String(rating)}: ${refused.body}`);
        assert.equal(refused.json().messageKey, 'ratingInvalid');
        assert.equal(refused.json().fields.rating, 'ratingInvalid');
      }
      const tooLong = await review(applicationId, poster, { rating: 5, text: 'x'.repeat(DEAL_LIMITS.reviewTextMaxLength + 1) });
      assert.equal(tooLong.statusCode, 400);
      assert.equal(tooLong.json().messageKey, 'reviewTooLong');

      // At the limit after the spaces around it are trimmed.
      const atLimit = `${'y'.repeat(DEAL_LIMITS.reviewTextMaxLength)}`;
      const written = await review(applicationId, poster, { rating: 5, text: `  ${atLimit}  ` });
      assert.equal(written.statusCode, 201, written.body);
      const answer = written.json().review;
      assert.deepEqual(Object.keys(answer).sort(), ['createdAt', 'id', 'published', 'rating', 'text']);
      assert.equal(answer.rating, 5);
      assert.equal(answer.text, atLimit);
      assert.equal(answer.published, false);

      const again = await review(applicationId, poster, { rating: 1 });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().messageKey, 'alreadyReviewed');
      const [stored] = await suite.handle.db.select().from(reviews).where(eq(reviews.id, answer.id));
      assert.equal(stored?.subjectId, worker.id);
      assert.equal(stored?.role, 'worker');
    });

    it('keeps the first review unpublished until the other side writes, then publishes both together', async () => {
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const { applicationId, conversationId } = await deal(poster, worker);
      await suite.handle.db.insert(messages).values({ conversationId, authorId: worker.id, text: 'I can help on Sunday.' });

      const first = await review(applicationId, poster, { rating: 4, text: 'Good work.' });
      assert.equal(first.statusCode, 201);
      assert.equal(first.json().review.published, false);
      // The author's conversation says it is written and waiting; the other side's, that they have written nothing.
      const myReviewIn = async (who: Member) =>
        (await call('GET', '/me/conversations', who)).json<{ conversations: Conversation[] }>().conversations[0]?.application.myReview;
      assert.deepEqual(await myReviewIn(poster), { published: false });
      assert.equal(await myReviewIn(worker), null);
      // Nobody else sees it: not on the profile, not in the rating, not in the other side's events.
      assert.deepEqual(await reviewsOf(worker.id), { reviews: [], total: 0 });
      assert.deepEqual((await profile(worker.id)).rating, {
        average: null,
        count: 0,
        asPoster: { average: null, count: 0 },
        asWorker: { average: null, count: 0 },
      });
      assert.deepEqual(await eventsOf(worker.id), []);
      const authorEvents = await eventsOf(poster.id);
      assert.equal(authorEvents.length, 1);
      assert.deepEqual(authorEvents[0]?.review, { ...first.json().review, applicationId });
      // Nor can it be replied to or reported yet.
      assert.equal((await call('POST', `/reviews/${first.json().review.id}/reply`, worker, { text: 'Thanks' })).statusCode, 404);
      assert.equal((await call('POST', `/reviews/${first.json().review.id}/reports`, worker, { reason: 'offensive' })).statusCode, 404);

      const second = await review(applicationId, worker, { rating: 2, text: 'Paid late.' });
      assert.equal(second.statusCode, 201);
      assert.equal(second.json().review.published, true);
      assert.deepEqual(await myReviewIn(poster), { published: true });
      assert.deepEqual(await myReviewIn(worker), { published: true });

      const ofWorker = await reviewsOf(worker.id);
      assert.equal(ofWorker.total, 1);
      assert.equal(ofWorker.reviews[0]?.id, first.json().review.id);
      assert.equal(ofWorker.reviews[0]?.role, 'worker');
      assert.equal(ofWorker.reviews[0]?.text, 'Good work.');
      assert.deepEqual(ofWorker.reviews[0]?.author, { id: poster.id, displayName: 'Dana K.' });
      const ofPoster = await reviewsOf(poster.id);
      assert.equal(ofPoster.total, 1);
      assert.equal(ofPoster.reviews[0]?.role, 'poster');
      assert.deepEqual(ofPoster.reviews[0]?.author, { id: worker.id, displayName: 'Omar H.' });

      // Both sides hear of both reviews, published; the author had heard of their own while it waited.
      const published = (events: ReviewEvent[]) =>
        events
          .filter((event) => event.review.published)
          .map((event) => event.review.id)
          .sort();
      const both = [first.json().review.id, second.json().review.id].sort();
      assert.deepEqual(published(await eventsOf(poster.id)), both);
      assert.deepEqual(published(await eventsOf(worker.id)), both);
      assert.equal((await eventsOf(worker.id)).length, 2);
      const [firstStored, secondStored] = await suite.handle.db
        .select()
        .from(reviews)
        .where(eq(reviews.applicationId, applicationId))
        .orderBy(reviews.id);
      assert.deepEqual(firstStored?.publishedAt, secondStored?.publishedAt);
    });

    it('names the roles by who did the work: a service’s provider is its worker, the member who requested it its poster', async () => {
      const provider = await member('Rina Levi');
      const customer = await member('Yusuf Nasser');
      const { applicationId } = await deal(provider, customer, { offerType: 'service' });
      assert.equal((await review(applicationId, provider, { rating: 4 })).statusCode, 201);
      assert.equal((await review(applicationId, customer, { rating: 5 })).statusCode, 201);
      assert.equal((await reviewsOf(provider.id)).reviews[0]?.role, 'worker');
      assert.equal((await reviewsOf(customer.id)).reviews[0]?.role, 'poster');
      assert.deepEqual((await profile(provider.id)).rating.asWorker, { average: 5, count: 1 });
      assert.deepEqual((await profile(customer.id)).rating.asPoster, { average: 4, count: 1 });
    });

    it('shows a public profile with the rating by role, and 404 userNotFound for unknown, junk and blocked ids', async () => {
      const dana = await member('Dana Ruth Kaplan', { email: `dana-${Date.now()}@example.com` });
      const omar = await member('Omar Haddad');
      const lea = await member('Lea Stern');
      // Dana as a poster (rated 5 by Omar) and as a worker (rated 2 by Lea).
      await reviewedDeal(dana, omar, { ofWorker: 4, ofPoster: 5 });
      await reviewedDeal(lea, dana, { ofWorker: 2, ofPoster: 3 });
      await deal(dana, lea, { status: 'sent' });

      const answer = await call('GET', `/users/${dana.id}`);
      assert.equal(answer.statusCode, 200);
      const shown = answer.json<UserProfile>();
      const [row] = await suite.handle.db.select().from(users).where(eq(users.id, dana.id));
      const joined = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' })
        .format(row!.createdAt)
        .slice(0, 7);
      assert.deepEqual(shown, {
        id: dana.id,
        displayName: 'Dana K.',
        memberSince: joined,
        emailVerified: false,
        // The listings of her deal as a poster and of the one still open.
        activeListings: 2,
        rating: { average: 3.5, count: 2, asPoster: { average: 5, count: 1 }, asWorker: { average: 2, count: 1 } },
      });
      assert.doesNotMatch(answer.body, /@example\.com|Kaplan|Ruth/);

      for (const id of ['99999999', 'abc', '0', '-1', '1.5', '1e3', '%20']) {
        const missing = await call('GET', `/users/${id}`);
        assert.equal(missing.statusCode, 404, id);
        assert.equal(missing.json().messageKey, 'userNotFound');
        const noReviews = await call('GET', `/users/${id}/reviews`);
        assert.equal(noReviews.statusCode, 404, id);
        assert.equal(noReviews.json().messageKey, 'userNotFound');
      }
      await suite.handle.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, lea.id));
      assert.equal((await call('GET', `/users/${lea.id}`)).json().messageKey, 'userNotFound');
      assert.equal((await call('GET', `/users/${lea.id}/reviews`)).statusCode, 404);
    });

    it('pages a profile’s reviews newest first, and refuses a bad page as other paged routes do', async () => {
      const worker = await member('Many Reviews');
      const posters = await Promise.all(Array.from({ length: DEAL_LIMITS.reviewsPageSize + 1 }, (_, i) => member(`Poster ${i}`)));
      const ids: number[] = [];
      for (const poster of posters) ids.push((await reviewedDeal(poster, worker, { ofWorker: 5, ofPoster: 5 })).ofWorkerId);
      const first = await reviewsOf(worker.id);
      assert.equal(first.total, DEAL_LIMITS.reviewsPageSize + 1);
      assert.equal(first.reviews.length, DEAL_LIMITS.reviewsPageSize);
      assert.deepEqual(
        first.reviews.map((r) => r.id),
        ids.slice(1).reverse(),
      );
      const second = await reviewsOf(worker.id, 2);
      assert.deepEqual(
        second.reviews.map((r) => r.id),
        [ids[0]],
      );
      assert.deepEqual((await reviewsOf(worker.id, 3)).reviews, []);
      for (const page of ['0', '-1', 'abc', '1.5', '99999999']) {
        const refused = await call('GET', `/users/${worker.id}/reviews?page=${page}`);
        assert.equal(refused.statusCode, 400, page);
        assert.equal(refused.json().messageKey, 'invalidRequest');
      }
    });

    it('lets the reviewed person reply once, in public; nobody else', async () => {
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const stranger = await member('Yael Cohen');
      const { ofWorkerId } = await reviewedDeal(poster, worker, { ofWorker: 3, ofPoster: 5 });
      const reply = (who: Member, body: unknown, id: number | string = ofWorkerId) => call('POST', `/reviews/${id}/reply`, who, body);

      for (const who of [poster, stranger]) {
        const refused = await reply(who, { text: 'Not mine to answer' });
        assert.equal(refused.statusCode, 403);
        assert.equal(refused.json().messageKey, 'forbidden');
      }
      for (const [body, key] of [
        [{ text: '   ' }, 'replyRequired'],
        [{}, 'replyRequired'],
        [{ text: 'z'.repeat(DEAL_LIMITS.replyTextMaxLength + 1) }, 'replyTooLong'],
      ] as const) {
        const refused = await reply(worker, body);
        assert.equal(refused.statusCode, 400);
        assert.equal(refused.json().messageKey, key);
      }
      for (const id of ['abc', '99999999']) assert.equal((await reply(worker, { text: 'Hello' }, id)).json().messageKey, 'notFound');

      const answered = await reply(worker, { text: '  The stairs were narrow.  ' });
      assert.equal(answered.statusCode, 201);
      assert.equal(answered.json().reply.text, 'The stairs were narrow.');
      const again = await reply(worker, { text: 'And another thing' });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().messageKey, 'alreadyReplied');
      const [shown] = (await reviewsOf(worker.id)).reviews;
      assert.deepEqual(shown?.reply, answered.json().reply);
      assert.equal((await reviewsOf(poster.id)).reviews[0]?.reply, undefined);
    });

    it('takes reports of published reviews, one per member, as listing reports', async () => {
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const stranger = await member('Yael Cohen');
      const { ofWorkerId } = await reviewedDeal(poster, worker, { ofWorker: 1, ofPoster: 5 });
      const report = (who: Member, body: unknown, id: number | string = ofWorkerId) => call('POST', `/reviews/${id}/reports`, who, body);

      assert.equal((await call('POST', `/reviews/${ofWorkerId}/reports`, undefined, { reason: 'scam' })).statusCode, 401);
      const badReason = await report(worker, { reason: 'boring' });
      assert.equal(badReason.statusCode, 400);
      assert.equal(badReason.json().fields.reason, 'reportReasonRequired');
      assert.equal((await report(poster, { reason: 'offensive' })).json().messageKey, 'forbidden');
      assert.equal((await report(worker, { reason: 'offensive' }, 'abc')).json().messageKey, 'notFound');

      const reported = await report(worker, { reason: 'offensive', note: 'Insults me.' });
      assert.equal(reported.statusCode, 201);
      assert.deepEqual(reported.json(), { reported: true });
      const again = await report(worker, { reason: 'scam' });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().messageKey, 'alreadyReported');
      assert.equal((await report(stranger, { reason: 'other' })).statusCode, 201);
      const stored = await suite.handle.db
        .select()
        .from(contentReports)
        .where(and(eq(contentReports.targetKind, 'review'), eq(contentReports.targetId, ofWorkerId)));
      assert.equal(stored.length, 2);
    });

    it('lists reported reviews and messages to moderators, and hiding one removes it from every answer', async () => {
      const moderator = await member('Mod Erator', { email: 'moderator@example.com' });
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const reporters = await Promise.all([member('R One'), member('R Two'), member('R Three')]);
      const made = await reviewedDeal(poster, worker, { ofWorker: 1, ofPoster: 5 }, { ofWorker: 'Rude and late.', ofPoster: 'Great.' });
      await reviewedDeal(await member('Other Poster'), worker, { ofWorker: 5, ofPoster: 5 });

      // A thread of twelve messages; the last one reported by three members, the review by one.
      const thread = await suite.handle.db
        .insert(messages)
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            conversationId: made.conversationId,
            authorId: i % 2 ? worker.id : poster.id,
            text: `message ${i + 1}`,
          })),
        )
        .returning({ id: messages.id });
      const reportedMessage = thread.at(-1)!.id;
      await suite.handle.db.insert(contentReports).values(
        reporters.map((r) => ({
          targetKind: 'message',
          targetId: reportedMessage,
          reporterId: r.id,
          reason: 'scam',
          note: 'Asks for a deposit.',
        })),
      );
      assert.equal(
        (await call('POST', `/reviews/${made.ofWorkerId}/reports`, worker, { reason: 'offensive', note: 'Insults me.' })).statusCode,
        201,
      );

      // Anyone else: not found, as if the screen did not exist.
      for (const who of [undefined, worker]) {
        assert.equal((await call('GET', '/admin/reported-content', who)).statusCode, 404);
        assert.equal((await call('POST', `/admin/reviews/${made.ofWorkerId}/hide`, who)).statusCode, 404);
        assert.equal((await call('POST', `/admin/messages/${reportedMessage}/hide`, who)).statusCode, 404);
      }

      const listed = await call('GET', '/admin/reported-content', moderator);
      assert.equal(listed.statusCode, 200);
      const items = listed.json().items as ReportedContent[];
      const messageItem = items.find((item) => item.kind === 'message' && item.id === reportedMessage);
      const reviewItem = items.find((item) => item.kind === 'review' && item.id === made.ofWorkerId);
      assert.ok(messageItem && reviewItem);
      assert.ok(items.indexOf(messageItem) < items.indexOf(reviewItem), 'most reported first');
      assert.equal(messageItem.reportCount, 3);
      assert.equal(messageItem.text, 'message 12');
      assert.equal(messageItem.authorId, worker.id);
      assert.deepEqual(
        messageItem.context.map((m) => m.text),
        Array.from({ length: 10 }, (_, i) => `message ${i + 2}`),
      );
      assert.equal(messageItem.context[0]?.kind, 'user');
      assert.deepEqual(messageItem.reports[0], { reason: 'scam', note: 'Asks for a deposit.', at: messageItem.reports[0]?.at });
      assert.deepEqual(
        { ...reviewItem, reports: reviewItem.reports.map(({ reason, note }) => ({ reason, note })) },
        {
          kind: 'review',
          id: made.ofWorkerId,
          text: 'Rude and late.',
          authorId: poster.id,
          hidden: false,
          reportCount: 1,
          reports: [{ reason: 'offensive', note: 'Insults me.' }],
          context: [],
        },
      );

      const ratingBefore = (await profile(worker.id)).rating;
      assert.equal(ratingBefore.count, 2);
      const listing = await call('GET', `/jobs/${made.listingId}`);
      assert.deepEqual(listing.json().publisher.rating, { average: 5, count: 1 });

      const hidden = await call('POST', `/admin/reviews/${made.ofWorkerId}/hide`, moderator);
      assert.equal(hidden.statusCode, 204);
      assert.equal(hidden.body, '');
      const { reviews: shown, total } = await reviewsOf(worker.id);
      assert.equal(total, 1);
      assert.ok(!shown.some((r) => r.id === made.ofWorkerId));
      assert.deepEqual((await profile(worker.id)).rating, {
        average: 5,
        count: 1,
        asPoster: { average: null, count: 0 },
        asWorker: { average: 5, count: 1 },
      });
      assert.equal((await call('POST', `/reviews/${made.ofWorkerId}/reply`, worker, { text: 'Gone?' })).statusCode, 404);
      assert.equal((await call('POST', `/reviews/${made.ofWorkerId}/reports`, reporters[0], { reason: 'other' })).statusCode, 404);
      const afterHide = (await call('GET', '/admin/reported-content', moderator)).json().items as ReportedContent[];
      assert.equal(afterHide.find((item) => item.kind === 'review' && item.id === made.ofWorkerId)?.hidden, true);

      assert.equal((await call('POST', `/admin/reviews/${made.ofWorkerId}/restore`, moderator)).statusCode, 204);
      assert.equal((await reviewsOf(worker.id)).total, 2);
      assert.equal((await profile(worker.id)).rating.count, 2);

      assert.equal((await call('POST', `/admin/messages/${reportedMessage}/hide`, moderator)).statusCode, 204);
      const [message] = await suite.handle.db.select().from(messages).where(eq(messages.id, reportedMessage));
      assert.ok(message?.hiddenAt);
      assert.equal(
        ((await call('GET', '/admin/reported-content', moderator)).json().items as ReportedContent[]).find(
          (item) => item.id === reportedMessage && item.kind === 'message',
        )?.hidden,
        true,
      );
      assert.equal((await call('POST', `/admin/messages/${reportedMessage}/restore`, moderator)).statusCode, 204);
      const [restored] = await suite.handle.db.select().from(messages).where(eq(messages.id, reportedMessage));
      assert.equal(restored?.hiddenAt, null);

      for (const path of ['/admin/reviews/99999999/hide', '/admin/messages/abc/restore'])
        assert.equal((await call('POST', path, moderator)).json().messageKey, 'notFound');
    });

    it('shows the poster’s rating, both roles together, in a listing’s publisher block', async () => {
      const poster = await member('Dana Kaplan');
      const { listingId } = await deal(poster, await member('Omar Haddad'), { status: 'sent' });
      assert.deepEqual((await call('GET', `/jobs/${listingId}`)).json().publisher.rating, { average: null, count: 0 });
      // 4 as a poster, 2 as a worker: 3 together.
      await reviewedDeal(poster, await member('Lea Stern'), { ofWorker: 5, ofPoster: 4 });
      await reviewedDeal(await member('Ron Levi'), poster, { ofWorker: 2, ofPoster: 5 });
      const answer = await call('GET', `/jobs/${listingId}`);
      assert.equal(answer.statusCode, 200);
      assert.deepEqual(answer.json().publisher.rating, { average: 3, count: 2 });
    });

    // Last: a window this short publishes every waiting review of the suite's database once it closes.
    it('publishes a lone review when the window closes: the other side can no longer write', async () => {
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const { applicationId } = await deal(poster, worker);
      const lone = await review(applicationId, poster, { rating: 5, text: 'Would hire again.' });
      assert.equal(lone.statusCode, 201);
      assert.ok(!(await publishDueReviews(suite.handle.db, SHORT_WINDOW_DAYS)).includes(applicationId), 'still open');
      await shortWindowCloses(applicationId);

      const published = await publishDueReviews(suite.handle.db, SHORT_WINDOW_DAYS);
      assert.ok(published.includes(applicationId));
      assert.ok(!(await publishDueReviews(suite.handle.db, SHORT_WINDOW_DAYS)).includes(applicationId), 'published once');
      assert.equal((await reviewsOf(worker.id)).reviews[0]?.id, lone.json().review.id);
      // The suite's server keeps the default window, so its own sweep and routes treat the deal as open:
      // a server with the short window refuses the late review.
      const shortWindowApp = Fastify();
      shortWindowApp.setValidatorCompiler(validatorCompiler);
      shortWindowApp.setSerializerCompiler(serializerCompiler);
      shortWindowApp.decorateRequest('user', null);
      await shortWindowApp.register(errorsPlugin);
      const mail = recordingMail();
      sessions ??= await SessionService.open(suite.handle.db);
      await shortWindowApp.register(reviewsRoutes, {
        prefix: '/api/v1',
        db: suite.handle.db,
        sessions,
        config: { reviewWindowDays: SHORT_WINDOW_DAYS, writeRateLimit: 1000 },
        userEventPublisher: databaseEventPublisher(),
        dealMail: mail,
        sweepEveryMs: 100,
      });
      try {
        const late = await shortWindowApp.inject({
          method: 'POST',
          url: `/api/v1/applications/${applicationId}/reviews`,
          headers: { authorization: `Bearer ${worker.token}` },
          payload: { rating: 1 },
        });
        assert.equal(late.statusCode, 403);
        assert.equal(late.json().messageKey, 'reviewNotAllowed');

        // Its sweep publishes, tells both sides, and asks for the mail once per deal.
        const next = await deal(poster, worker);
        const waiting = await shortWindowApp.inject({
          method: 'POST',
          url: `/api/v1/applications/${next.applicationId}/reviews`,
          headers: { authorization: `Bearer ${worker.token}` },
          payload: { rating: 3, text: 'Fine.' },
        });
        assert.equal(waiting.statusCode, 201, waiting.body);
        const reviewId = waiting.json().review.id as number;
        assert.equal(mail.published.includes(next.applicationId), false);
        await shortWindowCloses(next.applicationId);
        const publishedEvent = (events: ReviewEvent[]) => events.find((event) => event.review.id === reviewId && event.review.published);
        // Waited for on what the sweep's transaction commits: the mail is asked for inside it, before the
        // commit, so seeing the mail asked for says nothing yet of what another connection reads.
        await until(async () => publishedEvent(await eventsOf(poster.id)) !== undefined, 'the sweep');
        assert.equal(mail.published.filter((id) => id === next.applicationId).length, 1);
        assert.deepEqual(publishedEvent(await eventsOf(poster.id))?.review.applicationId, next.applicationId);
        assert.ok(publishedEvent(await eventsOf(worker.id)));
        assert.equal((await reviewsOf(poster.id)).reviews[0]?.id, reviewId);
      } finally {
        await shortWindowApp.close();
      }
    });

    it('stores no review whose email cannot be queued: an error answer, and the same review is taken when sent again', async () => {
      const poster = await member('Dana Kaplan');
      const worker = await member('Omar Haddad');
      const { applicationId } = await deal(poster, worker);
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      app.decorateRequest('user', null);
      await app.register(errorsPlugin);
      let isQueueDown = true;
      const failing: DealMail = {
        ...recordingMail(),
        reviewsPublished: () => (isQueueDown ? Promise.reject(new Error('queue unreachable')) : Promise.resolve()),
      };
      sessions ??= await SessionService.open(suite.handle.db);
      await app.register(reviewsRoutes, {
        prefix: '/api/v1',
        db: suite.handle.db,
        sessions,
        config: { reviewWindowDays: 14, writeRateLimit: 1000 },
        userEventPublisher: databaseEventPublisher(),
        dealMail: failing,
      });
      try {
        const write = (who: Member, id: number) =>
          app.inject({
            method: 'POST',
            url: `/api/v1/applications/${id}/reviews`,
            headers: { authorization: `Bearer ${who.token}` },
            payload: { rating: 4 },
          });
        assert.equal((await write(poster, applicationId)).statusCode, 201, 'the first review waits: no email to queue');
        const refused = await write(worker, applicationId);
        assert.equal(refused.statusCode, 500, 'the second publishes both, and its email cannot be queued');
        const kept = await suite.handle.db.select().from(reviews).where(eq(reviews.applicationId, applicationId));
        assert.equal(kept.length, 1, 'the second review is not stored');
        assert.equal(kept[0]!.publishedAt, null, 'nor is the first published');
        isQueueDown = false;
        const again = await write(worker, applicationId);
        assert.equal(again.statusCode, 201, again.body);
        assert.equal(again.json().review.published, true);
      } finally {
        await app.close();
      }
    });
  });
}
