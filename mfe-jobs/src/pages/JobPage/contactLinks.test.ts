import { mailtoHref, telHref, whatsappHref } from './contactLinks';

describe('contact links', () => {
  it('dials and chats in international form', () => {
    expect(telHref('0541234567')).toBe('tel:+972541234567');
    expect(whatsappHref('0541234567', 'שלום, ראיתי את המודעה')).toBe(
      `https://wa.me/972541234567?text=${encodeURIComponent('שלום, ראיתי את המודעה')}`,
    );
  });

  it('prefills an email in the reader’s language, safely encoded', () => {
    const href = mailtoHref('dana@example.com', 'Ваше объявление: «Переезд»', 'Здравствуйте! & ещё');
    expect(href.startsWith('mailto:dana@example.com?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('body=')[1] ?? '')).toBe('Здравствуйте! & ещё');
    expect(href).not.toContain(' ');
  });
});
