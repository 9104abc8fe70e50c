// The namespaces this remote owns, as types (docs/architecture.md, "Texts"): English is the source of the keys.
import 'i18next';
import type services from './locales/en/services.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    services: typeof services;
  }
}
