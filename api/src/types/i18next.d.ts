// The server's texts as types: `t('listing.opne')` in the API is a compile error. English is the source of the
// key types; the translation check (scripts/i18n-check.mjs) holds the other three languages to the same keys.
// Only api/tsconfig.json includes this file, so the pages' own declaration (shared/types/i18next.d.ts) and
// this one never meet in one type check, and the browser packages never see the `email` namespace. Were they
// ever to meet, ResourceNamespaceMap merges them (`common` is the same file on both sides).
import 'i18next';
import type common from '@tasko/shared/locales/en/common.json';
import type email from '../locales/en/email.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    common: typeof common;
    email: typeof email;
  }
}
