ALTER TABLE "eis_plan_versions" ADD COLUMN "totals_cube" jsonb;--> statement-breakpoint
-- the cells of every version stored before (what storeVersionTotals keeps at import)
UPDATE "eis_plan_versions" v SET "totals_cube" = (
  SELECT coalesce(jsonb_agg(jsonb_build_array(c.code, c.name, c.year, c.month, c.status, c.sme, c.n, c.s)), '[]'::jsonb)
  FROM (
    SELECT pv."method_code" AS code, max(pv."method_name") AS name, pv."year" AS year, pv."month" AS month,
      pv."status" AS status, pv."sme_only" AS sme, count(*)::int AS n, coalesce(sum(pv."price"), 0)::text AS s
    FROM "eis_plan_position_versions" pv WHERE pv."version_id" = v."id"
    GROUP BY 1, 3, 4, 5, 6
  ) c
);
