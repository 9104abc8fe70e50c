// The links of the frame around every page, for the shell and for the frame the server paints before the
// scripts run (api/src/plugins/site/firstPaint.ts): one list, so both show the same links in the same order.

/** The header's main navigation: path, text key in `common`. */
export const HEADER_LINKS = [
  ['/', 'nav.jobs'],
  ['/services', 'nav.services'],
] as const;

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
