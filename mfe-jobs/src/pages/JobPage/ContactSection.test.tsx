import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, COOKIE_ACCEPTED, flushAnalytics, STORAGE_KEYS, type AnalyticsEvent, type Language, type ListingContact } from '@tasko/shared';
import { aListing, loadTexts, renderPage } from '../../testing/renderPage';
import { ContactSection } from './ContactSection';

const sofa = aListing({ job_id: 7, jobTitle: 'Sofa', contact_person_name: 'Yossi', contact_methods: ['phone', 'whatsapp', 'email'] });
const everything: ListingContact = {
  contact_person_name: 'Yossi',
  contact_methods: ['phone', 'whatsapp', 'email'],
  phone: '0541234567',
  contact_email: 'yossi@example.com',
};

function renderContact(listing = sofa, language: Language = 'en') {
  renderPage(<ContactSection listing={listing} title={listing.jobTitle} />, `/${language}/job/${listing.job_id}`);
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href') ?? '';
const query = (href: string) => new URLSearchParams(href.slice(href.indexOf('?') + 1));

beforeEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await loadTexts('en');
});

describe('ContactSection', () => {
  it('shows the name only, until "Show phone" reveals the number as a tel: link and the email as mailto:', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED);
    const sent: AnalyticsEvent[] = [];
    jest.spyOn(api, 'sendEvents').mockImplementation(async (events) => {
      sent.push(...events);
    });
    const getContact = jest.spyOn(api, 'getContact').mockResolvedValue(everything);
    renderContact();
    expect(screen.getByText('Yossi')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show phone' }));
    const phone = await screen.findByRole('link', { name: '054-123-4567' });
    expect(getContact).toHaveBeenCalledWith(7);
    expect(phone).toHaveAttribute('href', 'tel:+972541234567');
    expect(phone.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveFocus();
    expect(hrefOf('yossi@example.com').startsWith('mailto:yossi@example.com?subject=')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show phone' })).toBeNull();
    await act(() => flushAnalytics());
    expect(sent.map((e) => [e.name, e.props])).toEqual([['contact_reveal', { offerType: 'job' }]]);
  });

  it('"Contact directly" reveals first, then offers exactly the ways the poster chose, the first one focused', async () => {
    jest.spyOn(api, 'getContact').mockResolvedValue({ contact_person_name: 'Yossi', contact_methods: ['whatsapp'], phone: '0541234567' });
    renderContact(aListing({ ...sofa, contact_methods: ['whatsapp'] }));
    const apply = screen.getByRole('button', { name: 'Contact directly' });
    expect(apply).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(apply);
    const whatsapp = await screen.findByRole('link', { name: 'WhatsApp' });
    expect(whatsapp).toHaveFocus();
    expect(apply).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Email' })).toBeNull();
    // A number for WhatsApp only is shown, but not offered as a call.
    expect(screen.getByText('054-123-4567').closest('a')).toBeNull();
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
  });

  it('"Contact directly" opens its ways as a disclosure: Escape, or the button again, closes them and leaves the keyboard on the button', async () => {
    jest.spyOn(api, 'getContact').mockResolvedValue(everything);
    renderContact();
    const apply = screen.getByRole('button', { name: 'Contact directly' });
    await userEvent.click(apply);
    expect(await screen.findByRole('link', { name: 'Call' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Ways to contact' })).toBeNull();
    expect(apply).toHaveFocus();
    expect(apply).toHaveAttribute('aria-expanded', 'false');

    // Open again (the details are already here), then Escape from the button itself.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: 'Ways to contact' })).toBeInTheDocument();
    expect(apply).toHaveAttribute('aria-expanded', 'true');
    apply.focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Ways to contact' })).toBeNull();
    expect(apply).toHaveFocus();

    // The button toggles it too.
    await userEvent.click(apply);
    expect(screen.getByRole('list', { name: 'Ways to contact' })).toBeInTheDocument();
    await userEvent.click(apply);
    expect(screen.queryByRole('list', { name: 'Ways to contact' })).toBeNull();
    // An Escape elsewhere on the page is not this panel's business.
    await userEvent.click(apply);
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('list', { name: 'Ways to contact' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Contact', 'Hi Yossi, I saw your service "Math lessons" on Tasko and I\'d like to know more. When would suit you?'],
    ['he', 'יצירת קשר', 'היי Yossi, ראיתי את השירות "Math lessons" ב-Tasko ואשמח לשמוע פרטים. מתי נוח לך?'],
    ['ar', 'تواصل', 'مرحبًا Yossi، رأيت خدمتك «Math lessons» على Tasko وأودّ معرفة المزيد عنها. ما الوقت المناسب لك؟'],
    [
      'ru',
      'Связаться',
      'Здравствуйте, Yossi! Пишу по поводу вашей услуги «Math lessons» на Tasko: хочу узнать подробности. Когда вам удобно?',
    ],
  ] as const)(
    'in %s: a service is contacted, not applied to, with a message asking about the service',
    async (language, contactLabel, message) => {
      await loadTexts(language);
      jest.spyOn(api, 'getContact').mockResolvedValue(everything);
      renderContact(aListing({ ...sofa, offerType: 'service', jobTitle: 'Math lessons' }), language);
      expect(screen.queryByRole('button', { name: /contact directly|יצירת קשר ישיר|تواصل مباشر|Связаться напрямую/i })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: contactLabel }));
      const [, whatsapp] = await screen
        .findAllByRole('link', { name: /.+/ })
        .then((links) => links.filter((l) => l.closest('#apply-options')));
      expect(query(whatsapp?.getAttribute('href') ?? '').get('text')).toBe(message);
    },
  );

  it('says nothing about a phone, WhatsApp or email when the poster chose none: they are reached by applying on the site', () => {
    const getContact = jest.spyOn(api, 'getContact');
    const view = renderPage(
      <ContactSection listing={aListing({ ...sofa, contact_methods: [], phone: '0541234567' })} title="Sofa" />,
      '/en/job/7',
    );
    expect(view.container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/phone|WhatsApp|email/i)).toBeNull();
    expect(getContact).not.toHaveBeenCalled();
  });

  it('asks to show the email address when email is the only way, and prefills the message', async () => {
    jest
      .spyOn(api, 'getContact')
      .mockResolvedValue({ contact_person_name: 'Yossi', contact_methods: ['email'], contact_email: 'yossi@example.com' });
    renderContact(aListing({ ...sofa, contact_methods: ['email'] }));
    expect(screen.queryByRole('button', { name: 'Show phone' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show email address' }));
    await screen.findByRole('link', { name: 'yossi@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Contact directly' }));
    const mail = query(hrefOf('Email'));
    expect(mail.get('subject')).toBe('Your listing on Tasko: Sofa');
    expect(mail.get('body')).toBe('Hi Yossi, I saw your listing "Sofa" on Tasko and I\'d like to help. Is it still available?');
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull();
  });

  it('says so in the reader’s language when the server refuses more reveals (429), and keeps the buttons', async () => {
    jest.spyOn(api, 'getContact').mockRejectedValue({ statusCode: 429, messageKey: 'rateLimited' });
    renderContact();
    await userEvent.click(screen.getByRole('button', { name: 'Show phone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
    expect(screen.getByRole('button', { name: 'Show phone' })).toBeEnabled();
  });

  it('reads an answer it does not know as a server problem, never as a raw key', async () => {
    jest.spyOn(api, 'getContact').mockRejectedValue({ statusCode: 503, messageKey: 'somethingNew' });
    renderContact();
    await userEvent.click(screen.getByRole('button', { name: 'Contact directly' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem with the server. Please try again in a few minutes.');
  });

  it.each([
    [
      'he',
      'יצירת קשר ישיר',
      'וואטסאפ',
      'אימייל',
      'היי Yossi, ראיתי את המודעה "Sofa" ב-Tasko ואשמח לעזור. זה עדיין רלוונטי?',
      'המודעה שלך ב-Tasko: Sofa',
    ],
    [
      'ar',
      'تواصل مباشر',
      'واتساب',
      'بريد إلكتروني',
      'مرحبًا Yossi، رأيت إعلانك «Sofa» على Tasko ويسعدني أن أساعد. هل ما زال متاحًا؟',
      'إعلانك على Tasko: Sofa',
    ],
    [
      'ru',
      'Связаться напрямую',
      'WhatsApp',
      'Написать на почту',
      'Здравствуйте, Yossi! Пишу по вашему объявлению «Sofa» на Tasko: могу помочь. Оно ещё актуально?',
      'Ваше объявление на Tasko: Sofa',
    ],
  ] as const)(
    'in %s: WhatsApp and email carry a message written in that language',
    async (language, applyLabel, whatsappLabel, emailLabel, message, subject) => {
      await loadTexts(language);
      jest.spyOn(api, 'getContact').mockResolvedValue(everything);
      renderContact(sofa, language);
      await userEvent.click(screen.getByRole('button', { name: applyLabel }));
      const whatsapp = await screen.findByRole('link', { name: whatsappLabel });
      const href = whatsapp.getAttribute('href') ?? '';
      expect(href.startsWith('https://wa.me/972541234567?text=')).toBe(true);
      expect(query(href).get('text')).toBe(message);
      const mail = query(hrefOf(emailLabel));
      expect(mail.get('subject')).toBe(subject);
      expect(mail.get('body')).toBe(message);
    },
  );
});
