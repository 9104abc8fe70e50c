CREATE TABLE "member_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
DROP INDEX "conversations_poster";--> statement-breakpoint
DROP INDEX "conversations_applicant";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
-- Tickets live a minute: the ones issued before tickets named their session are simply let go.
DELETE FROM "event_tickets";--> statement-breakpoint
ALTER TABLE "event_tickets" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "user_events" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "user_events" ADD COLUMN "review_id" integer;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_blocks_blocked" ON "member_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "applications_open_offers" ON "applications" USING btree ("offer_expires_at") WHERE "applications"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "conversations_poster_activity" ON "conversations" USING btree ("poster_id","last_message_id" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_applicant_activity" ON "conversations" USING btree ("applicant_id","last_message_id" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_listing_activity" ON "conversations" USING btree ("listing_id","last_message_id" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Added by hand: each side's block of one conversation becomes a block between the two members.
INSERT INTO "member_blocks" ("blocker_id", "blocked_id", "created_at")
SELECT "poster_id", "applicant_id", min("poster_blocked_at") FROM "conversations" WHERE "poster_blocked_at" IS NOT NULL GROUP BY 1, 2
UNION ALL
SELECT "applicant_id", "poster_id", min("applicant_blocked_at") FROM "conversations" WHERE "applicant_blocked_at" IS NOT NULL GROUP BY 1, 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Added by hand: the events already stored name their message or review, so the replay can leave out hidden ones.
UPDATE "user_events" SET "message_id" = ("data"->'message'->>'id')::int WHERE "type" = 'message';--> statement-breakpoint
UPDATE "user_events" SET "review_id" = ("data"->'review'->>'id')::int WHERE "type" = 'review';--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "poster_blocked_at";--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "applicant_blocked_at";