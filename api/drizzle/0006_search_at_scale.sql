CREATE TABLE "public_listing_counts" (
	"offer_type" text NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "public_listing_counts_offer_type_category_pk" PRIMARY KEY("offer_type","category")
);
--> statement-breakpoint
DROP INDEX "listings_public_amount";--> statement-breakpoint
DROP INDEX "listings_title_trgm";--> statement-breakpoint
DROP INDEX "listings_contact_trgm";--> statement-breakpoint
DROP INDEX "listings_place_trgm";--> statement-breakpoint
DROP INDEX "listings_public_newest";--> statement-breakpoint
CREATE INDEX "listings_public_category_newest" ON "listings" USING btree ("offer_type","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
CREATE INDEX "listings_public_pay" ON "listings" USING btree ("offer_type","amount","id") WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
CREATE INDEX "listings_public_category_pay" ON "listings" USING btree ("offer_type","category","amount","id") WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
CREATE INDEX "listings_public_job_text_trgm" ON "listings" USING gin (lower("title") gin_trgm_ops,lower("contact_person_name") gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'job';--> statement-breakpoint
CREATE INDEX "listings_public_job_place_trgm" ON "listings" USING gin (lower("city" || ' ' || "address") gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'job';--> statement-breakpoint
CREATE INDEX "listings_public_service_text_trgm" ON "listings" USING gin (lower("title") gin_trgm_ops,lower("contact_person_name") gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'service';--> statement-breakpoint
CREATE INDEX "listings_public_service_place_trgm" ON "listings" USING gin (lower("city" || ' ' || "address") gin_trgm_ops) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false and "listings"."offer_type" = 'service';--> statement-breakpoint
CREATE INDEX "listings_public_newest" ON "listings" USING btree ("offer_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'active' and "listings"."hidden_at" is null and "listings"."is_publisher_blocked" = false;--> statement-breakpoint
-- The counts follow every change of listings, a statement at a time (a bulk load or a publisher's block is
-- one aggregate, not a trigger per row); keys in one order, so two statements never wait on each other crosswise.
CREATE FUNCTION "public_listing_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM public_listing_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public_listing_counts AS c (offer_type, category, count)
      SELECT offer_type, category, count(*) FROM new_rows
      WHERE status = 'active' AND hidden_at IS NULL AND is_publisher_blocked = false
      GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (offer_type, category) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE public_listing_counts c SET count = c.count - d.n
      FROM (SELECT offer_type, category, count(*) AS n FROM old_rows
            WHERE status = 'active' AND hidden_at IS NULL AND is_publisher_blocked = false GROUP BY 1, 2) d
      WHERE c.offer_type = d.offer_type AND c.category = d.category;
  ELSE
    INSERT INTO public_listing_counts AS c (offer_type, category, count)
      SELECT offer_type, category, sum(delta) FROM (
        SELECT offer_type, category, 1 AS delta FROM new_rows
        WHERE status = 'active' AND hidden_at IS NULL AND is_publisher_blocked = false
        UNION ALL
        SELECT offer_type, category, -1 FROM old_rows
        WHERE status = 'active' AND hidden_at IS NULL AND is_publisher_blocked = false
      ) d
      GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (offer_type, category) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_counted_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "public_listing_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "listings_counted_update" AFTER UPDATE ON "listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "public_listing_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "listings_counted_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "public_listing_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "listings_counted_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_listing_counts_follow"();--> statement-breakpoint
INSERT INTO "public_listing_counts" ("offer_type", "category", "count")
  SELECT "offer_type", "category", count(*) FROM "listings"
  WHERE "status" = 'active' AND "hidden_at" IS NULL AND "is_publisher_blocked" = false
  GROUP BY 1, 2;
