import type { ListingFields } from '@tasko/shared/validation';
import type { listings } from '../../src/db/schema.js';
import { SERVER_ONLY_LISTING_COLUMNS, type ContractMatchesTable, type PostedColumn } from '../../src/db/listingColumns.js';
import type { columnsOf } from '../../src/plugins/jobs/jobs.queries.js';

// Type tests (checked by `npm run typecheck`, never run): the compile-time check of the listing contract
// against the `listings` table fails for each way the two can drift apart.

type Insert = typeof listings.$inferInsert;
type Select = typeof listings.$inferSelect;
type ServerOnly = (typeof SERVER_ONLY_LISTING_COLUMNS)[number];

export const agreeing: ContractMatchesTable<ListingFields, Insert, Select, ServerOnly> = true;

// @ts-expect-error a field whose column the table lacks (a column dropped, or a field added without its column)
export const missingColumn: ContractMatchesTable<ListingFields, Omit<Insert, 'amount'>, Omit<Select, 'amount'>, ServerOnly> = true;

// @ts-expect-error a column no field claims (a column added without its field)
export const missingField: ContractMatchesTable<Omit<ListingFields, 'amount'>, Insert, Select, ServerOnly> = true;

// @ts-expect-error a column of another type than the field's (an amount stored as text)
export const mistypedColumn: ContractMatchesTable<
  ListingFields,
  Omit<Insert, 'amount'> & { amount: string },
  Omit<Select, 'amount'> & { amount: string },
  ServerOnly
> = true;

// @ts-expect-error a part of a composite field without its column (the place's id)
export const missingPart: ContractMatchesTable<ListingFields, Omit<Insert, 'placeId'>, Omit<Select, 'placeId'>, ServerOnly> = true;

// What `columnsOf` stores for a post fills every posted field's column; one left out fails.
type StoredPost = ReturnType<typeof columnsOf>;
export const storedPost: Record<PostedColumn, unknown> = {} as StoredPost;
// @ts-expect-error the stored post: a posted field's column left out of `columnsOf`
export const storedWithoutAmount: Record<PostedColumn, unknown> = {} as Omit<StoredPost, 'amount'>;
