ALTER TABLE "ingest_click_points" ADD COLUMN "route" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The clicks stored before: their route computed as click-positions.ts routeOf() does (numbers, UUIDs, long hex
-- ids and opaque tokens as :id), so the maps of the period just before the upgrade are grouped too.
UPDATE "ingest_click_points" SET "route" = coalesce((
  SELECT string_agg(
    CASE WHEN seg ~ '^[0-9]+$'
      OR seg ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      OR seg ~* '^[0-9a-f]{16,}$'
      OR (seg ~ '^[A-Za-z0-9_-]{20,}$' AND seg ~ '[0-9]' AND seg ~ '[A-Za-z]')
    THEN ':id' ELSE seg END, '/' ORDER BY n)
  FROM unnest(string_to_array("path", '/')) WITH ORDINALITY AS u(seg, n)), "path");--> statement-breakpoint
CREATE INDEX "ingest_click_points_route_at_idx" ON "ingest_click_points" USING btree ("route","at");
