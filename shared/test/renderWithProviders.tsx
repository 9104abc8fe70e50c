import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from '@tasko/shared/router';
import { i18n, initI18n, type Language, ROUTER_FUTURE } from '@tasko/shared';

/** Starts the one i18n instance in a language with its real `common` texts, and the page namespaces given. */
export async function setUpI18n(language: Language, extra: Record<string, object> = {}): Promise<void> {
  await initI18n(language);
  for (const [ns, bundle] of Object.entries(extra)) i18n.addResourceBundle(language, ns, bundle);
  await i18n.changeLanguage(language);
}

/** The real `common` and listing texts of a language, for the shared listing components. */
export async function loadListingTexts(language: Language): Promise<void> {
  const { LISTING_NS } = await import('../src/listing/listingNamespace');
  const listing = (await import(`../src/locales/${language}/listing.json`)) as { default: object };
  await act(() => setUpI18n(language, { [LISTING_NS]: listing.default }));
}

export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      {ui}
    </MemoryRouter>,
  );
}

/** The real `common` and deal texts of a language (and any page namespaces given), for `@tasko/shared/deal`. */
export async function loadDealTexts(language: Language, extra: Record<string, object> = {}): Promise<void> {
  const { DEAL_NS } = await import('../src/deal/dealNamespace');
  const deal = (await import(`../src/locales/${language}/deal.json`)) as { default: object };
  await act(() => setUpI18n(language, { [DEAL_NS]: deal.default, ...extra }));
}
