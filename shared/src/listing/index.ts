// `@tasko/shared/listing`: the listing search and cards that the jobs and services remotes both show. A
// federation singleton apart from the core, so pages that list nothing never download it.
export { LISTING_NS } from './listingNamespace';
export * from './useListingSearch';
export * from './ListingCard';
export * from './ListingFilters';
export * from './ListingSearchControls';
export * from './ListingResults';
export * from './SearchAlert';
export * from './PlaceCombobox';
