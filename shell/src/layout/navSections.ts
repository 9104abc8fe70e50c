import { HEADER_LINKS, splitLanguagePrefix, withoutTrailingSlashes } from '@tasko/shared';

type HeaderPath = (typeof HEADER_LINKS)[number][0];

/**
 * The pages each header link stands for. Jobs is one section: the home list and the task search (/tasks)
 * search the same listings, so its tab is current on both. The server's first paint marks the same
 * (api/src/plugins/site/firstPaint.ts keeps a copy of this table).
 */
export const NAV_SECTIONS: Record<HeaderPath, readonly string[]> = {
  '/': ['/', '/home', '/tasks'],
  '/services': ['/services'],
};

/**
 * `aria-current` of a header link on a page: "page" when the link leads to the page shown (also /home for
 * "/"), "true" when the page is in the link's section without being its page (the Jobs tab on /tasks), and
 * nothing otherwise.
 */
export function navCurrent(linkPath: HeaderPath, pathname: string): 'page' | 'true' | undefined {
  const path = withoutTrailingSlashes(splitLanguagePrefix(pathname).path);
  const pages = NAV_SECTIONS[linkPath];
  if (!pages.includes(path)) return undefined;
  return path === linkPath || (linkPath === '/' && path === '/home') ? 'page' : 'true';
}
