-- Custom (data) migration: drizzle cannot express it. The law (modules/law) reads a method's kind
-- from its catalogue flags `form` and `closed`; the seed and the EIS import now write them. Entries
-- made before get them once here from their titles, read as the EIS import reads a method's name
-- (kernel/eis/eis223-method.ts methodKindByName); an entry that already has `form` is left alone.
UPDATE "catalog_entries"
SET "extra" = "extra" || jsonb_build_object(
  'form',
  CASE
    WHEN "title" ~* 'единствен' THEN 'single_supplier'
    WHEN "title" ~* 'котиров|запрос\s+цен' THEN 'quotation_request'
    WHEN "title" ~* 'запрос\s+предложени' THEN 'proposal_request'
    WHEN "title" ~* 'аукцион|редукцион' THEN 'auction'
    WHEN "title" ~* 'конкурс' THEN 'competition'
    ELSE 'other'
  END,
  'closed',
  "title" ~* 'закрыт'
)
WHERE "kind" = 'method' AND NOT ("extra" ? 'form');
