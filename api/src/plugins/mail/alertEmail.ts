import type { InterpolationOptions, TFunction } from 'i18next';
import { type AlertFilters, type Language, type OfferType, type PaymentType } from '@tasko/shared/domain';
import { escapeHtml } from '../site/pageHtml.js';
import { formatShekels } from '@tasko/shared/format';
import { withoutBidiControls } from '@tasko/shared/validation';
import { HTML_VALUES, serverI18n } from '../../i18n.js';
import { COLORS, renderFramedEmail, type RenderedEmail } from './emailFrame.js';

export type { RenderedEmail } from './emailFrame.js';

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

// C0 and C1 controls (line breaks included): user text is one line in a subject, a heading or a list item.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /\s*[\u0000-\u001f\u007f-\u009f]+\s*/g;

/**
 * User-written text as the email shows it: nothing removed but control characters and the bidirectional
 * controls, which the site stopped taking only after some text was stored with them (docs/security.md, "Text
 * members write"): U+202E in a title would make the reader see another address in a subject.
 */
export function clean(text: string): string {
  return withoutBidiControls(text).replace(CONTROL_CHARACTERS, ' ').trim();
}

/**
 * User text in the subject and the plain text part: isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP
 * DIRECTIONAL ISOLATE), so a Hebrew name in an English sentence, or the reverse, never reorders the words
 * around it, as `<bdi>` does in the HTML part.
 */
export function userText(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * User text inside HTML: escaped, and isolated by `<bdi>` so a Hebrew title in an English email (or the
 * reverse) never scrambles. A value already isolated for the text part (`userText`) loses its marks here:
 * `<bdi>` is the HTML's own isolation.
 */
export function userHtml(text: string): string {
  return `<bdi>${escapeHtml(withoutBidiControls(text))}</bdi>`;
}

interface Texts {
  email: TFunction<'email'>;
  common: TFunction<'common'>;
}

/**
 * How one part of the email writes what it shows: as it is in the subject and the text part; in the HTML
 * part, each value escaped exactly once, by `text` or `user` when it stands alone and by i18next as it fills
 * a text in.
 */
interface Writing {
  /** A string standing alone: one of our texts without values, or a value such as a price. */
  text: (text: string) => string;
  /** User-written text standing alone. */
  user: (text: string) => string;
  /** `t()` options under which i18next writes each value as `text` does. */
  values: { interpolation?: InterpolationOptions };
  /** `t()` options under which i18next writes each value as `user` does. */
  userValues: { interpolation?: InterpolationOptions };
}

const AS_TEXT: Writing = {
  text: (text) => text,
  user: userText,
  values: {},
  userValues: { interpolation: { escapeValue: true, escape: userText } },
};
const AS_HTML: Writing = {
  text: escapeHtml,
  user: userHtml,
  values: HTML_VALUES,
  userValues: { interpolation: { ...HTML_VALUES.interpolation, escape: userHtml } },
};

/** The listing's pieces in words. */
function listingParts(listing: AlertEmailListing, language: Language, t: Texts, writing: Writing) {
  const price = formatShekels(listing.amount, language);
  const city = clean(listing.city);
  const address = clean(listing.address);
  const hasAddress = address !== '' && address !== city;
  return {
    title: writing.user(clean(listing.title)),
    price: listing.paymentType === 'hourly' ? t.common('price.perHour', { price, ...writing.values }) : writing.text(price),
    place:
      hasAddress && city ? t.email('listing.place', { address, city, ...writing.userValues }) : writing.user(hasAddress ? address : city),
  };
}

/** "Jobs · “sofa” · Home services · Haifa": the alert's filters in the email's language. */
function describeAlert(alert: AlertFilters, t: Texts, writing: Writing): string {
  const q = alert.q ? clean(alert.q) : '';
  const location = alert.location ? clean(alert.location) : '';
  return [
    writing.text(t.common(alert.offerType === 'service' ? 'nav.services' : 'nav.jobs')),
    q ? t.email('alert.query', { q, ...writing.userValues }) : '',
    alert.category ? writing.text(t.common(`categories.${alert.category}`)) : '',
    location ? writing.user(location) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The subject, and the heading of the body (the subject without the title or the alert it names). */
function subjectOf(input: AlertEmailInput, t: Texts, alert: string): { subject: string; heading: string } {
  if (input.kind === 'instant') {
    const offerType = input.listings[0]!.offerType;
    return {
      subject: t.email(`instant.subject.${offerType}`, { title: userText(clean(input.listings[0]!.title)) }),
      heading: t.email(`instant.heading.${offerType}`),
    };
  }
  const count = input.listings.length;
  return {
    subject: t.email(`daily.subject.${input.alert.offerType}`, { count, alert }),
    heading: t.email(`daily.heading.${input.alert.offerType}`, { count }),
  };
}

/**
 * One alert's email: an instant one for one new listing, or the day's digest of an alert. In the
 * owner's language and direction, with each listing's title, price, place and link (never the poster's
 * phone or email: the input has none), a plain text part, and the one-click unsubscribe of RFC 8058.
 */
export async function renderAlertEmail(input: AlertEmailInput): Promise<RenderedEmail> {
  if (input.listings.length === 0) throw new Error('an alert email needs at least one listing');
  const { language, siteOrigin } = input;
  const t: Texts = { email: serverI18n.getFixedT(language, 'email'), common: serverI18n.getFixedT(language, 'common') };
  const token = encodeURIComponent(input.unsubscribeToken);
  const listingUrl = (listing: AlertEmailListing) => `${siteOrigin}/${language}/job/${listing.id}`;

  const alertText = describeAlert(input.alert, t, AS_TEXT);
  const { subject, heading } = subjectOf(input, t, alertText);
  const intro = t.email(`${input.kind}.intro`);
  // The description is HTML already, each of its parts escaped as it was written: it goes in as it is.
  const alertLabelHtml = t.email('alert.label', { alert: describeAlert(input.alert, t, AS_HTML), interpolation: { escapeValue: false } });

  const listingSections = (align: string) =>
    input.listings
      .map((listing) => {
        const parts = listingParts(listing, language, t, AS_HTML);
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

  const textListings = input.listings.map((listing) => {
    const parts = listingParts(listing, language, t, AS_TEXT);
    return [parts.title, `${parts.price} · ${parts.place}`, listingUrl(listing)].join('\n');
  });
  return renderFramedEmail({
    to: input.to,
    language,
    siteOrigin,
    subject,
    preview: intro,
    sections: ({ align }) => `
    <mj-section background-color="#ffffff" padding="16px 0 4px" border-radius="12px 12px 0 0">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" line-height="1.35"><h1 style="font-size:20px;margin:0">${escapeHtml(heading)}</h1></mj-text>
        <mj-text padding-top="0">${escapeHtml(intro)}</mj-text>
        <mj-text padding-top="0" color="${COLORS.muted}">${alertLabelHtml}</mj-text>
      </mj-column>
    </mj-section>${listingSections(align)}`,
    text: [heading, '', intro, t.email('alert.label', { alert: alertText }), '', textListings.join('\n\n')],
    footer: {
      reason: t.email('footer.reason'),
      unsubscribeLabel: t.email('footer.unsubscribe'),
      unsubscribePage: `${siteOrigin}/${language}/unsubscribe?token=${token}`,
      oneClickUrl: `${siteOrigin}/api/v1/alerts/unsubscribe?token=${token}`,
    },
  });
}
