-- The contract register's version (contract_register_versions, docs/architecture.md, the register):
-- once per transaction and company, at commit, when a contract is inserted or deleted or a column
-- the register filters on changes. Deferred constraint triggers: the version row is locked only
-- while the writing transaction commits, so concurrent writers of one company do not queue behind
-- a long import. Updates of the sums an import keeps (paid, accepted, the nearest duty) do not fire.
CREATE FUNCTION contract_register_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
  done text := coalesce(current_setting('zakupki.register_bumped', true), '');
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id <> NEW.company_id THEN
    INSERT INTO contract_register_versions AS v (company_id, version) VALUES (OLD.company_id, 1)
      ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
  END IF;
  IF position(',' || company || ',' IN done) > 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO contract_register_versions AS v (company_id, version) VALUES (company, 1)
    ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
  PERFORM set_config('zakupki.register_bumped', done || ',' || company || ',', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION contract_register_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contract_register_versions SET version = version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_register_insert_delete
  AFTER INSERT OR DELETE ON contracts DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION contract_register_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contracts_register_update
  AFTER UPDATE ON contracts DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (
    OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.law IS DISTINCT FROM NEW.law
    OR OLD.contract_date IS DISTINCT FROM NEW.contract_date
    OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.subject IS DISTINCT FROM NEW.subject
    OR OLD.supplier_inn IS DISTINCT FROM NEW.supplier_inn
    OR OLD.supplier_name IS DISTINCT FROM NEW.supplier_name
    OR OLD.number IS DISTINCT FROM NEW.number
    OR OLD.eis_registry_number IS DISTINCT FROM NEW.eis_registry_number
  )
  EXECUTE FUNCTION contract_register_bump();
--> statement-breakpoint
CREATE TRIGGER contracts_register_truncate
  AFTER TRUNCATE ON contracts FOR EACH STATEMENT EXECUTE FUNCTION contract_register_truncated();
--> statement-breakpoint
INSERT INTO contract_register_versions (company_id, version) SELECT id, 1 FROM companies ON CONFLICT DO NOTHING;
