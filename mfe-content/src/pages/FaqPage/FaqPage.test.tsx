import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@tasko/shared/router';
import { i18n, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { contentNamespace } from '../../contentNamespaces';
import FaqPage, { FAQ_ITEMS } from './FaqPage';
import arFaq from '../../locales/ar/faq.json';
import ruFaq from '../../locales/ru/faq.json';

describe('FaqPage', () => {
  it.each([
    ['ar', arFaq],
    ['ru', ruFaq],
  ] as const)('shows the four questions in %s, in their order, with the page title', async (language, texts) => {
    await act(() => setUpI18n(language, { [contentNamespace('faq')]: texts }));
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    const questions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(questions).toEqual(FAQ_ITEMS.map((item) => texts.items[item].q));
    expect(document.title).toBe(`${texts.title} | Tasko`);
    expect(i18n.language).toBe(language);
  });
});
