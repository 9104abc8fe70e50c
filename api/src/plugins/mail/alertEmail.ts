import mjml2html from 'mjml';
import { directionOf, type AlertFilters, type Language, type OfferType, type PaymentType } from '@tasko/shared/domain';
import { escapeHtml } from '../site/pageHtml.js';
import { formatShekels } from '@tasko/shared/format';
import { translator } from './emailTexts.js';

export interface AlertEmailListing {
  id: number;
  title: string;
  amount: number;
  paymentType: PaymentType;
  offerType: OfferType;
  city: string;
  address: string;
}

export interface AlertEmailInput {
  to: string;
  language: Language;
  kind: 'instant' | 'daily';
  /** The saved search, described in words in the email ("Jobs · “sofa” · Haifa"). */
  alert: AlertFilters & { id: number };
  /** One for `instant`, one or more for `daily`. */
  listings: AlertEmailListing[];
  /** e.g. http://localhost:8080; a listing's link is `${siteOrigin}/${language}/job/${id}`. */
  siteOrigin: string;
  unsubscribeToken: string;
}

export interface RenderedEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

// C0 and C1 controls (line breaks included): user text is one line in a subject, a heading or a list item.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /\s*[\u0000-\u001f\u007f-\u009f]+\s*/g;

/** User-written text as the email shows it: nothing removed but control characters. */
function clean(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').trim();
}


/** User text inside HTML: escaped, and isolated so a Hebrew title in an English email (or the reverse) never scrambles. */
function userHtml(text: string): string {
  return `<bdi>${escapeHtml(text)}</bdi>`;
}

interface Texts {
  email: ReturnType<typeof translator>;
  common: ReturnType<typeof translator>;
}

/** The listing's pieces in words, each user-written value passed through `user` (escaped for HTML, as is for text). */
function listingParts(listing: AlertEmailListing, language: Language, t: Texts, user: (text: string) => string, escape?: (text: string) => string) {
  const price = formatShekels(listing.amount, language);
  const city = clean(listing.city);
  const address = clean(listing.address);
  const hasAddress = address !== '' && address !== city;
  return {
    title: user(clean(listing.title)),
    price: listing.paymentType === 'hourly' ? t.common('price.perHour', { price: escape ? escape(price) : price }, escape) : escape ? escape(price) : price,
    place: hasAddress && city ? t.email('listing.place', { address: user(address), city: user(city) }, escape) : user(hasAddress ? address : city),
  };
}

/** "Jobs · “sofa” · Home services · Haifa": the alert's filters in the email's language. */
function describeAlert(alert: AlertFilters, t: Texts, user: (text: string) => string, escape: (text: string) => string): string {
  const q = alert.q ? clean(alert.q) : '';
  const location = alert.location ? clean(alert.location) : '';
  return [
    escape(t.common(alert.offerType === 'service' ? 'nav.services' : 'nav.jobs')),
    q ? t.email('alert.query', { q: user(q) }, escape) : '',
    alert.category ? escape(t.common(`categories.${alert.category}`)) : '',
    location ? user(location) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The subject, and the heading of the body (the subject without the title or the alert it names). */
function subjectOf(input: AlertEmailInput, t: Texts, alert: string): { subject: string; heading: string } {
  if (input.kind === 'instant') {
    const offerType = input.listings[0]!.offerType;
    return { subject: t.email(`instant.subject.${offerType}`, { title: clean(input.listings[0]!.title) }), heading: t.email(`instant.heading.${offerType}`) };
  }
  const count = input.listings.length;
  return { subject: t.email(`daily.subject.${input.alert.offerType}`, { count, alert }), heading: t.email(`daily.heading.${input.alert.offerType}`, { count }) };
}

const COLORS = { brand: '#0f766e', text: '#1f2937', muted: '#6b7280', line: '#e5e7eb', page: '#f4f6f5' };

/**
 * One alert's email (issue 16): an instant one for one new listing, or the day's digest of an alert. In the
 * owner's language and direction, with each listing's title, price, place and link (never the poster's
 * phone or email: the input has none), a plain text part, and the one-click unsubscribe of RFC 8058.
 */
export async function renderAlertEmail(input: AlertEmailInput): Promise<RenderedEmail> {
  if (input.listings.length === 0) throw new Error('an alert email needs at least one listing');
  const { language, siteOrigin } = input;
  const t: Texts = { email: translator(language, 'email'), common: translator(language, 'common') };
  const dir = directionOf(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const token = encodeURIComponent(input.unsubscribeToken);
  const oneClickUrl = `${siteOrigin}/api/v1/alerts/unsubscribe?token=${token}`;
  const unsubscribePage = `${siteOrigin}/${language}/unsubscribe?token=${token}`;
  const listingUrl = (listing: AlertEmailListing) => `${siteOrigin}/${language}/job/${listing.id}`;

  const alertText = describeAlert(input.alert, t, (text) => text, (text) => text);
  const { subject, heading } = subjectOf(input, t, alertText);
  const intro = t.email(`${input.kind}.intro`);
  const brand = t.common('brand');
  const alertHtml = describeAlert(input.alert, t, userHtml, escapeHtml);

  const listingSections = input.listings
    .map((listing) => {
      const parts = listingParts(listing, language, t, userHtml, escapeHtml);
      const url = escapeHtml(listingUrl(listing));
      return `
    <mj-section background-color="#ffffff" padding="4px 0" border-bottom="1px solid ${COLORS.line}">
      <mj-column>
        <mj-text font-size="17px" font-weight="700" line-height="1.4" padding-bottom="4px"><a href="${url}" style="color:${COLORS.brand};text-decoration:none" dir="auto">${parts.title}</a></mj-text>
        <mj-text font-size="15px" font-weight="700" padding-top="0" padding-bottom="2px">${parts.price}</mj-text>
        <mj-text color="${COLORS.muted}" padding-top="0" padding-bottom="8px">${parts.place}</mj-text>
        <mj-button href="${url}" align="${align}" background-color="${COLORS.brand}" border-radius="8px" font-weight="700" padding-top="0">${escapeHtml(t.email('listing.open'))}</mj-button>
      </mj-column>
    </mj-section>`;
    })
    .join('');

  const template = `<mjml lang="${language}" dir="${dir}">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(intro)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text align="${align}" color="${COLORS.text}" font-size="15px" line-height="1.5" />
      <mj-column direction="${dir}" />
      <mj-section direction="${dir}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLORS.page}">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" color="${COLORS.brand}"><a href="${escapeHtml(`${siteOrigin}/${language}`)}" style="color:${COLORS.brand};text-decoration:none">${escapeHtml(brand)}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 4px" border-radius="12px 12px 0 0">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" line-height="1.35"><h1 style="font-size:20px;margin:0">${escapeHtml(heading)}</h1></mj-text>
        <mj-text padding-top="0">${escapeHtml(intro)}</mj-text>
        <mj-text padding-top="0" color="${COLORS.muted}">${t.email('alert.label', { alert: alertHtml }, escapeHtml)}</mj-text>
      </mj-column>
    </mj-section>${listingSections}
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text font-size="13px" color="${COLORS.muted}">${escapeHtml(t.email('footer.reason'))}</mj-text>
        <mj-text font-size="13px" padding-top="0"><a href="${escapeHtml(unsubscribePage)}" style="color:${COLORS.brand}">${escapeHtml(t.email('footer.unsubscribe'))}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(template, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`alert email template: ${errors.map((e) => e.formattedMessage).join('; ')}`);

  const textListings = input.listings.map((listing) => {
    const parts = listingParts(listing, language, t, (text) => text);
    return [parts.title, `${parts.price} · ${parts.place}`, listingUrl(listing)].join('\n');
  });
  const text = [
    heading,
    '',
    intro,
    t.email('alert.label', { alert: alertText }),
    '',
    textListings.join('\n\n'),
    '',
    '—',
    t.email('footer.reason'),
    `${t.email('footer.unsubscribe')}: ${unsubscribePage}`,
    '',
  ].join('\n');

  return {
    to: input.to,
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: no vacation auto-replies to an automatic message.
      'Auto-Submitted': 'auto-generated',
    },
  };
}
