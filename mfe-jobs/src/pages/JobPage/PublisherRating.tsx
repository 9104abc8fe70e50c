import { RatingStars } from '@tasko/shared/ratingStars';
import type { Rating } from '@tasko/shared';

/**
 * The poster's rating on a listing, in a chunk of its own: the stars alone (`@tasko/shared/ratingStars`, not
 * the whole deal kit) and their texts come after the listing is on screen, in the room PublisherBlock keeps
 * for them (docs/deal.md, "Applying and profiles (pages)").
 */
export default function PublisherRating({ rating }: { rating: Rating }) {
  return <RatingStars rating={rating} className="poster__rating" />;
}
