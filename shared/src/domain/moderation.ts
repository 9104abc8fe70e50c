import type { Listing, ReportReason } from './listing';

// The moderation screen's data: reported listings, the actions taken, and daily counts.

export const MODERATION_ACTIONS = ['hide', 'restore', 'block', 'unblock'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

export interface ReportedListing {
  /** The listing as its owner sees it, with `hidden` telling whether moderators took it down. */
  listing: Listing & { hidden: boolean };
  publisher: { id: number; email: string; name: string; blocked: boolean };
  reportCount: number;
  lastReportedAt: string;
  reports: { reason: ReportReason; note: string; at: string }[];
}

export interface ModerationAction {
  id: number;
  action: ModerationActionKind;
  adminEmail: string;
  listingId: number | null;
  userId: number | null;
  userEmail: string | null;
  at: string;
}

export interface DailyCount {
  /** YYYY-MM-DD in Israel time. */
  day: string;
  language: string;
  /** Distinct browsers that viewed a page. */
  visits: number;
  pageViews: number;
  searches: number;
  posts: number;
}
