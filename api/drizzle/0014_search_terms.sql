-- Search terms (api/src/search/terms.ts): the columns start empty, at version 0, and the server works out every
-- stored listing's terms at start-up (listingKeys.ts, termStoredListings), as it does after any change of TERMS_VERSION.
-- Saved searches get their words read the same way.
ALTER TABLE "alerts" ADD COLUMN "q_words" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "terms_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_terms_version" ON "listings" USING btree ("terms_version");--> statement-breakpoint
CREATE INDEX "listings_public_job_terms" ON "listings" USING gin ("search_terms") WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'job';--> statement-breakpoint
CREATE INDEX "listings_public_service_terms" ON "listings" USING gin ("search_terms") WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'service';