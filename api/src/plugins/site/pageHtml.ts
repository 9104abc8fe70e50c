import fs from 'node:fs';
import path from 'node:path';
import {
  LANGUAGE_CODES,
  RUNTIME_CONFIG_ELEMENT_ID,
  directionOf,
  formatPageTitle,
  withLanguagePrefix,
  type Language,
  type PageCanary,
  type PageRoute,
  type ReleaseArea,
  type RemotesMap,
  type Theme,
} from '@tasko/shared/domain';

type CommonTexts = {
  brand: string;
  noTitle: string;
  meta: Record<string, { title: string; description: string }> & { defaultDescription: string };
};

/** The `common` texts of the four languages, read once: titles and descriptions of every page. */
export function loadMetaTexts(sharedLocalesDir: string): Record<Language, CommonTexts> {
  return Object.fromEntries(
    LANGUAGE_CODES.map((code) => [code, JSON.parse(fs.readFileSync(path.join(sharedLocalesDir, code, 'common.json'), 'utf8'))]),
  ) as Record<Language, CommonTexts>;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageHtmlInput {
  template: string;
  language: Language;
  /** The theme the reader chose (its cookie); without one the page follows the device's light or dark setting. */
  theme?: Theme;
  /** The path without a language prefix. */
  path: string;
  /** Whether the visitor's URL carried the language prefix. */
  isPrefixed: boolean;
  route: PageRoute | null;
  origin: string;
  texts: Record<Language, CommonTexts>;
  runtimeConfig: {
    remotes: RemotesMap;
    releases?: Record<ReleaseArea, string>;
    auth: { authorizationEndpoint: string; clientId: string };
    answers?: Record<string, unknown>;
    /** The page's token for the canary counts and the areas it counts in (docs/releases.md, "How a canary counts"). */
    canary?: PageCanary;
  };
  preloadScripts: string[];
  preloadStyles: string[];
  /**
   * The shell's own styles, written into the page so its first paint needs no other request. `href` is the
   * file they come from: the shell's chunk loader finds it there (`data-href`) and does not fetch it again.
   */
  inlineStyles?: { href: string; dataHref?: string; css: string }[];
  /** What the page shows before its scripts run (firstPaint.ts); replaced by the shell's first render. */
  firstPaint?: string;
  /** API requests the page makes at once that the page does not carry the answer of: fetched while its code downloads. */
  preloadFetches?: string[];
  /** A page's own title and description (a listing, an article) instead of the route's. */
  title?: string;
  description?: string;
  /** schema.org data of the page's subject, for crawlers that do not run scripts. */
  structuredData?: object;
}

/** The shell's index.html with everything a first visit needs already in it: language, meta, preloads. */
export function renderPageHtml(input: PageHtmlInput): string {
  const { language, path: barePath, route, origin, texts } = input;
  const common = texts[language];
  const routeId = route?.id ?? 'notFound';
  const routeMeta = common.meta[routeId] ?? { title: common.brand, description: common.meta.defaultDescription };
  const title = formatPageTitle(input.title ? 'page' : routeId, input.title ?? routeMeta.title, common.brand);
  const description = input.description ?? routeMeta.description;
  const canonicalPath = input.isPrefixed ? withLanguagePrefix(language, barePath) : barePath;

  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    route && !route.isPrivate ? '' : '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(origin + canonicalPath)}">`,
    ...LANGUAGE_CODES.map(
      (code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(origin + withLanguagePrefix(code, barePath))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + barePath)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(common.brand)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(origin + canonicalPath)}">`,
    `<meta property="og:locale" content="${language}_IL">`,
    ...(input.inlineStyles ?? []).map(
      ({ href, dataHref, css }) => `<style data-href="${escapeHtml(dataHref ?? href)}">${css.replace(/<\//g, '<\\/')}</style>`,
    ),
    ...input.preloadStyles.map((href) => `<link rel="preload" as="style" href="${escapeHtml(href)}">`),
    // Low priority, as the deferred scripts that run them are: the first paint is in this page already, and
    // nothing here may compete with it (the page's own request and the styles come first).
    ...input.preloadScripts.map((href) => `<link rel="preload" as="script" fetchpriority="low" href="${escapeHtml(href)}">`),
    // crossorigin: a same-origin fetch() is a CORS-mode request; the hint must match it to be used.
    ...(input.preloadFetches ?? []).map((href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="anonymous">`),
    input.structuredData ? `<script type="application/ld+json">${scriptJson(input.structuredData)}</script>` : '',
    `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(input.runtimeConfig)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');

  return input.template
    .replace(/<html[^>]*>/i, `<html lang="${language}" dir="${directionOf(language)}"${input.theme ? ` data-theme="${input.theme}"` : ''}>`)
    .replace(/<title>[^<]*<\/title>/i, '')
    .replace(/<\/head>/i, () => `    ${head}\n  </head>`)
    .replace(/<div id="?root"?><\/div>/i, () => `<div id="root">${input.firstPaint ?? ''}</div>`);
}
