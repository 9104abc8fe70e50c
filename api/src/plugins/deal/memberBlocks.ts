import { and, desc, eq, or, sql } from 'drizzle-orm';
import { displayNameOf, type BlockedMember } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { memberBlocks, users } from '../../db/schema.js';

// Blocks between two members (docs/deal.md, "Blocks"): one row per blocker and blocked member, which stops
// new applications and messages between the two whichever way it points, in every listing and conversation.

/** Either member blocked the other. */
export async function isBlockedBetween(tx: Database, a: number, b: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
        and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** `blockerId` blocks `blockedId`, from the first time they did. */
export async function blockMember(tx: Database, blockerId: number, blockedId: number): Promise<void> {
  await tx.insert(memberBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Undoes a block; nothing to undo is no error (a second tap, another tab). */
export async function unblockMember(db: Database, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
}

/**
 * The members `blockerId` blocked, the most recent first: `limit` of them from `offset`. A member's list of
 * blocks is short (blocking is rare), so a page is counted by its position rather than keyed.
 */
export async function blockedMembersOf(db: Database, blockerId: number, page: { offset: number; limit: number }): Promise<BlockedMember[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, blockedAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, blockerId))
    .orderBy(desc(memberBlocks.createdAt), desc(memberBlocks.blockedId))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ id: row.id, displayName: displayNameOf(row.name), blockedAt: row.blockedAt.toISOString() }));
}
