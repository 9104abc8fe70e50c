// The keys of the texts are types: `npm run typecheck` fails on the lines below unless each is the error its
// comment names (a `@ts-expect-error` that expects nothing fails too), so a misspelt key never reaches a page.
import { LISTING_NS } from '../listing/listingNamespace';
import { i18n, initI18n } from './i18n';

beforeAll(() => initI18n('en', [LISTING_NS]));

describe('text keys', () => {
  it('are the keys of the locale files, with or without their namespace', () => {
    expect(i18n.t('nav.jobs')).toBe('Jobs');
    expect(i18n.t('listing:paging.next')).toBe('Next');
    expect(i18n.t('listing:paging.showing', { count: 2, shown: 2 })).toBe('Showing 2 of 2 jobs');
  });

  it('refuse at compile time a key that no locale file has', () => {
    // @ts-expect-error -- misspelt: `nav.jobs`
    expect(i18n.t('nav.jbos')).toBe('nav.jbos');
    // @ts-expect-error -- the listing texts have `paging.next`, not `paging.nxt`
    expect(i18n.t('listing:paging.nxt')).toBe('paging.nxt');
    // @ts-expect-error -- a namespace no package declares
    expect(i18n.t('nowhere:title')).toBe('title');
    // @ts-expect-error -- a default value does not make a missing key acceptable (strictKeyChecks)
    expect(i18n.t('nav.jbos', { defaultValue: 'Jobs' })).toBe('Jobs');
  });

  it('take a dynamic key only as a union of keys that exist', () => {
    const status: 'active' | 'close' = 'close';
    expect(i18n.t(`statuses.${status}`)).toBe('Closed');
    const anyWord: string = 'active';
    // @ts-expect-error -- a plain string could be any key
    expect(i18n.t(`statuses.${anyWord}`)).toBe('Open');
  });
});
