// `@tasko/shared/deal`: the pieces of the deal kept on the site (docs/deal.md) that several pages show: a
// member's rating, the stars of a review form, where an application stands, and a listing's applicants for
// its owner. Stateless, bundled by each remote that uses it (as `@tasko/shared/listing`); its texts are the
// `deal` namespace.
export { DEAL_NS } from './dealNamespace';
export * from './RatingStars';
export * from './StarRatingInput';
export * from './ApplicationStatus';
export * from './ApplicantList';
export * from './useApplicationMoves';
