-- Idempotency-Key (docs/deploy.md#idempotent-writes): the first answer to each creating call sent with a key, per member.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"body" text,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_started" ON "idempotency_keys" USING btree ("started_at");