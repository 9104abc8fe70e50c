import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@tasko/shared/router';
import { ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { contentNamespace } from '../../contentNamespaces';
import ContactPage, { SUPPORT_EMAIL } from './ContactPage';
import heContact from '../../locales/he/contact.json';
import enContact from '../../locales/en/contact.json';

describe('ContactPage', () => {
  it.each([
    ['en', enContact],
    ['he', heContact],
  ] as const)('shows the email address at the top in %s, before the feature cards', async (language, texts) => {
    await act(() => setUpI18n(language, { [contentNamespace('contact')]: texts }));
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <ContactPage />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: texts.title });
    const links = screen.getAllByRole('link');
    // The first link of the page is the address itself, written out.
    expect(links[0]).toHaveTextContent(SUPPORT_EMAIL);
    expect(links[0]).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(links[0]).toHaveAttribute('dir', 'ltr');
    expect(links[0]?.closest('p')).toHaveTextContent(`${texts.emailLabel} ${SUPPORT_EMAIL}`);
    const firstCard = screen.getByRole('heading', { level: 2, name: texts.features.free.title });
    expect(heading.compareDocumentPosition(links[0] as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((links[0] as Node).compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Written out once; the ideas section keeps its own button.
    expect(screen.getAllByText(SUPPORT_EMAIL)).toHaveLength(1);
    const ideas = screen.getByRole('region', { name: texts.ideas.heading });
    expect(within(ideas).getByRole('link', { name: texts.ideas.action })).toHaveAttribute(
      'href',
      expect.stringContaining(`mailto:${SUPPORT_EMAIL}?subject=`),
    );
  });
});
