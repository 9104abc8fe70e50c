import { registerNamespace } from '@tasko/shared';

/** One namespace per page, so a visit to /faq downloads the FAQ's text only, in one language. */
export const CONTENT_PAGES = ['teenJobs', 'temporaryWork', 'about', 'contact', 'faq', 'privacy', 'eula', 'aiInfo'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

export function contentNamespace<Page extends ContentPage>(page: Page): `content-${Page}` {
  return `content-${page}`;
}

for (const page of CONTENT_PAGES) {
  registerNamespace(contentNamespace(page), (language) => import(`./locales/${language}/${page}.json`));
}

export interface Section {
  heading: string;
  body: string;
}
