-- The new key columns start empty: the server keys every stored listing at start-up (listingKeys.ts,
-- keyStoredListings), mapping each stored city to a GeoNames place by any of its names. The normalisation is
-- the shared searchKey, one piece of code for the API, the places file and these rows.
DROP INDEX "listings_public_job_text_trgm";--> statement-breakpoint
DROP INDEX "listings_public_job_place_trgm";--> statement-breakpoint
DROP INDEX "listings_public_service_text_trgm";--> statement-breakpoint
DROP INDEX "listings_public_service_place_trgm";--> statement-breakpoint
DROP INDEX "listings_public_pay";--> statement-breakpoint
DROP INDEX "listings_public_category_pay";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "q_key" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "location_key" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "language" text DEFAULT 'he' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "place_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_public_place_newest" ON "listings" USING btree ("offer_type","place_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
CREATE INDEX "listings_public_language_newest" ON "listings" USING btree ("offer_type","language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
CREATE INDEX "listings_public_unplaced_place_text_trgm" ON "listings" USING gin ("place_text" gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."place_id" is null;--> statement-breakpoint
CREATE INDEX "listings_unkeyed" ON "listings" USING btree ("id") WHERE "listings"."search_text" = '';--> statement-breakpoint
CREATE INDEX "listings_public_job_words_trgm" ON "listings" USING gin ("search_text" gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'job';--> statement-breakpoint
CREATE INDEX "listings_public_job_place_text_trgm" ON "listings" USING gin ("place_text" gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'job';--> statement-breakpoint
CREATE INDEX "listings_public_service_words_trgm" ON "listings" USING gin ("search_text" gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'service';--> statement-breakpoint
CREATE INDEX "listings_public_service_place_text_trgm" ON "listings" USING gin ("place_text" gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'service';--> statement-breakpoint
CREATE INDEX "listings_public_pay" ON "listings" USING btree ("offer_type","payment_type","amount","id") WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
CREATE INDEX "listings_public_category_pay" ON "listings" USING btree ("offer_type","category","payment_type","amount","id") WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;