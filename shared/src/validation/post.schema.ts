import { z } from 'zod';
import { LIMITS } from '../domain/listing';
import { listingPostShape } from './listingContract';
import type { ValidationKey } from './messageKeys';

// One schema for the posting form and the API, derived from the listing contract (listingContract.ts).

export const postSchema = z
  .object(listingPostShape)
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
