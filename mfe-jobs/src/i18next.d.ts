// The namespaces this remote owns, as types (docs/architecture.md, "Texts"): English is the source of the keys.
import 'i18next';
import type jobs from './locales/en/jobs.json';
import type job from './locales/en/job.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    jobs: typeof jobs;
    job: typeof job;
  }
}
