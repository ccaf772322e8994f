-- Procurement methods the register kept as text (code and name) now point at their entry of the
-- procurement methods catalogue where one matches: by code first, then by title (without case and
-- outer spaces); the company's own entry before a global one, a live entry before an archived one.
-- A matched contract takes the entry's code and title. The others keep their text, which the
-- contract card shows «не из справочника» until a method is chosen (docs/exports.md).
UPDATE "contracts" AS c SET "procurement_method_id" = (
  SELECT e."id" FROM "catalog_entries" AS e
  WHERE e."kind" = 'method'
    AND (e."company_id" IS NULL OR e."company_id" = c."company_id")
    AND (e."code" = c."procurement_method_code"
      OR lower(btrim(e."title")) = lower(btrim(c."procurement_method_name")))
  ORDER BY coalesce(e."code" = c."procurement_method_code", false) DESC,
    (e."company_id" IS NOT NULL) DESC, (e."archived_at" IS NULL) DESC, e."id"
  LIMIT 1
)
WHERE c."procurement_method_id" IS NULL
  AND (c."procurement_method_code" IS NOT NULL OR c."procurement_method_name" IS NOT NULL);
--> statement-breakpoint
UPDATE "contracts" AS c SET "procurement_method_code" = e."code", "procurement_method_name" = e."title"
FROM "catalog_entries" AS e
WHERE e."id" = c."procurement_method_id"
  AND (c."procurement_method_code" IS DISTINCT FROM e."code" OR c."procurement_method_name" IS DISTINCT FROM e."title");
