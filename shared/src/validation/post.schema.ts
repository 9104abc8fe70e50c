import { z } from 'zod';
import { CATEGORIES, CONTACT_METHODS, DEFAULT_CONTACT_METHODS, LIMITS, OFFER_TYPES, PAYMENT_TYPES } from '../domain/listing';
import { LANGUAGE_CODES, type Language } from '../domain/languages';
import { normalizeIsraeliPhone } from './phone';
import type { ValidationKey } from './messageKeys';

// One schema for the posting form and the API (SPEC §5). Every issue carries a message key, never text.
const message = (key: ValidationKey) => ({ message: key });

const trimmed = z.string(message('descriptionRequired')).transform((s) => s.trim());

/** The amount arrives as text from a form or multipart body: a whole number of 1 to 4 digits. */
export const amountSchema = z
  .union([z.string(), z.number()], message('amountInvalid'))
  .transform((value, ctx): number => {
    const text = String(value).trim();
    if (/^\d+$/.test(text)) {
      if (text.replace(/^0+(?=\d)/, '').length > LIMITS.maxAmountDigits) {
        ctx.addIssue({ code: 'custom', message: 'amountTooLong' });
        return z.NEVER;
      }
      const amount = Number(text);
      if (amount > 0) return amount;
    } else if (/^\d+[.,]\d*$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'amountTooLong' });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: 'amountInvalid' });
    return z.NEVER;
  });

export const locationSchema = z.object(
  {
    city: z
      .string(message('locationRequired'))
      .trim()
      .min(1, message('locationRequired'))
      .max(LIMITS.cityMaxLength, message('locationTooLong')),
    address: z
      .string(message('locationInvalid'))
      .trim()
      .max(LIMITS.addressMaxLength, message('locationTooLong'))
      .default(''),
    /**
     * The place chosen from the suggestions (GeoNames id). Without one, the server looks the city up by any
     * of its names; a city no place has is kept as typed.
     */
    placeId: z.number(message('locationInvalid')).int(message('locationInvalid')).positive(message('locationInvalid')).nullish(),
  },
  message('locationRequired'),
);

export const phoneSchema = z
  .string(message('phoneInvalid'))
  .transform((value, ctx): string => {
    const national = normalizeIsraeliPhone(value);
    if (national) return national;
    ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
    return z.NEVER;
  });

export const postSchema = z
  .object({
    // Required (no "Untitled" fallback): a listing is found and told apart by its title.
    jobTitle: z
      .string(message('titleRequired'))
      .trim()
      .min(1, message('titleRequired'))
      .max(LIMITS.titleMaxLength, message('titleTooLong')),
    description: trimmed.pipe(
      z
        .string()
        .min(1, message('descriptionRequired'))
        .max(LIMITS.descriptionMaxLength, message('descriptionTooLong')),
    ),
    category: z.enum(CATEGORIES, message('categoryRequired')),
    paymentType: z.enum(PAYMENT_TYPES, message('paymentTypeRequired')),
    amount: amountSchema,
    contactPersonName: z
      .string(message('contactNameRequired'))
      .trim()
      .min(1, message('contactNameRequired'))
      .max(LIMITS.contactNameMaxLength, message('contactNameTooLong')),
    phone: phoneSchema,
    contactEmail: z
      .string(message('emailInvalid'))
      .trim()
      .max(LIMITS.emailMaxLength, message('emailInvalid'))
      .refine((s) => s === '' || z.email().safeParse(s).success, message('emailInvalid'))
      .default(''),
    location: locationSchema,
    offerType: z.enum(OFFER_TYPES, message('offerTypeInvalid')).default('job'),
    /** The language the listing is written in; without it, the server detects it from the text. */
    language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], message('languageInvalid')).optional(),
    // May be empty: such a listing is reached only through applications, its phone never shown (docs/deal.md).
    contactMethods: z
      .array(z.enum(CONTACT_METHODS, message('contactMethodRequired')), message('contactMethodRequired'))
      .transform((methods) => CONTACT_METHODS.filter((m) => methods.includes(m)))
      .default([...DEFAULT_CONTACT_METHODS]),
  })
  // Runs even when other fields fail, so the form shows this message together with the rest.
  .refine((post) => !(Array.isArray(post.contactMethods) && post.contactMethods.includes('email') && post.contactEmail === ''), {
    path: ['contactEmail'],
    message: 'emailRequiredForContact',
    when: () => true,
  });

/** What the form holds (all text, as typed) and what the API stores (normalised). */
export type PostInput = z.input<typeof postSchema>;
export type Post = z.output<typeof postSchema>;

export type FieldErrors = Partial<Record<string, ValidationKey>>;

/** Flattens zod issues to one message key per top-level field (the first issue wins). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (!fields[field]) fields[field] = issue.message as ValidationKey;
  }
  return fields;
}

/** Image checks the browser can make before upload; the server decides the type again from the bytes. */
export function imageProblemOf(file: { type: string; size: number }): ValidationKey | null {
  if (!(LIMITS.acceptedImageTypes as readonly string[]).includes(file.type)) return 'unsupportedImageType';
  if (file.size > LIMITS.maxImageBytes) return 'imageTooLarge';
  return null;
}
