-- The suppliers the contracts name (contract_suppliers, docs/architecture.md, the register): every
-- (company, ИНН, name) a contract is inserted with, once per statement (a bulk import of contracts
-- adds its pairs in one statement), and the new pair of a contract whose supplier changes. Pairs
-- no contract names any more stay: the name filter checks the contract's own name as well.
CREATE FUNCTION contract_suppliers_add_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_suppliers (company_id, supplier_inn, supplier_name)
    SELECT DISTINCT company_id, supplier_inn, supplier_name FROM inserted_contracts
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION contract_suppliers_add_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_suppliers (company_id, supplier_inn, supplier_name)
    VALUES (NEW.company_id, NEW.supplier_inn, NEW.supplier_name)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contracts_suppliers_insert
  AFTER INSERT ON contracts REFERENCING NEW TABLE AS inserted_contracts
  FOR EACH STATEMENT EXECUTE FUNCTION contract_suppliers_add_inserted();
--> statement-breakpoint
-- a row trigger limited to a changed supplier: the updates of an import's sums (paid, accepted)
-- touch tens of thousands of contracts and must not pay for a transition table
CREATE TRIGGER contracts_suppliers_update
  AFTER UPDATE OF company_id, supplier_inn, supplier_name ON contracts
  FOR EACH ROW
  WHEN (
    OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.supplier_inn IS DISTINCT FROM NEW.supplier_inn
    OR OLD.supplier_name IS DISTINCT FROM NEW.supplier_name
  )
  EXECUTE FUNCTION contract_suppliers_add_changed();
--> statement-breakpoint
INSERT INTO contract_suppliers (company_id, supplier_inn, supplier_name)
  SELECT DISTINCT company_id, supplier_inn, supplier_name FROM contracts
  ON CONFLICT DO NOTHING;
