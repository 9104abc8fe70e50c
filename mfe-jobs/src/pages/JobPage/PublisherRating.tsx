import { RatingStars } from '@tasko/shared/deal';
import type { Rating } from '@tasko/shared';

/**
 * The poster's rating on a listing, in a chunk of its own: `@tasko/shared/deal` and its texts come after the
 * listing is on screen, in the room PublisherBlock keeps for them (docs/deal.md, "Applying and profiles (pages)").
 */
export default function PublisherRating({ rating }: { rating: Rating }) {
  return <RatingStars rating={rating} className="poster__rating" />;
}
