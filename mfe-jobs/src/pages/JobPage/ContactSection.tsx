import { useEffect, useRef, useState } from 'react';
import {
  api,
  formatIsraeliPhone,
  Ltr,
  toApiError,
  track,
  UserText,
  useTranslation,
  type Listing,
  type ListingContact,
  type MessageKey,
} from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';
import { errorText } from '../../errorText';
import { mailtoHref, telHref, whatsappHref } from './contactLinks';

type Reveal =
  | { status: 'hidden' }
  | { status: 'loading' }
  | { status: 'failed'; messageKey: MessageKey }
  | { status: 'shown'; contact: ListingContact };

/** Where the keyboard goes once the details arrive: the first revealed link, or the first way to apply. */
type FocusTarget = 'details' | 'options' | null;

/**
 * The poster's contact details are not in the page: "Show phone" or "Contact directly" (a service: "Contact") asks
 * for them one listing at a time (rate-limited by the server), and only the ways the poster chose are
 * offered. The ways open below the button as a disclosure: the button or Escape closes them, and Escape
 * gives the keyboard back to the button. A poster who chose none is reached by applying only: no section.
 */
export function ContactSection({ listing, title }: { listing: Listing; title: string }) {
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const [reveal, setReveal] = useState<Reveal>({ status: 'hidden' });
  const [isApplying, setIsApplying] = useState(false);
  const focusTarget = useRef<FocusTarget>(null);
  const details = useRef<HTMLDivElement>(null);
  const options = useRef<HTMLUListElement>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  const isService = listing.offerType === 'service';

  const load = async (): Promise<void> => {
    if (reveal.status === 'shown' || reveal.status === 'loading') return;
    setReveal({ status: 'loading' });
    try {
      const contact = await api.getContact(listing.job_id);
      setReveal({ status: 'shown', contact });
      track('contact_reveal', { offerType: listing.offerType });
    } catch (error) {
      focusTarget.current = null;
      setReveal({ status: 'failed', messageKey: toApiError(error).messageKey });
    }
  };
  const show = () => {
    focusTarget.current = 'details';
    void load();
  };
  const apply = () => {
    if (isApplying && reveal.status === 'shown') {
      setIsApplying(false);
      return;
    }
    focusTarget.current = 'options';
    setIsApplying(true);
    void load();
  };

  const contact = reveal.status === 'shown' ? reveal.contact : null;
  useEffect(() => {
    if (!contact || !focusTarget.current) return;
    const container = focusTarget.current === 'options' ? options.current : details.current;
    container?.querySelector('a')?.focus();
    focusTarget.current = null;
  }, [contact, isApplying]);

  const isOpen = isApplying && !!contact;
  // Escape from the ways to apply, or from their button, closes them and leaves the keyboard on the button.
  useEffect(() => {
    if (!isOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const within = event.target instanceof Node && (options.current?.contains(event.target) || event.target === applyButton.current);
      if (!within) return;
      event.preventDefault();
      setIsApplying(false);
      applyButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  const name = listing.contact_person_name;
  // A job is answered by someone offering help; a service by someone who wants it.
  const message = t(isService ? 'apply.serviceMessage' : 'apply.message', { name, title });
  const subject = t('apply.subject', { title });
  // The poster's choices are public; the details behind them are not.
  const methods = contact?.contact_methods ?? listing.contact_methods;
  const sharesPhone = methods.includes('phone') || methods.includes('whatsapp');
  const phone = contact?.phone;
  const email = contact?.contact_email;
  // No way chosen: the poster is reached only by applying on the site (ApplySection), never by phone or email.
  if (listing.contact_methods.length === 0) return null;

  return (
    <section className="card job__contact" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('contact.title')}</h2>
      <p>
        {t('contact.person')} <UserText>{name}</UserText>
      </p>
      <div ref={details} aria-live="polite">
        {phone && (
          <p>
            {t('contact.phone')}{' '}
            {methods.includes('phone') ? (
              <a href={telHref(phone)}>
                <Ltr>{formatIsraeliPhone(phone)}</Ltr>
              </a>
            ) : (
              // WhatsApp only: the number, but no invitation to call it.
              <Ltr>{formatIsraeliPhone(phone)}</Ltr>
            )}
          </p>
        )}
        {email && (
          <p>
            {t('contact.email')}{' '}
            <a href={mailtoHref(email, subject, message)}>
              <Ltr>{email}</Ltr>
            </a>
          </p>
        )}
      </div>
      {reveal.status === 'failed' && (
        <p className="alert alert--error" role="alert">
          {errorText(tc, reveal.messageKey)}
        </p>
      )}
      <div className="job__actions">
        {!contact && (
          <button type="button" className="button" onClick={show} disabled={reveal.status === 'loading'}>
            {t(sharesPhone ? 'contact.show' : 'contact.showEmail')}
          </button>
        )}
        <button
          ref={applyButton}
          type="button"
          className="button button--primary"
          aria-expanded={isOpen}
          aria-controls="apply-options"
          onClick={apply}
          disabled={reveal.status === 'loading'}
        >
          {t(isService ? 'apply.contactButton' : 'apply.button')}
        </button>
      </div>
      {isOpen && (
        <ul id="apply-options" ref={options} className="contact-options" aria-label={t('apply.options')}>
          {methods.includes('phone') && phone && (
            <li>
              <a className="button" href={telHref(phone)}>
                {t('apply.call')}
              </a>
            </li>
          )}
          {methods.includes('whatsapp') && phone && (
            <li>
              <a className="button" href={whatsappHref(phone, message)} target="_blank" rel="noopener noreferrer">
                {t('apply.whatsapp')}
              </a>
            </li>
          )}
          {methods.includes('email') && email && (
            <li>
              <a className="button" href={mailtoHref(email, subject, message)}>
                {t('apply.email')}
              </a>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
