import { placeNameOf, type Listing } from './listing';

/**
 * schema.org JobPosting for a job, Service for a service, never with a phone or an email (those are revealed
 * one listing at a time). The server puts it into a listing page's first HTML and the job page writes it when
 * reached inside the app, so a crawler that runs scripts and one that does not read alike.
 */
export function listingStructuredData(listing: Listing, url: string, noTitle: string): object {
  const name = listing.jobTitle || noTitle;
  const place = {
    '@type': 'Place',
    address: { '@type': 'PostalAddress', addressLocality: placeNameOf(listing), addressCountry: 'IL' },
    ...(listing.place ? { geo: { '@type': 'GeoCoordinates', latitude: listing.place.lat, longitude: listing.place.lon } } : {}),
  };
  const price = {
    '@type': 'MonetaryAmount',
    currency: 'ILS',
    value: { '@type': 'QuantitativeValue', value: listing.amount, unitText: listing.payment_type === 'hourly' ? 'HOUR' : 'PROJECT' },
  };
  if (listing.offerType === 'service') {
    return {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name,
      description: listing.description,
      url,
      areaServed: place,
      provider: { '@type': 'Person', name: listing.contact_person_name },
      offers: { '@type': 'Offer', priceCurrency: 'ILS', price: listing.amount },
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: name,
    description: listing.description,
    datePosted: listing.created_at,
    employmentType: 'TEMPORARY',
    hiringOrganization: { '@type': 'Person', name: listing.contact_person_name },
    jobLocation: place,
    baseSalary: price,
    url,
  };
}
