-- Written by hand (drizzle cannot express triggers): the positions whose stored violations
-- (eis_plan_violations, docs/eis-plans.md «Violations») a write may change are queued in
-- eis_plan_violation_queue in the writing transaction, whatever path wrote — the services, the
-- imports, a seed — and storeQueuedViolations (modules/eis-plans) recomputes them.
-- A contract names its position by number (old and new number both queued).
CREATE FUNCTION eis_plan_violations_queue_contracts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO eis_plan_violation_queue (company_id, position_number)
    SELECT DISTINCT company_id, plan_position_number FROM inserted_contracts
     WHERE plan_position_number IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION eis_plan_violations_queue_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.plan_position_number IS NOT NULL THEN
    INSERT INTO eis_plan_violation_queue (company_id, position_number) VALUES (OLD.company_id, OLD.plan_position_number);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.plan_position_number IS NOT NULL THEN
    INSERT INTO eis_plan_violation_queue (company_id, position_number) VALUES (NEW.company_id, NEW.plan_position_number);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- a statement trigger for inserts (imports and the bench insert contracts by the thousand)
CREATE TRIGGER contracts_plan_violations_insert
  AFTER INSERT ON contracts REFERENCING NEW TABLE AS inserted_contracts
  FOR EACH STATEMENT EXECUTE FUNCTION eis_plan_violations_queue_contracts_inserted();
--> statement-breakpoint
-- row triggers limited to what the rules read: an import's sums (paid, accepted) touch tens of
-- thousands of contracts and queue nothing
CREATE TRIGGER contracts_plan_violations_update
  AFTER UPDATE OF company_id, plan_position_number, price, status, archived_at, number, contract_date ON contracts
  FOR EACH ROW
  WHEN (
    (OLD.plan_position_number IS NOT NULL OR NEW.plan_position_number IS NOT NULL)
    AND (
      OLD.company_id IS DISTINCT FROM NEW.company_id
      OR OLD.plan_position_number IS DISTINCT FROM NEW.plan_position_number
      OR OLD.price IS DISTINCT FROM NEW.price
      OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
      OR OLD.number IS DISTINCT FROM NEW.number
      OR OLD.contract_date IS DISTINCT FROM NEW.contract_date
    )
  )
  EXECUTE FUNCTION eis_plan_violations_queue_contract();
--> statement-breakpoint
CREATE TRIGGER contracts_plan_violations_delete
  AFTER DELETE ON contracts
  FOR EACH ROW WHEN (OLD.plan_position_number IS NOT NULL)
  EXECUTE FUNCTION eis_plan_violations_queue_contract();
--> statement-breakpoint
-- A procurement names a position itself or through its lots: both are queued when it changes.
CREATE FUNCTION eis_plan_violations_queue_procurement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p procurements%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN p := OLD; ELSE p := NEW; END IF;
  IF TG_OP = 'UPDATE' AND OLD.plan_position_id IS NOT NULL THEN
    INSERT INTO eis_plan_violation_queue (company_id, position_id) VALUES (OLD.company_id, OLD.plan_position_id);
  END IF;
  INSERT INTO eis_plan_violation_queue (company_id, position_id)
    SELECT p.company_id, x.pos FROM (
      SELECT p.plan_position_id AS pos
      UNION
      SELECT l.plan_position_id FROM procurement_lots l WHERE l.procurement_id = p.id
    ) x WHERE x.pos IS NOT NULL;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER procurements_plan_violations_insert
  AFTER INSERT ON procurements
  FOR EACH ROW WHEN (NEW.plan_position_id IS NOT NULL)
  EXECUTE FUNCTION eis_plan_violations_queue_procurement();
--> statement-breakpoint
CREATE TRIGGER procurements_plan_violations_update
  AFTER UPDATE OF company_id, plan_position_id, status, published_on, nmcd, number ON procurements
  FOR EACH ROW
  WHEN (
    OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.plan_position_id IS DISTINCT FROM NEW.plan_position_id
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.published_on IS DISTINCT FROM NEW.published_on
    OR OLD.nmcd IS DISTINCT FROM NEW.nmcd
    OR OLD.number IS DISTINCT FROM NEW.number
  )
  EXECUTE FUNCTION eis_plan_violations_queue_procurement();
--> statement-breakpoint
-- before the delete: its lots are still there (the cascade deletes them after)
CREATE TRIGGER procurements_plan_violations_delete
  BEFORE DELETE ON procurements
  FOR EACH ROW
  EXECUTE FUNCTION eis_plan_violations_queue_procurement();
--> statement-breakpoint
CREATE FUNCTION eis_plan_violations_queue_lot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.plan_position_id IS NOT NULL THEN
    INSERT INTO eis_plan_violation_queue (company_id, position_id)
      SELECT p.company_id, OLD.plan_position_id FROM procurements p WHERE p.id = OLD.procurement_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.plan_position_id IS NOT NULL THEN
    INSERT INTO eis_plan_violation_queue (company_id, position_id)
      SELECT p.company_id, NEW.plan_position_id FROM procurements p WHERE p.id = NEW.procurement_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER procurement_lots_plan_violations_insert
  AFTER INSERT ON procurement_lots
  FOR EACH ROW WHEN (NEW.plan_position_id IS NOT NULL)
  EXECUTE FUNCTION eis_plan_violations_queue_lot();
--> statement-breakpoint
CREATE TRIGGER procurement_lots_plan_violations_update
  AFTER UPDATE OF plan_position_id, nmcd, procurement_id ON procurement_lots
  FOR EACH ROW
  WHEN (
    (OLD.plan_position_id IS NOT NULL OR NEW.plan_position_id IS NOT NULL)
    AND (
      OLD.plan_position_id IS DISTINCT FROM NEW.plan_position_id
      OR OLD.nmcd IS DISTINCT FROM NEW.nmcd
      OR OLD.procurement_id IS DISTINCT FROM NEW.procurement_id
    )
  )
  EXECUTE FUNCTION eis_plan_violations_queue_lot();
--> statement-breakpoint
CREATE TRIGGER procurement_lots_plan_violations_delete
  AFTER DELETE ON procurement_lots
  FOR EACH ROW WHEN (OLD.plan_position_id IS NOT NULL)
  EXECUTE FUNCTION eis_plan_violations_queue_lot();
--> statement-breakpoint
-- Backfill: every position a contract or procurement of the database names is queued; the first
-- write or read of the company's plans stores their violations (the plans' imports store the rest).
INSERT INTO eis_plan_violation_queue (company_id, position_number)
  SELECT DISTINCT company_id, plan_position_number FROM contracts WHERE plan_position_number IS NOT NULL;
--> statement-breakpoint
INSERT INTO eis_plan_violation_queue (company_id, position_id)
  SELECT DISTINCT p.company_id, x.pos FROM procurements p
   CROSS JOIN LATERAL (
     SELECT p.plan_position_id AS pos
     UNION
     SELECT l.plan_position_id FROM procurement_lots l WHERE l.procurement_id = p.id
   ) x
   WHERE x.pos IS NOT NULL;
