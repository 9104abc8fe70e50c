import { STORAGE_KEYS } from '@tasko/shared';
import en from '../../../../shared/src/locales/en/common.json';
import he from '../../../../shared/src/locales/he/common.json';
import ar from '../../../../shared/src/locales/ar/common.json';
import ru from '../../../../shared/src/locales/ru/common.json';
import type { Listing } from '@tasko/shared';
import {
  clearDraft,
  detectedLanguageOf,
  draftKeyOf,
  draftOf,
  emptyDraft,
  languageOf,
  loadDraft,
  newDraftFor,
  saveDraft,
  toFormData,
  validateDraft,
  type PostDraft,
} from './postDraft';

const valid: PostDraft = {
  ...emptyDraft(),
  jobTitle: 'Two armchairs',
  description: 'Two armchairs to the fourth floor.',
  category: 'homeServices',
  paymentType: 'fixed',
  amount: '250',
  contactPersonName: 'Noa',
  phone: '054-1234-567',
  city: 'Haifa',
};

beforeEach(() => localStorage.clear());

describe('the posting form', () => {
  it('finds every required field of an empty form, with the message keys the API answers with', () => {
    expect(validateDraft(emptyDraft(), 'job')).toEqual({
      jobTitle: 'titleRequired',
      description: 'descriptionRequired',
      category: 'categoryRequired',
      amount: 'amountInvalid',
      contactPersonName: 'contactNameRequired',
      phone: 'phoneInvalid',
      location: 'locationRequired',
    });
    expect(validateDraft(valid, 'job')).toEqual({});
  });

  it('asks for a title, spaces not counting, and for one when editing a listing stored without it', () => {
    expect(validateDraft({ ...valid, jobTitle: '  ' }, 'job')).toEqual({ jobTitle: 'titleRequired' });
    const legacy: Listing = {
      job_id: 3,
      jobTitle: '',
      status: 'active',
      contact_person_name: 'Noa',
      contact_methods: ['phone'],
      phone: '0541234567',
      payment_type: 'fixed',
      offerType: 'job',
      description: 'Carry it',
      amount: 80,
      category: 'other',
      location: { city: 'Haifa', address: '' },
      image_url: [],
      publisher_id: 1,
      created_at: '2024-01-01T10:00:00Z',
    };
    expect(validateDraft(draftOf(legacy), 'job')).toEqual({ jobTitle: 'titleRequired' });
  });

  it('refuses 12345 and 12.5, and email contact without an address', () => {
    expect(validateDraft({ ...valid, amount: '12345' }, 'job').amount).toBe('amountTooLong');
    expect(validateDraft({ ...valid, amount: '12.5' }, 'job').amount).toBe('amountTooLong');
    expect(validateDraft({ ...valid, contactMethods: ['email'] }, 'job').contactEmail).toBe('emailRequiredForContact');
    // No way chosen is a choice: the listing is reached only by applying on the site (docs/deal.md).
    expect(validateDraft({ ...valid, contactMethods: [] }, 'service')).toEqual({});
  });

  it('has every message in four languages, each its own text', () => {
    const keys = Object.values(validateDraft({ ...emptyDraft(), amount: '12.5', contactMethods: [] }, 'job')) as string[];
    for (const key of keys) {
      const texts = [en, he, ar, ru].map((common) => (common.errors as Record<string, string>)[key]);
      expect(texts.every(Boolean)).toBe(true);
      expect(new Set(texts).size).toBe(4);
    }
    expect(he.errors.amountTooLong).not.toBe(en.errors.amountTooLong);
  });

  it('keeps a create draft and an edit draft per listing, per account, and reads a tampered one safely', () => {
    const newKey = draftKeyOf('Noa@Example.com');
    expect(newKey).toBe(draftKeyOf('noa@example.com'));
    saveDraft(newKey, valid);
    saveDraft(draftKeyOf('noa@example.com', 7), { ...valid, jobTitle: 'Edited' });
    expect(loadDraft(newKey)).toEqual(valid);
    expect(loadDraft(draftKeyOf('noa@example.com', 7))?.jobTitle).toBe('Edited');
    expect(loadDraft(draftKeyOf('dana@example.com'))).toBeNull();
    clearDraft(newKey);
    expect(loadDraft(newKey)).toBeNull();
    expect(loadDraft(draftKeyOf('noa@example.com', 7))).not.toBeNull();
    clearDraft(draftKeyOf('noa@example.com', 7));
    expect(localStorage.getItem(STORAGE_KEYS.postDraft)).toBeNull();
    localStorage.setItem(
      STORAGE_KEYS.postDraft,
      JSON.stringify({ [newKey]: { amount: 42, description: 'Kept', contactMethods: ['fax', 'email'] } }),
    );
    expect(loadDraft(newKey)).toEqual({ ...emptyDraft(), description: 'Kept', contactMethods: ['email'] });
    localStorage.setItem(STORAGE_KEYS.postDraft, '{broken');
    expect(loadDraft(newKey)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.postDraft, '["not", "a", "map"]');
    expect(loadDraft(newKey)).toBeNull();
  });

  it('starts a new post with the account name and email, and an edit with the listing as stored', () => {
    expect(newDraftFor({ name: 'Noa Cohen', email: 'noa@example.com' })).toMatchObject({
      contactPersonName: 'Noa Cohen',
      contactEmail: 'noa@example.com',
      paymentType: 'fixed',
      contactMethods: ['phone', 'whatsapp'],
    });
    const listing: Listing = {
      job_id: 7,
      jobTitle: 'Sofa',
      status: 'active',
      contact_person_name: 'Noa',
      contact_methods: ['email'],
      phone: '0541234567',
      contact_email: 'noa@example.com',
      payment_type: 'hourly',
      offerType: 'service',
      description: 'Carry it',
      amount: 80,
      category: 'other',
      location: { city: 'Haifa', address: 'Herzl 10' },
      place: { id: 294801, name: 'חיפה', lat: 32.8, lon: 34.99 },
      language: 'en',
      image_url: [],
      publisher_id: 1,
      created_at: '2026-11-20T10:00:00Z',
    };
    const draft = draftOf(listing);
    expect(draft).toEqual({
      jobTitle: 'Sofa',
      description: 'Carry it',
      category: 'other',
      paymentType: 'hourly',
      amount: '80',
      contactPersonName: 'Noa',
      phone: '054-123-4567',
      contactEmail: 'noa@example.com',
      city: 'Haifa',
      placeId: 294801,
      address: 'Herzl 10',
      contactMethods: ['email'],
      language: 'en',
    });
    expect(validateDraft(draft, 'service')).toEqual({});
    // The city as typed, whatever language the place is named in for the reader; no place: no id.
    expect(draftOf({ ...listing, place: null, location: { city: 'Kfar Nowhere', address: '' } })).toMatchObject({
      city: 'Kfar Nowhere',
      placeId: 0,
    });
  });

  it('builds the multipart payload the API reads', () => {
    const data = toFormData(
      { ...valid, address: 'Herzl 10' },
      'service',
      'he',
      [new Blob(['x'], { type: 'image/png' })],
      ['/uploads/a.jpg'],
    );
    expect(data.get('offerType')).toBe('service');
    expect(JSON.parse(data.get('location') as string)).toEqual({ city: 'Haifa', address: 'Herzl 10' });
    expect(data.get('language')).toBe('en');
    const chosen = toFormData({ ...valid, placeId: 294801, language: 'ar' }, 'job', 'he', []);
    expect(JSON.parse(chosen.get('location') as string)).toEqual({ city: 'Haifa', address: '', placeId: 294801 });
    expect(chosen.get('language')).toBe('ar');
    expect(JSON.parse(data.get('contactMethods') as string)).toEqual(['phone', 'whatsapp']);
    expect(JSON.parse(data.get('keepImages') as string)).toEqual(['/uploads/a.jpg']);
    expect((data.get('photos') as File).name).toBe('photo-1.png');
  });
});

describe('the listing’s language', () => {
  const blank = { jobTitle: '', description: '', language: '' } as const;

  it('is the page’s until something written has letters, then the script’s, then the poster’s choice', () => {
    expect(detectedLanguageOf(blank)).toBeUndefined();
    expect(languageOf(blank, 'ru')).toBe('ru');
    expect(languageOf({ ...blank, jobTitle: '150 ₪' }, 'ar')).toBe('ar');
    expect(languageOf({ ...blank, jobTitle: 'הובלת ספה' }, 'ru')).toBe('he');
    expect(languageOf({ ...blank, jobTitle: 'הובלת ספה', language: 'en' }, 'ru')).toBe('en');
  });

  it('sends the page’s language for a listing with no letters', () => {
    const data = toFormData({ ...valid, jobTitle: '2', description: '100 ₪' }, 'job', 'ar', []);
    expect(data.get('language')).toBe('ar');
  });
});
