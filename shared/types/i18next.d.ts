// The site's texts as types (docs/architecture.md, "Texts"): `t('nav.jobs')` with a key that no locale file
// has is a compile error. English is the source of the key types: the translation check
// (scripts/i18n-check.mjs) holds the other three languages to the same keys. Each package adds the namespaces
// it owns to ResourceNamespaceMap in its own `src/i18next.d.ts`; these are the ones `@tasko/shared` owns.
import 'i18next';
import type common from '../src/locales/en/common.json';
import type listing from '../src/locales/en/listing.json';
import type deal from '../src/locales/en/deal.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // A `defaultValue` does not open the door to a key that does not exist.
    strictKeyChecks: true;
  }
  interface ResourceNamespaceMap {
    common: typeof common;
    listing: typeof listing;
    deal: typeof deal;
  }
}
