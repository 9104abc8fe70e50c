CREATE TABLE "listing_reveals_daily" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_reveals_daily_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
ALTER TABLE "listing_reveals_daily" ADD CONSTRAINT "listing_reveals_daily_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_page_views" ON "analytics_events" USING btree ("path","occurred_at") WHERE "analytics_events"."name" = 'page_view';