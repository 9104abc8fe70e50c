import type { TFunction } from 'i18next';
import { type DealMailKind, type Language, type OfferType } from '@tasko/shared/domain';
import { escapeHtml } from '../site/pageHtml.js';
import { HTML_VALUES, serverI18n } from '../../i18n.js';
import { clean, userHtml, userText } from './alertEmail.js';
import type { DecidedStatus } from '../deal/dealMail.js';
import { COLORS, renderFramedEmail, type RenderedEmail } from './emailFrame.js';

/** What a deal email quotes of a member's message, at most (docs/deal.md, "Emails"). */
export const EXCERPT_MAX_LENGTH = 200;

/** What each kind of deal email says, and where its button leads. */
export type DealEmailContent =
  | { kind: 'applicationReceived'; conversationId: number; excerpt: string }
  | { kind: 'applicationDecided'; conversationId: number; status: DecidedStatus }
  | { kind: 'unreadMessage'; conversationId: number; excerpt: string }
  | { kind: 'reviewToWrite'; conversationId: number; windowDays: number }
  /** `userId`: the reader's own profile, where the review now shows. */
  | { kind: 'reviewsPublished'; userId: number };

export type DealEmailInput = DealEmailContent & {
  to: string;
  language: Language;
  /** The listing the deal is about, its title as its poster wrote it. */
  listing: { title: string; offerType: OfferType };
  /** The other side of the deal, as members see each other (`displayNameOf`). */
  otherName: string;
  /** e.g. http://localhost:8080; a page's link is `${siteOrigin}/${language}/…`, as alert emails link. */
  siteOrigin: string;
  unsubscribeToken: string;
};

/**
 * A member's text as an email quotes it: one line (control characters and line breaks become spaces) of at
 * most `EXCERPT_MAX_LENGTH` characters, cut at a whole character with "…".
 */
export function excerptOf(text: string): string {
  const characters = Array.from(clean(text));
  if (characters.length <= EXCERPT_MAX_LENGTH) return characters.join('');
  return `${characters
    .slice(0, EXCERPT_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** One text as each part of the email writes it: as it is in the subject and the text part, escaped in the HTML. */
interface Both {
  text: string;
  html: string;
}

interface Parts {
  subject: string;
  heading: string;
  lead: Both;
  /** The member's words, quoted as plain text. */
  excerpt?: string;
  /** Sentences after the quote. */
  notes: string[];
  button: { label: string; url: string };
}

/** The email's words and link, by kind, in the reader's language; the title and the name are user text. */
function partsOf(input: DealEmailInput, t: TFunction<'email'>): Parts {
  const { siteOrigin, language } = input;
  // Isolated as the subject and the text part write user text; `userHtml` writes them as `<bdi>` in the HTML.
  const title = userText(clean(input.listing.title));
  const name = userText(clean(input.otherName));
  const offerType = input.listing.offerType;
  const page = (path: string) => `${siteOrigin}/${language}${path}`;
  // i18next fills each value escaped and isolated (`userHtml`) in the HTML part, as it is in the text part.
  const asHtml = { interpolation: { ...HTML_VALUES.interpolation, escape: userHtml } };
  const conversation = (conversationId: number) => ({ label: t('deal.openConversation'), url: page(`/messages/${conversationId}`) });
  switch (input.kind) {
    case 'applicationReceived':
      return {
        subject: t(`deal.applicationReceived.subject.${offerType}`, { name, title }),
        heading: t(`deal.applicationReceived.heading.${offerType}`),
        lead: {
          text: t(`deal.applicationReceived.lead.${offerType}`, { name, title }),
          html: t(`deal.applicationReceived.lead.${offerType}`, { name, title, ...asHtml }),
        },
        excerpt: excerptOf(input.excerpt),
        notes: [],
        button: conversation(input.conversationId),
      };
    case 'applicationDecided': {
      // `hired` is now the applicant's own answer to an offer: it is the owner who is told (docs/deal.md, "Emails").
      const key = input.status === 'hired' ? 'offerAccepted' : input.status;
      return {
        subject: t(`deal.${key}.subject.${offerType}`, { name, title }),
        heading: t(`deal.${key}.heading.${offerType}`),
        lead: {
          text: t(`deal.${key}.lead.${offerType}`, { name, title }),
          html: t(`deal.${key}.lead.${offerType}`, { name, title, ...asHtml }),
        },
        notes: [],
        button: conversation(input.conversationId),
      };
    }
    case 'unreadMessage': {
      const excerpt = excerptOf(input.excerpt);
      return {
        subject: t('deal.unreadMessage.subject', { name, title }),
        heading: t('deal.unreadMessage.heading'),
        lead: { text: t('deal.unreadMessage.lead', { name, title }), html: t('deal.unreadMessage.lead', { name, title, ...asHtml }) },
        excerpt,
        notes: [t('deal.unreadMessage.safety')],
        button: conversation(input.conversationId),
      };
    }
    case 'reviewToWrite': {
      const count = input.windowDays;
      return {
        subject: t('deal.reviewToWrite.subject', { name }),
        heading: t('deal.reviewToWrite.heading'),
        lead: {
          text: t('deal.reviewToWrite.lead', { count, name, title }),
          html: t('deal.reviewToWrite.lead', { count, name, title, ...asHtml }),
        },
        notes: [t('deal.reviewToWrite.blind')],
        // The conversation is where the deal's review is written.
        button: { label: t('deal.reviewToWrite.button'), url: page(`/messages/${input.conversationId}`) },
      };
    }
    case 'reviewsPublished':
      return {
        subject: t('deal.reviewsPublished.subject', { title }),
        heading: t('deal.reviewsPublished.heading'),
        lead: { text: t('deal.reviewsPublished.lead', { name, title }), html: t('deal.reviewsPublished.lead', { name, title, ...asHtml }) },
        notes: [],
        button: { label: t('deal.reviewsPublished.button'), url: page(`/user/${input.userId}`) },
      };
  }
}

/**
 * One deal email (docs/deal.md, "Emails"): in the reader's language and direction, what happened, a member's
 * words quoted as plain text where there are some, one button to the page, a plain text part, and the
 * one-click unsubscribe of RFC 8058 for this kind of email only.
 */
export async function renderDealEmail(input: DealEmailInput): Promise<RenderedEmail> {
  const { language, siteOrigin } = input;
  const t = serverI18n.getFixedT(language, 'email');
  const kind: DealMailKind = input.kind;
  const token = encodeURIComponent(input.unsubscribeToken);
  const parts = partsOf(input, t);
  const excerptHtml = parts.excerpt
    ? `
        <mj-text container-background-color="${COLORS.page}" padding="12px 16px"><p dir="auto" style="margin:0">${userHtml(parts.excerpt)}</p></mj-text>`
    : '';
  const notesHtml = parts.notes.map((note) => `\n        <mj-text color="${COLORS.muted}">${escapeHtml(note)}</mj-text>`).join('');
  return renderFramedEmail({
    to: input.to,
    language,
    siteOrigin,
    subject: parts.subject,
    preview: parts.lead.text,
    sections: ({ align }) => `
    <mj-section background-color="#ffffff" padding="16px 0" border-radius="12px">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" line-height="1.35"><h1 style="font-size:20px;margin:0">${escapeHtml(parts.heading)}</h1></mj-text>
        <mj-text padding-top="0">${parts.lead.html}</mj-text>${excerptHtml}${notesHtml}
        <mj-button href="${escapeHtml(parts.button.url)}" align="${align}" background-color="${COLORS.brand}" border-radius="8px" font-weight="700">${escapeHtml(parts.button.label)}</mj-button>
      </mj-column>
    </mj-section>`,
    text: [
      parts.heading,
      '',
      parts.lead.text,
      ...(parts.excerpt ? ['', userText(parts.excerpt)] : []),
      ...parts.notes.flatMap((note) => ['', note]),
      '',
      `${parts.button.label}: ${parts.button.url}`,
    ],
    footer: {
      reason: t('deal.footer.reason'),
      unsubscribeLabel: t(`deal.footer.unsubscribe.${kind}`),
      // The page names the kind of email it stops; the token alone decides what is stopped.
      unsubscribePage: `${siteOrigin}/${language}/unsubscribe?token=${token}&mail=${kind}`,
      oneClickUrl: `${siteOrigin}/api/v1/mail/unsubscribe?token=${token}`,
    },
  });
}
