// The links of the frame around every page, for the shell and for the frame the server paints before the
// scripts run (api/src/plugins/site/firstPaint.ts): one list, so both show the same links in the same order.
import { splitLanguagePrefix, withoutTrailingSlashes } from './routes';

/** The header's main navigation: path, text key in `common`. */
export const HEADER_LINKS = [
  ['/', 'nav.jobs'],
  ['/services', 'nav.services'],
] as const;

export type HeaderPath = (typeof HEADER_LINKS)[number][0];

/**
 * The pages each header link stands for. Jobs is one section: the home list and the task search (/tasks)
 * search the same listings, so its tab is current on both.
 */
export const NAV_SECTIONS: Record<HeaderPath, readonly string[]> = {
  '/': ['/', '/home', '/tasks'],
  '/services': ['/services'],
};

/**
 * `aria-current` of a header link on a page (a path with or without its language prefix): "page" when the
 * link leads to the page shown (also /home for "/"), "true" when the page is in the link's section without
 * being its page (the Jobs tab on /tasks), and nothing otherwise.
 */
export function navCurrent(linkPath: HeaderPath, pathname: string): 'page' | 'true' | undefined {
  const path = withoutTrailingSlashes(splitLanguagePrefix(pathname).path);
  if (!NAV_SECTIONS[linkPath].includes(path)) return undefined;
  return path === linkPath || (linkPath === '/' && path === '/home') ? 'page' : 'true';
}

/** The footer's links: path, text key in `common`. */
export const FOOTER_LINKS = [
  ['/contact', 'footer.contact'],
  ['/privacy-policy', 'footer.privacy'],
  ['/eula', 'footer.terms'],
  ['/blogs', 'footer.blogs'],
  ['/faq', 'footer.faq'],
  ['/about', 'footer.about'],
  ['/teen-jobs', 'footer.teenJobs'],
  ['/temporary-work', 'footer.temporaryWork'],
] as const;
