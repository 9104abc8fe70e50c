import { Link } from '@tasko/shared/router';
import {
  listingTextAttributes,
  placeNameOf,
  Price,
  UserText,
  useLanguage,
  useLocalizedPath,
  useTranslation,
  type Listing,
} from '@tasko/shared';
import { formatTimeAgo } from '../format/timeAgo';
import { CategoryIllustration } from './CategoryIllustration';
import { LISTING_NS } from './listingNamespace';

/**
 * One listing in the results, as the best peers show it: the whole card is one link to the listing (its title
 * names it), a photo or the category's drawing, the title and description in the listing's own language and
 * direction (its language named when it is not the reader's), price with its unit, place (and distance in a
 * search around a place), and how long ago it was posted.
 */
export function ListingCard({ listing }: { listing: Listing }) {
  const { t } = useTranslation('common');
  const { t: tl } = useTranslation(LISTING_NS);
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const writtenIn = listing.language !== language ? listing.language : undefined;
  const title = listing.jobTitle || t('noTitle');
  const photo = listing.image_url[0];
  return (
    <li className="listing-card">
      {photo ? (
        // Decorative next to the title; width and height reserve the space so nothing jumps as it loads.
        <img className="listing-card__media" src={photo} alt="" width={320} height={200} loading="lazy" decoding="async" />
      ) : (
        <CategoryIllustration category={listing.category} className="listing-card__media" />
      )}
      <div className="listing-card__body">
        <div className="listing-card__text" {...listingTextAttributes(listing)}>
          <h2 className="listing-card__title">
            {/* Stretched over the whole card (CSS): one link, one tab stop, named by the title. */}
            <Link className="listing-card__link" to={localized(`/job/${listing.job_id}`)}>
              <UserText>{title}</UserText>
            </Link>
          </h2>
          <UserText block className="listing-card__description" {...listingTextAttributes(listing)}>
            {listing.description}
          </UserText>
        </div>
        <p className="listing-card__facts">
          <Price className="listing-card__price" amount={listing.amount} paymentType={listing.payment_type} />
          {listing.status !== 'active' && <span className={`status status--${listing.status}`}>{t(`statuses.${listing.status}`)}</span>}
          <span className="listing-card__category">{t(`categories.${listing.category}`)}</span>
          {writtenIn && <span className="listing-card__language">{tl(`writtenIn.${writtenIn}`)}</span>}
          {listing.is_demo && <span className="listing-card__demo">{tl('demo')}</span>}
        </p>
        <p className="listing-card__meta">
          <span className="listing-card__place">
            <UserText>{placeNameOf(listing)}</UserText>
            {listing.distance_km !== undefined && (
              <span className="listing-card__distance">
                {/* A no-break space glues the dot to the place: the distance may wrap, a line never starts with "·". */}
                {'\u00a0· '}
                {/* Whole kilometres: 0 is anything under half a kilometre from the place searched, not "here". */}
                {listing.distance_km === 0 ? tl('distanceUnderOneKm') : tl('distance', { count: listing.distance_km })}
              </span>
            )}
          </span>
          <time className="listing-card__time" dateTime={listing.created_at}>
            {formatTimeAgo(listing.created_at, language)}
          </time>
        </p>
      </div>
    </li>
  );
}

/** Placeholders of the card's shape while the first answer is on its way. */
export function ListingSkeletons({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="listing-card listing-card--skeleton" aria-hidden="true">
          <span className="listing-card__media skeleton" />
          <div className="listing-card__body">
            <span className="skeleton skeleton--title" />
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        </li>
      ))}
    </>
  );
}
