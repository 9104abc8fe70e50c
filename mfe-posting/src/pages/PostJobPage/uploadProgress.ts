import { numberFormatter, type Language } from '@tasko/shared';

// SI units, as CLDR names them ("megabyte" is 10^6 bytes) and as phones show file sizes.
const KILOBYTE = 1_000;
const MEGABYTE = 1_000_000;

/**
 * The bytes sent and the whole, both in the unit of the whole and written the language's way: "1.2" and
 * "4.8 MB" (ru "1,2" and "4,8 МБ"); under a megabyte, whole kilobytes. The sentence around them is a text.
 */
export function transferParts(sent: number, total: number, language: Language): { sent: string; total: string } {
  const isLarge = total >= MEGABYTE;
  const digits: Intl.NumberFormatOptions = isLarge ? { minimumFractionDigits: 1, maximumFractionDigits: 1 } : { maximumFractionDigits: 0 };
  const size = isLarge ? MEGABYTE : KILOBYTE;
  return {
    sent: numberFormatter(language, digits).format(Math.min(sent, total) / size),
    total: numberFormatter(language, { ...digits, style: 'unit', unit: isLarge ? 'megabyte' : 'kilobyte', unitDisplay: 'short' }).format(
      total / size,
    ),
  };
}

/** The quarter of the bytes sent (0 to 4): a screen reader hears three steps on the way, not every percent. */
export function quarterSent(sent: number, total: number): number {
  return total > 0 ? Math.floor((Math.min(sent, total) / total) * 4) : 0;
}

/** "50%", "50 %", "50‎%‎": the share as the language writes it. */
export function formatShare(share: number, language: Language): string {
  return numberFormatter(language, { style: 'percent' }).format(share);
}
