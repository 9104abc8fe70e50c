import { useEffect } from 'react';
import { useLocation } from '@tasko/shared/router';
import { LANGUAGE_CODES, formatPageTitle, matchPageRoute, splitLanguagePrefix, withLanguagePrefix, useTranslation } from '@tasko/shared';

/**
 * Title, description and alternates follow client-side navigation (the server set them for the first
 * page). Pages with their own title (a job, an article) set it after this, from usePageMeta.
 */
export function useRouteMeta(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('common');

  useEffect(() => {
    const { path } = splitLanguagePrefix(pathname);
    const id = matchPageRoute(path)?.route.id ?? 'notFound';
    document.title = formatPageTitle(id, t(`meta.${id}.title`), t('brand'));
    setHeadElement(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      (el) => {
        (el as HTMLMetaElement).content = t(`meta.${id}.description`);
      },
    );
    const origin = window.location.origin;
    for (const code of LANGUAGE_CODES) {
      setHeadElement(
        `link[rel="alternate"][hreflang="${code}"]`,
        () => alternateLink(code),
        (el) => {
          (el as HTMLLinkElement).href = origin + withLanguagePrefix(code, path);
        },
      );
    }
    setHeadElement(
      'link[rel="alternate"][hreflang="x-default"]',
      () => alternateLink('x-default'),
      (el) => {
        (el as HTMLLinkElement).href = origin + path;
      },
    );
  }, [pathname, t, i18n.language]);
}

function alternateLink(hreflang: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'alternate';
  link.hreflang = hreflang;
  return link;
}

function setHeadElement(selector: string, create: () => HTMLElement, update: (el: HTMLElement) => void): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  update(el);
}
