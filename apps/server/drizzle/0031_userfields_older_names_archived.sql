-- One naming scheme for template fields (issue 25, item 6): the shared user fields that only
-- repeated a system field under an older name (customer_name = customer.title, …) are archived,
-- so the field lists offer one name per value. Rows and the values stored under them are kept;
-- a template uploaded with an older name is still filled with its system field's value.
UPDATE "catalog_entries" SET "archived_at" = now()
WHERE "kind" = 'userfield' AND "company_id" IS NULL AND "archived_at" IS NULL
  AND "code" IN ('customer_name', 'customer_inn', 'customer_address', 'procurement_subject',
    'procurement_method', 'nmcd', 'nmcd_method', 'funding_source', 'application_deadline',
    'results_date', 'application_security', 'contract_security');
