import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { z } from 'zod';
import { listingForViewer, publicListingPage } from '../src/plugins/jobs/listingSchemas.js';
import { compiledSerializerCompiler } from '../src/plugins/responseSerializer.js';

const writerOf = (schema: z.ZodType) => compiledSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const listing = {
  job_id: 1,
  jobTitle: 'Walk a dog',
  status: 'active',
  contact_person_name: 'Dana',
  contact_methods: ['phone'],
  payment_type: 'fixed',
  offerType: 'job',
  description: 'd',
  amount: 50,
  category: 'petAndAnimalCare',
  location: { city: 'Haifa', address: '' },
  image_url: [],
  publisher_id: 1,
  created_at: '2026-11-24T10:00:00.000Z',
};
const contact = { phone: '0541234567', contact_email: 'dana@example.com' };
/** What only the listing page's answer carries (docs/product.md#listings). */
const pageExtras = {
  updated_at: '2026-11-24T11:00:00.000Z',
  publisher: { displayName: 'Dana K.', memberSince: '2026-01', activeListings: 1, emailVerified: false },
};

describe('compiled response serializer', () => {
  it('writes a public page with only the fields its schema names', () => {
    const written = JSON.parse(
      writerOf(publicListingPage)({
        jobs: [{ ...listing, ...contact, hidden: true }],
        total: 1,
        page: 1,
        pageSize: 12,
        totalIsCapped: false,
        secret: 'x',
      }),
    ) as Record<string, unknown>;
    assert.deepEqual(written, { jobs: [listing], total: 1, page: 1, pageSize: 12, totalIsCapped: false });
  });

  it('tells the owner view from the public one by viewer_is_owner', () => {
    const write = writerOf(listingForViewer);
    assert.deepEqual(JSON.parse(write({ ...listing, ...contact, ...pageExtras, viewer_is_owner: false })), {
      ...listing,
      ...pageExtras,
      viewer_is_owner: false,
    });
    assert.deepEqual(JSON.parse(write({ ...listing, ...contact, ...pageExtras, viewer_is_owner: true })), {
      ...listing,
      ...contact,
      ...pageExtras,
      viewer_is_owner: true,
    });
    // The poster's sign-in address cannot ride along in their public profile.
    const leaked = JSON.parse(
      write({ ...listing, ...pageExtras, publisher: { ...pageExtras.publisher, email: 'dana@example.com' }, viewer_is_owner: false }),
    ) as { publisher: object };
    assert.deepEqual(leaked.publisher, pageExtras.publisher);
  });

  it('refuses an answer that lacks a required field rather than sending it', () => {
    const { total: _total, ...withoutTotal } = { jobs: [], total: 0, page: 1, pageSize: 12 };
    assert.throws(() => writerOf(publicListingPage)(withoutTotal));
  });
});
