import type { Listing } from '../domain/listing';
import { placeNameOf } from '../domain/listing';
import { useTranslation } from '../i18n/useTranslation';
import { UserText } from './UserText';

/**
 * Where a listing is: the place in the reader's language, then the street as its poster typed it, each in
 * a direction of its own, joined as the page's language joins them (an Arabic comma on the Arabic page).
 */
export function PlaceAndAddress({ listing }: { listing: Pick<Listing, 'place' | 'location'> }) {
  const { t } = useTranslation('common');
  const { address } = listing.location;
  return (
    <>
      <UserText>{placeNameOf(listing)}</UserText>
      {address && (
        <>
          {t('placeAndAddressSeparator')}
          <UserText>{address}</UserText>
        </>
      )}
    </>
  );
}
