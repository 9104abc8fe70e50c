// The namespaces this remote owns, as types (docs/architecture.md, "Texts"): English is the source of the keys.
import 'i18next';
import type blog from './locales/en/blog.json';
import type teenJobs from './locales/en/teenJobs.json';
import type temporaryWork from './locales/en/temporaryWork.json';
import type about from './locales/en/about.json';
import type contact from './locales/en/contact.json';
import type faq from './locales/en/faq.json';
import type privacy from './locales/en/privacy.json';
import type eula from './locales/en/eula.json';
import type aiInfo from './locales/en/aiInfo.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    blog: typeof blog;
    'content-teenJobs': typeof teenJobs;
    'content-temporaryWork': typeof temporaryWork;
    'content-about': typeof about;
    'content-contact': typeof contact;
    'content-faq': typeof faq;
    'content-privacy': typeof privacy;
    'content-eula': typeof eula;
    'content-aiInfo': typeof aiInfo;
  }
}
