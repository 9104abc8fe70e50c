import { z } from 'zod';
import {
  DEAL_LIMITS,
  REPORT_REASONS,
  REVIEW_ROLES,
  type PublicReview,
  type ReportedContent,
  type Review,
  type ReviewReply,
  type UserProfile,
} from '@tasko/shared/domain';
import { freeText } from '@tasko/shared/validation';
import { chatMessageWire } from '../deal/deal.schemas.js';
import { listingPublisher, rating } from '../jobs/listingSchemas.js';

// The reviews, the public profiles and the moderation of reported reviews and messages (docs/deal.md,
// "Reviews and profiles"): what the routes take and answer. Answers name every field they may carry, so
// nothing else (an author's email, an unpublished review) can reach the client.

export const reviewInput = z.object({
  // A whole number of stars: 4.5, "5", 0 and 6 are all refused the same way.
  rating: z
    .number({ message: 'ratingInvalid' })
    .int({ message: 'ratingInvalid' })
    .min(1, { message: 'ratingInvalid' })
    .max(5, { message: 'ratingInvalid' }),
  text: freeText('reviewTooLong').trim().max(DEAL_LIMITS.reviewTextMaxLength, { message: 'reviewTooLong' }).default(''),
});

export const replyInput = z.object({
  text: freeText('replyRequired')
    .trim()
    .min(1, { message: 'replyRequired' })
    .max(DEAL_LIMITS.replyTextMaxLength, { message: 'replyTooLong' }),
});

export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  published: z.boolean(),
}) satisfies z.ZodType<Review>;

const reviewReply = z.object({ text: z.string(), createdAt: z.string() }) satisfies z.ZodType<ReviewReply>;

export const publicReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  role: z.enum(REVIEW_ROLES),
  createdAt: z.string(),
  author: z.object({ id: z.number().int(), displayName: z.string() }),
  reply: reviewReply.optional(),
}) satisfies z.ZodType<PublicReview>;

/** The listing page's poster block with the member's id and their rating split by role. */
export const userProfile = listingPublisher.omit({ rating: true }).extend({
  id: z.number().int(),
  rating: rating.extend({ asPoster: rating, asWorker: rating }),
}) satisfies z.ZodType<UserProfile>;

export const reviewsPage = z.object({ reviews: z.array(publicReview), total: z.number().int() });

export const reviewsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const reportedContent = z.object({
  kind: z.enum(['review', 'message']),
  id: z.number().int(),
  text: z.string(),
  authorId: z.number().int().nullable(),
  hidden: z.boolean(),
  reportCount: z.number().int(),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), at: z.string() })),
  context: z.array(chatMessageWire),
}) satisfies z.ZodType<ReportedContent>;
