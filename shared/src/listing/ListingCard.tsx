import { Link } from 'react-router-dom';
import { listingTextAttributes, placeNameOf, Price, UserText, useLanguage, useLocalizedPath, useTranslation, type Listing } from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';

/**
 * One listing in a list or grid: title (to its page) and description in the listing's own language and
 * direction, with its language named when it is not the reader's; publisher, place (and distance in a
 * search around a place), status, pay, first photo.
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
      {photo && (
        // Decorative next to the title; width and height reserve the space so nothing jumps as it loads.
        <img className="listing-card__photo" src={photo} alt="" width={320} height={200} loading="lazy" decoding="async" />
      )}
      <div className="listing-card__body">
        <div className="listing-card__text" {...listingTextAttributes(listing)}>
          <h2 className="listing-card__title">
            <Link to={localized(`/job/${listing.job_id}`)}>
              <UserText>{title}</UserText>
            </Link>
          </h2>
          <UserText block className="listing-card__description" {...listingTextAttributes(listing)}>
            {listing.description}
          </UserText>
        </div>
        <p className="listing-card__meta">
          {tl('postedBy')} 
          <UserText>{listing.contact_person_name}</UserText>
          {' · '}
          <UserText>{placeNameOf(listing)}</UserText>
          {listing.distance_km !== undefined && (
            <>
              {' · '}
              <span className="listing-card__distance">{listing.distance_km === 0 ? tl('distanceHere') : tl('distance', { count: listing.distance_km })}</span>
            </>
          )}
        </p>
        <p className="listing-card__facts">
          <Price className="listing-card__price" amount={listing.amount} paymentType={listing.payment_type} />
          <span className={`status status--${listing.status}`}>{t(`statuses.${listing.status}`)}</span>
          <span className="listing-card__category">{t(`categories.${listing.category}`)}</span>
          {writtenIn && <span className="listing-card__language">{tl(`writtenIn.${writtenIn}`)}</span>}
          {listing.is_demo && <span className="listing-card__demo">{tl('demo')}</span>}
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
