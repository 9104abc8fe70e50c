// The namespaces this remote owns, as types (docs/architecture.md, "Texts"): English is the source of the keys.
import 'i18next';
import type account from './locales/en/account.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    account: typeof account;
  }
}
