-- Trigram indexes make substring search fast in every script (Hebrew, Arabic, Russian, English).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"offer_type" text DEFAULT 'job' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"payment_type" text DEFAULT 'fixed' NOT NULL,
	"amount" integer NOT NULL,
	"contact_person_name" text NOT NULL,
	"phone" text NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"picture" text,
	"google_sub" text,
	"settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_google_sub_unique" UNIQUE("google_sub")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_public_newest" ON "listings" USING btree ("status","offer_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_public_amount" ON "listings" USING btree ("status","offer_type","amount");--> statement-breakpoint
CREATE INDEX "listings_publisher" ON "listings" USING btree ("publisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_title_trgm" ON "listings" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_contact_trgm" ON "listings" USING gin (lower("contact_person_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_place_trgm" ON "listings" USING gin (lower("city" || ' ' || "address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");