import { internationalPhone } from '@tasko/shared';

/** `tel:` in international form, so it dials from any phone (an Israeli SIM or not). */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

/** A WhatsApp chat with the poster, the message already written in the reader's language. */
export function whatsappHref(phone: string, message: string): string {
  return `https://wa.me/${internationalPhone(phone).slice(1)}?text=${encodeURIComponent(message)}`;
}

export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
