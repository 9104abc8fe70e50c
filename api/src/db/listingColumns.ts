import type { z } from 'zod';
import type { ListingFields } from '@tasko/shared/validation';
import type { listings } from './schema.js';

// The listing contract (docs/architecture.md#the-listing-contract) against the `listings` table, at compile
// time: every field's column exists, every column is a field's or named below as the server's own, a posted
// value fits its column, and a stored value is what the wire sends (unless the API converts it on the way).

type ListingInsert = typeof listings.$inferInsert;
type ListingSelect = typeof listings.$inferSelect;

/** Columns only the server reads: search keys, the publisher's block, the last change (a page extra). */
export const SERVER_ONLY_LISTING_COLUMNS = [
  'searchText',
  'placeText',
  'searchTerms',
  'termsVersion',
  'isPublisherBlocked',
  'updatedAt',
] as const;
type ServerOnlyColumn = (typeof SERVER_ONLY_LISTING_COLUMNS)[number];

type ColumnsOf<Field> = Field extends { column: infer Column } ? (Column extends string ? Column : Column[keyof Column]) : never;
type ClaimedColumns<Fields> = { [K in keyof Fields]: ColumnsOf<Fields[K]> }[keyof Fields];

/** Each posted field's value (after the post schema) fits the column it is stored in; composite ones part by part. */
type PostedValueFits<Field, Insert> = Field extends { posted: { schema: infer Schema extends z.ZodType }; column: infer Column }
  ? Column extends keyof Insert
    ? z.output<Schema> extends Insert[Column]
      ? true
      : false
    : Column extends Record<string, keyof Insert>
      ? {
          [Part in keyof Column]: Part extends keyof z.output<Schema>
            ? z.output<Schema>[Part] extends Insert[Column[Part]]
              ? true
              : false
            : false;
        }[keyof Column]
      : false
  : true;

/** Each stored value, read back, is what the wire sends for it (fields the API converts aside). */
type StoredValueIsWire<Field, Select> = Field extends { convertedOnTheWay: true }
  ? true
  : Field extends { wireType: infer Wire extends z.ZodType; column: infer Column extends keyof Select }
    ? Select[Column] extends z.output<Wire>
      ? true
      : false
    : true;

type Mistyped<Fields, Insert, Select> = {
  [K in keyof Fields]: [PostedValueFits<Fields[K], Insert>, StoredValueIsWire<Fields[K], Select>] extends [true, true] ? never : K;
}[keyof Fields];

/** True when the contract and the table agree; otherwise what differs, named. */
export type ContractMatchesTable<Fields, Insert, Select, ServerOnly extends string> = [
  Exclude<ClaimedColumns<Fields>, keyof Select>,
] extends [never]
  ? [Exclude<keyof Select, ClaimedColumns<Fields> | ServerOnly>] extends [never]
    ? [Mistyped<Fields, Insert, Select>] extends [never]
      ? true
      : { fieldsWhoseTypeDiffersFromTheirColumn: Mistyped<Fields, Insert, Select> }
    : { columnsNoFieldClaims: Exclude<keyof Select, ClaimedColumns<Fields> | ServerOnly> }
  : { fieldsWithoutAColumn: Exclude<ClaimedColumns<Fields>, keyof Select> };

/** The columns a post writes: `columnsOf` (jobs.queries.ts) must fill each, so a new posted field cannot be left unstored. */
export type PostedColumn = {
  [K in keyof ListingFields]: ListingFields[K] extends { posted: object } ? ColumnsOf<ListingFields[K]> : never;
}[keyof ListingFields];

export const listingsMatchTheContract: ContractMatchesTable<ListingFields, ListingInsert, ListingSelect, ServerOnlyColumn> = true;
