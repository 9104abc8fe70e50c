// Israeli phone numbers: mobile 05X + 7 digits, VoIP/landline 07X + 7 digits, landline 02/03/04/08/09 + 7
// digits; with or without +972 (then without the leading 0). Spaces, dashes, dots and parentheses are
// separators only.

const SEPARATORS = /[\s\-.()]/g;

/** Returns the number in national form (digits only, leading 0), or null when it is not a valid number. */
export function normalizeIsraeliPhone(input: string): string | null {
  let digits = input.replace(SEPARATORS, '');
  if (digits.startsWith('+972')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('00972')) digits = `0${digits.slice(5)}`;
  if (/^0(5\d|7\d)\d{7}$/.test(digits)) return digits;
  if (/^0[23489]\d{7}$/.test(digits)) return digits;
  return null;
}

/** 0541234567 → 054-123-4567; 031234567 → 03-123-4567. */
export function formatIsraeliPhone(national: string): string {
  if (national.length === 10) return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  if (national.length === 9) return `${national.slice(0, 2)}-${national.slice(2, 5)}-${national.slice(5)}`;
  return national;
}

/** For tel: and WhatsApp links: +972 followed by the number without its leading 0. */
export function internationalPhone(national: string): string {
  return `+972${national.replace(/^0/, '')}`;
}
