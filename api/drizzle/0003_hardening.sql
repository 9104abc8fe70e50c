CREATE TABLE "used_id_tokens" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_id_tokens_expiry" ON "used_id_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limits_reset" ON "rate_limits" USING btree ("reset_at");