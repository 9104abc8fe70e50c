-- Whether Google vouched for a user's address, for "email verified by Google" on their listings (docs/product.md#listings).
-- Set at every sign-in from the verifier that accepted the token. The backfill: a numeric subject was issued
-- by Google (the local provider's are `local-…`), and a Google token was only ever accepted with
-- `email_verified` true, so those addresses were verified by Google when their owners last signed in.
ALTER TABLE "users" ADD COLUMN "email_verified_by_google" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_verified_by_google" = true WHERE "google_sub" ~ '^[0-9]+$';
