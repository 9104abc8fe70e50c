-- Listing views counted by the server from its own answers (the page, GET /jobs/{id}), once per address and
-- browser per listing and day, instead of from page_view events whose visitor id any client can invent. The
-- index that served the old count by path goes; the events themselves stay for the site's daily figures.
CREATE TABLE "listing_views" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"address_key" text NOT NULL,
	"browser_key" text NOT NULL,
	CONSTRAINT "listing_views_listing_id_day_address_key_browser_key_pk" PRIMARY KEY("listing_id","day","address_key","browser_key")
);
--> statement-breakpoint
DROP INDEX "analytics_events_page_views";--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_views_day" ON "listing_views" USING btree ("day");
