import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  CHAT_MESSAGE_KINDS,
  DEAL_LIMITS,
  LISTING_STATUSES,
  OFFER_TYPES,
  isSerialId,
  type Application,
  type BlockedMember,
  type ChatMessage,
  type Conversation,
  type ListingApplication,
  type MyApplication,
} from '@tasko/shared/domain';
import { freeText, normalizeIsraeliPhone } from '@tasko/shared/validation';
import { rating } from '../jobs/listingSchemas.js';

// The deal's requests and answers (docs/deal.md, "Applications and conversations"): the schemas validate,
// write the answers (a field not named here never leaves) and make the OpenAPI document.

export const idParams = z.object({ id: z.string() });

/** A message (free text: NUL and bidirectional controls removed) of `max` characters at most, trimmed; blank is `messageRequired`. */
const messageText = (max: number) =>
  freeText('messageRequired').trim().min(1, { message: 'messageRequired' }).max(max, { message: 'messageTooLong' });

export const applicationInput = z.object({
  message: messageText(DEAL_LIMITS.applicationMessageMaxLength),
  /** A number the applicant shares with the poster: stored in national form; blank is none. */
  phone: z
    .string({ message: 'phoneInvalid' })
    .trim()
    .nullish()
    .transform((phone, ctx): string | undefined => {
      if (!phone) return undefined;
      const national = normalizeIsraeliPhone(phone);
      if (national) return national;
      ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
      return z.NEVER;
    }),
});

export const moveInput = z.object({ status: z.enum(APPLICATION_STATUSES, { message: 'statusInvalid' }) });

export const messageInput = z.object({ text: messageText(DEAL_LIMITS.chatMessageMaxLength) });

export const messagesQuery = z.object({
  /** A message id: the page of messages before it. */
  before: z
    .string()
    .refine((id) => isSerialId(id), { message: 'invalidRequest' })
    .transform(Number)
    .optional(),
  limit: z.coerce.number().int().min(1).max(DEAL_LIMITS.messagesPageMax).default(DEAL_LIMITS.messagesPageSize),
});

/** A page of a list paged by the last activity (docs/deal.md, "Paged lists"); without `limit`, the first 30. */
export const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DEAL_LIMITS.listPageMax).default(DEAL_LIMITS.listPageSize),
});

const nextCursor = z.string().nullable();

/** `upTo`: the last message the page showed; released pages send no body, which reads to the last message. */
export const readInput = z
  .object({
    upTo: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
  })
  .nullish();

const offerExpiresAt = z.string().optional();

export const applicationWire = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  conversationId: z.number().int(),
  offerExpiresAt,
}) satisfies z.ZodType<Application>;

export const applicationAnswer = z.object({ application: applicationWire });

export const listingApplications = z.object({
  applications: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(APPLICATION_STATUSES),
      message: z.string(),
      createdAt: z.string(),
      conversationId: z.number().int(),
      offerExpiresAt,
      applicant: z.object({ id: z.number().int(), displayName: z.string(), picture: z.string().optional(), rating }),
      phone: z.string().optional(),
    }) satisfies z.ZodType<ListingApplication>,
  ),
  nextCursor,
});

export const myApplications = z.object({
  applications: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(APPLICATION_STATUSES),
      createdAt: z.string(),
      conversationId: z.number().int(),
      offerExpiresAt,
      job: z.object({ id: z.number().int(), title: z.string(), offerType: z.enum(OFFER_TYPES), status: z.enum(LISTING_STATUSES) }),
    }) satisfies z.ZodType<MyApplication>,
  ),
  nextCursor,
});

export const chatMessageWire = z.object({
  id: z.number().int(),
  authorId: z.number().int().nullable(),
  text: z.string(),
  createdAt: z.string(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
}) satisfies z.ZodType<ChatMessage>;

export const messageAnswer = z.object({ message: chatMessageWire });
export const messagePage = z.object({ messages: z.array(chatMessageWire) });

const conversationWire = z.object({
  id: z.number().int(),
  job: z.object({ id: z.number().int(), title: z.string() }),
  other: z.object({ id: z.number().int(), displayName: z.string() }),
  lastMessage: chatMessageWire,
  unread: z.number().int(),
  application: z.object({
    id: z.number().int(),
    status: z.enum(APPLICATION_STATUSES),
    side: z.enum(['owner', 'applicant']),
    myReview: z.object({ published: z.boolean() }).nullable(),
    offerExpiresAt,
  }),
  blockedByMe: z.boolean(),
}) satisfies z.ZodType<Conversation>;

export const conversationList = z.object({ conversations: z.array(conversationWire), unreadTotal: z.number().int(), nextCursor });
export const conversationAnswer = z.object({ conversation: conversationWire });

export const blockedMemberParams = z.object({ userId: z.string() });
export const blockedMemberList = z.object({
  members: z.array(z.object({ id: z.number().int(), displayName: z.string(), blockedAt: z.string() }) satisfies z.ZodType<BlockedMember>),
  nextCursor,
});

export const reportedAnswer = z.object({ reported: z.literal(true) });
