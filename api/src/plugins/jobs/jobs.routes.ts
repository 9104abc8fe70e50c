import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES, DEFAULT_LANGUAGE, LIMITS, OFFER_TYPES, PAYMENT_FILTERS, RADIUS_KM_OPTIONS, SORT_OPTIONS } from '@tasko/shared/domain';
import { languageParam, placeById } from '../places/places.js';
import type { Database } from '../../db/client.js';
import type { PublicReads } from '../../db/replica.js';
import type { IdempotentWrites } from '../idempotency/idempotentWrites.js';
import { listings } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { bearerToken, optionalUser, requireUser, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { noContent } from '../auth/auth.routes.js';
import { columnsOf, countReveal, findListing, findPublisher, listingsOf, statsOf, type ListingRow } from './jobs.queries.js';
import { aroundOf, searchListings, sortOf } from '../../search/listingSearch.js';
import { readQuery } from '../../search/terms.js';
import { didYouMean } from '../../search/suggestions.js';
import { contactOf, ownerWire, publicWire, publisherWire } from './listingWire.js';
import { listingContact, listingForViewer, ownListingPage, publicListingPage } from './listingSchemas.js';
import { ownListingSchema } from '@tasko/shared/listingWire';
import { listingId } from './listingId.js';
import { contactRevealLimits, REVEAL_WINDOW_MS } from './revealLimits.js';
import { ListingViews } from './listingViews.js';
import type { PhotoStorage } from './photoStorage.js';
import { readPostForm, type ProcessedPhoto } from './postForm.js';
import type { PublicSearchCache } from './searchCache.js';
import { decodeCursor } from './searchCursor.js';
import { ratingsOf } from '../reviews/ratings.js';

const searchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  location: z.string().trim().max(100).optional(),
  /** A place chosen from `GET /places` (its id): its listings, or with `radiusKm` those of every place that near. */
  placeId: z.coerce.number().int().positive().optional(),
  radiusKm: z.coerce
    .number()
    .refine((km) => (RADIUS_KM_OPTIONS as readonly number[]).includes(km))
    .transform((km) => km as (typeof RADIUS_KM_OPTIONS)[number])
    .optional(),
  category: z.enum([...CATEGORIES, 'all']).optional(),
  offerType: z.enum(OFFER_TYPES).optional(),
  paymentType: z.enum(PAYMENT_FILTERS).optional(),
  /** Only listings written in this language. */
  listingLanguage: languageParam.optional(),
  /** Without one: most relevant first for words (`q`), newest first without them. */
  sort: z.enum(SORT_OPTIONS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
  /** `nextCursor` or `previousCursor` of the page before: where this page starts, at any depth. */
  cursor: z.string().max(200).optional(),
  /** Kept for remotes released before `GET /me/jobs`: the signed-in user's own address only. */
  userEmail: z.string().trim().max(254).optional(),
  /** The language places are named in; for display only (Hebrew by default, never from a cookie, so a URL is one answer). */
  language: languageParam.default(DEFAULT_LANGUAGE),
});

const pagingQuery = searchQuery.pick({ page: true, pageSize: true, language: true });

/** For the answers about one listing: the language its place is named in. */
const displayQuery = searchQuery.pick({ language: true });

/** Without a cursor, a page is counted from the first: no deeper than the count cap, so no request reads more. */
function isTooDeep(page: number, pageSize: number): boolean {
  return (page - 1) * pageSize >= LIMITS.searchCountCap;
}

const idParams = z.object({ id: z.string() });

// Five photos of up to the per-file limit, plus the text fields.
const POST_BODY_LIMIT = LIMITS.maxImages * LIMITS.maxImageBytes + 1024 * 1024;

export async function jobsRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    /** Where anonymous public reads go: the replica while it is fresh (docs/deploy.md#reads-from-the-replica). */
    publicReads: PublicReads;
    idempotentWrites: IdempotentWrites;
    sessions: SessionService;
    storage: PhotoStorage;
    publicSearches: PublicSearchCache;
    writeRateLimit: number;
    contactRevealLimit: number;
    contactRevealAddressLimit: number;
    contactRevealNewAccountLimit: number;
    /** A listing was published or reactivated: saved searches it matches hear of it (queued, not awaited). */
    onListingVisible?: (listingId: number) => Promise<void>;
    /** Server time a post or edit may spend on its photos before it answers 503 `uploadTimeout`, storing nothing. */
    uploadTimeBudgetMs: number;
  },
): Promise<void> {
  const { db, sessions, storage } = opts;
  const views = await ListingViews.open(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(sessions);
  const WRITE_LIMIT = { rateLimit: { max: opts.writeRateLimit, timeWindow: 60_000 } };
  // Per user (per address without a session): enough for someone contacting a few people, far too few to harvest the site.
  const REVEAL_LIMIT = { rateLimit: { max: opts.contactRevealLimit, timeWindow: REVEAL_WINDOW_MS } };
  const revealLimitsAcrossAccounts = contactRevealLimits(app, {
    sessions,
    addressLimit: opts.contactRevealAddressLimit,
    newAccountLimit: opts.contactRevealNewAccountLimit,
  });
  const { publicSearches } = opts;
  // Any write here may change what a search shows.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) publicSearches.clear();
  });

  /** Photos are written before the row; if the row is not written, they are removed again. */
  async function storePhotos(photos: ProcessedPhoto[]): Promise<string[]> {
    const urls: string[] = [];
    try {
      for (const photo of photos) urls.push(await storage.put(photo.name, photo.data, photo.contentType));
    } catch (error) {
      await Promise.all(urls.map((u) => storage.remove(u)));
      throw error;
    }
    return urls;
  }

  /**
   * Photos no listing shows any more leave storage at once, so their URLs answer 404. A failed removal does
   * not fail the request: the orphan sweep takes the file once it is an hour old.
   */
  async function discardPhotos(request: FastifyRequest, urls: string[]): Promise<void> {
    const results = await Promise.allSettled(urls.map((url) => storage.remove(url)));
    for (const result of results)
      if (result.status === 'rejected') request.log.warn({ err: result.reason }, 'photo left to the orphan sweep');
  }

  async function ownedListing(request: FastifyRequest, rawId: string): Promise<ListingRow> {
    const listing = await findListing(db, listingId(rawId), userOf(request).id);
    if (!listing) throw new ApiProblem(404, 'jobNotFound');
    if (listing.publisherId !== userOf(request).id) throw new ApiProblem(403, 'forbidden');
    return listing;
  }

  api.get(
    '/me/jobs',
    {
      schema: {
        summary: 'My own listings, open and closed, newest first (the session says whose)',
        tags: ['jobs'],
        querystring: pagingQuery,
        response: { 200: ownListingPage },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { page, pageSize, language } = request.query;
      const mine = await listingsOf(db, userOf(request).id, page, pageSize);
      const stats = await statsOf(
        db,
        mine.rows.map((row) => row.id),
      );
      return {
        jobs: mine.rows.map((row) => ({
          ...ownerWire(row, language),
          stats: stats.get(row.id) ?? { views: 0, reveals: 0, applications: 0 },
        })),
        total: mine.total,
        page,
        pageSize,
      };
    },
  );

  api.get(
    '/jobs',
    {
      schema: {
        summary: 'Search listings (`userEmail`: deprecated, use GET /me/jobs)',
        tags: ['jobs'],
        querystring: searchQuery,
        response: { 200: publicListingPage },
      },
    },
    async (request) => {
      const { userEmail, category, language, ...params } = request.query;
      if (userEmail !== undefined) {
        const user = await optionalUser(request, sessions);
        if (!user) throw new ApiProblem(401, 'unauthorized');
        if (user.email !== userEmail.toLowerCase()) throw new ApiProblem(403, 'forbidden');
        const mine = await listingsOf(db, user.id, params.page, params.pageSize);
        return { jobs: mine.rows.map((row) => publicWire(row, language)), total: mine.total, page: params.page, pageSize: params.pageSize };
      }
      const { cursor: cursorText, paymentType, ...filters } = params;
      if ((params.radiusKm !== undefined || params.sort === 'nearest') && params.placeId === undefined)
        throw new ApiProblem(400, 'placeRequired');
      if (params.placeId !== undefined && !placeById(params.placeId)) throw new ApiProblem(400, 'placeUnknown');
      const read = readQuery(params.q ?? '');
      const sort = sortOf(read, params.sort);
      const cursor = decodeCursor(cursorText, sort);
      if (!cursor && isTooDeep(params.page, params.pageSize)) throw new ApiProblem(400, 'pageTooDeep');
      const search = {
        ...filters,
        sort,
        cursor,
        ...(category && category !== 'all' ? { category } : {}),
        ...(paymentType && paymentType !== 'any' ? { paymentType } : {}),
      };
      const answer = async (reader: Database) => {
        const { rows, ...found } = await searchListings(reader, { ...search, read });
        const center = aroundOf(search)?.center;
        // Words that found nothing on the first page: another spelling, or the task by its name, that finds something.
        const proposal =
          found.total === 0 && params.q && !cursor && params.page === 1
            ? await didYouMean(
                params.q,
                language,
                async (q) => (await searchListings(reader, { ...search, q, sort: undefined, pageSize: 1 })).total > 0,
              )
            : undefined;
        return {
          jobs: rows.map((row) => publicWire(row, language, center)),
          ...found,
          page: params.page,
          pageSize: params.pageSize,
          ...(proposal ? { didYouMean: proposal } : {}),
        };
      };
      // A signed-in member reads the primary, past every instance's cache, so their own post or edit never
      // vanishes behind a replica's lag or another instance's memory (docs/deploy.md#reads-from-the-replica).
      if (bearerToken(request)) return answer(db);
      return publicSearches.get(JSON.stringify({ ...search, language }), () => opts.publicReads.read(answer));
    },
  );

  api.get(
    '/jobs/:id',
    {
      schema: {
        summary: 'One listing: its poster’s public profile, and for its owner its phone and email (`viewer_is_owner`)',
        tags: ['jobs'],
        params: idParams,
        querystring: displayQuery,
        response: { 200: listingForViewer },
      },
    },
    async (request) => {
      const id = listingId(request.params.id);
      const viewer = await optionalUser(request, sessions);
      const readListing = async (reader: Database) => {
        const row = await findListing(reader, id, viewer?.id);
        if (!row) return null;
        const [publisher, ratings] = await Promise.all([findPublisher(reader, row.publisherId), ratingsOf(reader, [row.publisherId])]);
        return { listing: row, publisher, ratings };
      };
      const found = viewer ? await readListing(db) : await opts.publicReads.readFound(readListing);
      if (!found) throw new ApiProblem(404, 'jobNotFound');
      const { listing, publisher, ratings } = found;
      // Awaited (one insert, on the primary) so the figure is settled when the answer is.
      await views.record(request, listing, viewer?.id);
      if (!publisher) throw new ApiProblem(404, 'jobNotFound');
      const { language } = request.query;
      const extras = { updated_at: listing.updatedAt.toISOString(), publisher: publisherWire(publisher, ratings.get(listing.publisherId)) };
      return viewer?.id === listing.publisherId
        ? { ...ownerWire(listing, language), ...extras, viewer_is_owner: true as const }
        : { ...publicWire(listing, language), ...extras, viewer_is_owner: false as const };
    },
  );

  api.get(
    '/jobs/:id/contact',
    {
      schema: {
        summary: 'Reveal the contact details a listing’s poster chose to share ("Show phone")',
        tags: ['jobs'],
        params: idParams,
        response: { 200: listingContact },
      },
      config: REVEAL_LIMIT,
      preHandler: revealLimitsAcrossAccounts,
    },
    async (request, reply) => {
      const listing = await findListing(db, listingId(request.params.id));
      if (!listing || listing.status !== 'active') throw new ApiProblem(404, 'jobNotFound');
      await countReveal(db, listing.id);
      void reply.header('Cache-Control', 'private, no-store');
      return contactOf(listing);
    },
  );

  api.post(
    '/jobs',
    {
      schema: {
        summary: 'Publish a listing (multipart post payload)',
        tags: ['jobs'],
        querystring: displayQuery,
        consumes: ['multipart/form-data'],
        response: { 201: ownListingSchema },
      },
      onRequest: signedIn,
      bodyLimit: POST_BODY_LIMIT,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      if (!userOf(request).isAgeConfirmed) throw new ApiProblem(403, 'ageConfirmationRequired');
      const { post, photos, fingerprint } = await readPostForm(request, opts.uploadTimeBudgetMs);
      // A retry of a post that was stored answers that listing again (docs/deploy.md#idempotent-writes).
      if (await opts.idempotentWrites.claim(request, reply, fingerprint)) return reply;
      const urls = await storePhotos(photos);
      try {
        // The answer, as the route's serializer writes it for a 201, is kept for a resend in the row's transaction.
        void reply.code(201);
        const { row, wire } = await db.transaction(async (tx) => {
          const [stored] = await tx
            .insert(listings)
            .values({ ...columnsOf(post), publisherId: userOf(request).id, images: urls })
            .returning();
          if (!stored) throw new Error('listing not stored');
          const answer = ownerWire(stored, request.query.language);
          const serialized = reply.serialize(answer);
          await opts.idempotentWrites.settle(
            tx,
            request,
            201,
            typeof serialized === 'string' ? serialized : Buffer.from(new Uint8Array(serialized)).toString('utf8'),
          );
          return { row: stored, wire: answer };
        });
        await opts.onListingVisible?.(row.id);
        return reply.send(wire);
      } catch (error) {
        await Promise.all(urls.map((u) => storage.remove(u)));
        throw error;
      }
    },
  );

  api.put(
    '/jobs/:id',
    {
      schema: {
        summary: 'Update my listing (multipart post payload, keepImages lists photos to keep)',
        tags: ['jobs'],
        params: idParams,
        querystring: displayQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ownListingSchema },
      },
      onRequest: signedIn,
      bodyLimit: POST_BODY_LIMIT,
      config: WRITE_LIMIT,
    },
    async (request) => {
      const listing = await ownedListing(request, request.params.id);
      const { post, photos, keepImages } = await readPostForm(request, opts.uploadTimeBudgetMs);
      const kept = keepImages ? listing.images.filter((url) => keepImages.includes(url)) : listing.images;
      if (kept.length + photos.length > LIMITS.maxImages) throw new ApiProblem(400, 'tooManyImages', { photos: 'tooManyImages' });
      const added = await storePhotos(photos);
      let row: ListingRow | undefined;
      try {
        [row] = await db
          .update(listings)
          .set({ ...columnsOf(post), images: [...kept, ...added], updatedAt: new Date() })
          .where(eq(listings.id, listing.id))
          .returning();
      } catch (error) {
        await Promise.all(added.map((u) => storage.remove(u)));
        throw error;
      }
      await discardPhotos(
        request,
        listing.images.filter((url) => !kept.includes(url)),
      );
      if (!row) throw new ApiProblem(404, 'jobNotFound');
      return ownerWire(row, request.query.language);
    },
  );

  for (const [action, status] of [
    ['close', 'close'],
    ['active', 'active'],
  ] as const) {
    api.patch(
      `/jobs/:id/${action}`,
      {
        schema: {
          summary: action === 'close' ? 'Mark my listing closed' : 'Reactivate my closed listing',
          tags: ['jobs'],
          params: idParams,
          querystring: displayQuery,
          response: { 200: ownListingSchema },
        },
        onRequest: signedIn,
        config: WRITE_LIMIT,
      },
      async (request) => {
        const listing = await ownedListing(request, request.params.id);
        const [row] = await db.update(listings).set({ status, updatedAt: new Date() }).where(eq(listings.id, listing.id)).returning();
        if (!row) throw new ApiProblem(404, 'jobNotFound');
        if (status === 'active' && listing.status !== 'active') await opts.onListingVisible?.(row.id);
        return ownerWire(row, request.query.language);
      },
    );
  }

  api.delete(
    '/jobs/:id',
    {
      schema: {
        summary: 'Delete my listing (it disappears from every list)',
        tags: ['jobs'],
        params: idParams,
        response: { 204: noContent },
      },
      onRequest: signedIn,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const listing = await ownedListing(request, request.params.id);
      await db.update(listings).set({ status: 'deleted', images: [], updatedAt: new Date() }).where(eq(listings.id, listing.id));
      await discardPhotos(request, listing.images);
      return reply.code(204).send(null);
    },
  );
}
