import { Link } from 'react-router-dom';
import { Price, UserText, useLocalizedPath, useTranslation, type Listing } from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';

/** One listing in a list or grid: title (to its page), publisher, description, status, pay, place, first photo. */
export function ListingCard({ listing }: { listing: Listing }) {
  const { t } = useTranslation('common');
  const { t: tl } = useTranslation(LISTING_NS);
  const localized = useLocalizedPath();
  const title = listing.jobTitle || t('noTitle');
  const photo = listing.image_url[0];
  return (
    <li className="listing-card">
      {photo && (
        // Decorative next to the title; width and height reserve the space so nothing jumps as it loads.
        <img className="listing-card__photo" src={photo} alt="" width={320} height={200} loading="lazy" decoding="async" />
      )}
      <div className="listing-card__body">
        <h2 className="listing-card__title">
          <Link to={localized(`/job/${listing.job_id}`)}>
            <UserText>{title}</UserText>
          </Link>
        </h2>
        <p className="listing-card__meta">
          {tl('postedBy')} 
          <UserText>{listing.contact_person_name}</UserText>
          {' · '}
          <UserText>{listing.location.city}</UserText>
        </p>
        <UserText block className="listing-card__description">
          {listing.description}
        </UserText>
        <p className="listing-card__facts">
          <Price className="listing-card__price" amount={listing.amount} paymentType={listing.payment_type} />
          <span className={`status status--${listing.status}`}>{t(`statuses.${listing.status}`)}</span>
          <span className="listing-card__category">{t(`categories.${listing.category}`)}</span>
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
