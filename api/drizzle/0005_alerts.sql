CREATE TABLE "alert_matches" (
	"alert_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_matches_alert_id_listing_id_pk" PRIMARY KEY("alert_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"q" text,
	"location" text,
	"category" text,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_listing" ON "alert_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "alert_matches_unsent" ON "alert_matches" USING btree ("alert_id","created_at") WHERE "alert_matches"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_user_newest" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_per_filters" ON "alerts" USING btree ("user_id","offer_type",lower(coalesce("q", '')),lower(coalesce("location", '')),coalesce("category", ''));--> statement-breakpoint
CREATE INDEX "alerts_offer_type" ON "alerts" USING btree ("offer_type","category");