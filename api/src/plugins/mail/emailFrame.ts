import mjml2html from 'mjml';
import { directionOf, type Language } from '@tasko/shared/domain';
import { escapeHtml } from '../site/pageHtml.js';
import { serverI18n } from '../../i18n.js';

export const COLORS = { brand: '#0f766e', text: '#1f2937', muted: '#6b7280', line: '#e5e7eb', page: '#f4f6f5' };

export interface RenderedEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** What one email says, inside the frame every email of the site shares. */
export interface FramedEmail {
  to: string;
  language: Language;
  /** e.g. http://localhost:8080: the brand links to the site's home in the reader's language. */
  siteOrigin: string;
  subject: string;
  /** The line a mail client shows after the subject. */
  preview: string;
  /** MJML sections between the brand and the footer, every user text in them already escaped. */
  sections: (layout: { align: 'left' | 'right' }) => string;
  /** The plain text part, before the footer. */
  text: string[];
  /** Why the reader gets this email, and how to stop it: the page, and the one-click URL of RFC 8058. */
  footer: { reason: string; unsubscribeLabel: string; unsubscribePage: string; oneClickUrl: string };
}

/**
 * Every email of the site in one frame: the reader's language and direction, the brand, what the email says,
 * a footer that says why it came and how to stop it, a plain text part, and the headers of a one-click
 * unsubscribe (RFC 8058) that no vacation auto-reply answers (RFC 3834).
 */
export async function renderFramedEmail(email: FramedEmail): Promise<RenderedEmail> {
  const { language, footer } = email;
  const dir = directionOf(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const brand = serverI18n.getFixedT(language, 'common')('brand');
  const template = `<mjml lang="${language}" dir="${dir}">
  <mj-head>
    <mj-title>${escapeHtml(email.subject)}</mj-title>
    <mj-preview>${escapeHtml(email.preview)}</mj-preview>
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
        <mj-text font-size="22px" font-weight="700" color="${COLORS.brand}"><a href="${escapeHtml(`${email.siteOrigin}/${language}`)}" style="color:${COLORS.brand};text-decoration:none">${escapeHtml(brand)}</a></mj-text>
      </mj-column>
    </mj-section>${email.sections({ align })}
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text font-size="13px" color="${COLORS.muted}">${escapeHtml(footer.reason)}</mj-text>
        <mj-text font-size="13px" padding-top="0"><a href="${escapeHtml(footer.unsubscribePage)}" style="color:${COLORS.brand}">${escapeHtml(footer.unsubscribeLabel)}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(template, { validationLevel: 'strict', keepComments: false });
  if (errors.length > 0) throw new Error(`email template: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const text = [...email.text, '', '—', footer.reason, `${footer.unsubscribeLabel}: ${footer.unsubscribePage}`, ''].join('\n');
  return {
    to: email.to,
    subject: email.subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${footer.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: no vacation auto-replies to an automatic message.
      'Auto-Submitted': 'auto-generated',
    },
  };
}
