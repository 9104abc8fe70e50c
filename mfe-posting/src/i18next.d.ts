// The namespaces this remote owns, as types (docs/architecture.md, "Texts"): English is the source of the keys.
import 'i18next';
import type posting from './locales/en/posting.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    posting: typeof posting;
  }
}
