import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Resource } from 'i18next';
import { i18n, initI18n, type Language, ROUTER_FUTURE } from '@tasko/shared';

/** Initialises the one i18n instance with the real `common` texts (and any page namespaces) of a language. */
export async function setUpI18n(language: Language, extra: Resource[string] = {}): Promise<void> {
  await initI18n(language);
  const { default: common } = (await import(`../src/locales/${language}/common.json`)) as { default: object };
  i18n.addResourceBundle(language, 'common', common, true, true);
  for (const [ns, bundle] of Object.entries(extra)) i18n.addResourceBundle(language, ns, bundle, true, true);
  await i18n.changeLanguage(language);
}

export function renderAt(ui: ReactElement, path = '/') {
  return render(<MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>{ui}</MemoryRouter>);
}
