CREATE TABLE "canary_address_visitors" (
	"address_key" text NOT NULL,
	"visitor_key" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "canary_address_visitors_address_key_visitor_key_pk" PRIMARY KEY("address_key","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "canary_page_loads" (
	"load_id" text NOT NULL,
	"area" text NOT NULL,
	"trial" text NOT NULL,
	"is_counted" boolean NOT NULL,
	"has_error" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "canary_page_loads_load_id_area_pk" PRIMARY KEY("load_id","area")
);
--> statement-breakpoint
CREATE TABLE "canary_visitors" (
	"area" text NOT NULL,
	"trial" text NOT NULL,
	"visitor_key" text NOT NULL,
	"release_id" text NOT NULL,
	"loads" integer NOT NULL,
	"errored" integer NOT NULL,
	"last_load_at" timestamp with time zone NOT NULL,
	CONSTRAINT "canary_visitors_area_trial_visitor_key_pk" PRIMARY KEY("area","trial","visitor_key")
);
--> statement-breakpoint
CREATE INDEX "canary_address_visitors_seen" ON "canary_address_visitors" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "canary_page_loads_expiry" ON "canary_page_loads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "canary_visitors_last_load" ON "canary_visitors" USING btree ("last_load_at");