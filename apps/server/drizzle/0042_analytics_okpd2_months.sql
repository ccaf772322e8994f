CREATE TABLE "analytics_okpd2_months" (
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"month" date NOT NULL,
	"cls" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "analytics_okpd2_months_company_id_customer_id_month_cls_pk" PRIMARY KEY("company_id","customer_id","month","cls")
);
--> statement-breakpoint
ALTER TABLE "analytics_okpd2_months" ADD CONSTRAINT "analytics_okpd2_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle cannot express triggers): analytics_okpd2_months is kept in the writing
-- transaction by the triggers below, whatever path writes — the services, the imports, the seeds,
-- the bench generator (docs/analytics.md, «Speed»). A line counts when its contract is counted by
-- the spending panel: not archived, concluded / executed / terminated, in rubles.
CREATE FUNCTION analytics_okpd2_apply(rows_json jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- rows: [{company_id, customer_id, month, cls, amount, lines}] (amount and lines signed)
  INSERT INTO analytics_okpd2_months AS t (company_id, customer_id, month, cls, amount, lines)
    SELECT r.company_id, r.customer_id, r.month, r.cls, sum(r.amount), sum(r.lines)
      FROM jsonb_to_recordset(rows_json) AS r(company_id integer, customer_id integer, month date, cls text, amount numeric, lines integer)
     -- a company being deleted: its sums cascade away, nothing to write
     WHERE EXISTS (SELECT 1 FROM companies co WHERE co.id = r.company_id)
     GROUP BY 1, 2, 3, 4
  ON CONFLICT (company_id, customer_id, month, cls)
    DO UPDATE SET amount = t.amount + excluded.amount, lines = t.lines + excluded.lines;
  DELETE FROM analytics_okpd2_months t
   USING jsonb_to_recordset(rows_json) AS r(company_id integer, customer_id integer, month date, cls text)
   WHERE t.company_id = r.company_id AND t.customer_id = r.customer_id AND t.month = r.month
     AND t.cls = r.cls AND t.lines = 0;
END
$$;
--> statement-breakpoint
-- the lines of a statement (inserted, deleted or both of an update), signed, of counted contracts;
-- a line whose contract is gone (its delete cascading) is left out: the contract's trigger took it
CREATE FUNCTION analytics_okpd2_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  j jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO j FROM (
      SELECT c.company_id, coalesce(c.customer_id, 0) AS customer_id, date_trunc('month', c.contract_date)::date AS month,
             coalesce(left(i.okpd2_code, 2), '—') AS cls, sum(i.amount) AS amount, count(*)::int AS lines
        FROM new_items i JOIN contracts c ON c.id = i.contract_id
       WHERE c.archived_at IS NULL AND c.status IN ('concluded', 'executed', 'terminated') AND c.currency_code = 'RUB'
       GROUP BY 1, 2, 3, 4) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO j FROM (
      SELECT c.company_id, coalesce(c.customer_id, 0) AS customer_id, date_trunc('month', c.contract_date)::date AS month,
             coalesce(left(i.okpd2_code, 2), '—') AS cls, -sum(i.amount) AS amount, -count(*)::int AS lines
        FROM old_items i JOIN contracts c ON c.id = i.contract_id
       WHERE c.archived_at IS NULL AND c.status IN ('concluded', 'executed', 'terminated') AND c.currency_code = 'RUB'
       GROUP BY 1, 2, 3, 4) x;
  ELSE
    SELECT jsonb_agg(x) INTO j FROM (
      SELECT c.company_id, coalesce(c.customer_id, 0) AS customer_id, date_trunc('month', c.contract_date)::date AS month,
             coalesce(left(i.okpd2_code, 2), '—') AS cls, sum(i.amount * i.sign) AS amount, sum(i.sign)::int AS lines
        FROM (SELECT contract_id, okpd2_code, amount, -1 AS sign FROM old_items
              UNION ALL SELECT contract_id, okpd2_code, amount, 1 FROM new_items) i
        JOIN contracts c ON c.id = i.contract_id
       WHERE c.archived_at IS NULL AND c.status IN ('concluded', 'executed', 'terminated') AND c.currency_code = 'RUB'
       GROUP BY 1, 2, 3, 4) x;
  END IF;
  IF j IS NOT NULL THEN PERFORM analytics_okpd2_apply(j); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- statement triggers: the imports and the bench insert lines by the thousand
CREATE TRIGGER contract_items_okpd2_insert
  AFTER INSERT ON contract_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_okpd2_lines();
--> statement-breakpoint
CREATE TRIGGER contract_items_okpd2_update
  AFTER UPDATE ON contract_items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_okpd2_lines();
--> statement-breakpoint
CREATE TRIGGER contract_items_okpd2_delete
  AFTER DELETE ON contract_items REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_okpd2_lines();
--> statement-breakpoint
-- a contract moved (company, customer, date, status, currency, archived) or deleted: its lines
-- leave their old sums and join the new ones; on delete, before the lines cascade away
CREATE FUNCTION analytics_okpd2_contract() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  j jsonb;
BEGIN
  SELECT jsonb_agg(x) INTO j FROM (
    SELECT OLD.company_id AS company_id, coalesce(OLD.customer_id, 0) AS customer_id,
           date_trunc('month', OLD.contract_date)::date AS month, coalesce(left(i.okpd2_code, 2), '—') AS cls,
           -sum(i.amount) AS amount, -count(*)::int AS lines
      FROM contract_items i
     WHERE i.contract_id = OLD.id AND OLD.archived_at IS NULL
       AND OLD.status IN ('concluded', 'executed', 'terminated') AND OLD.currency_code = 'RUB'
     GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT NEW.company_id, coalesce(NEW.customer_id, 0), date_trunc('month', NEW.contract_date)::date,
           coalesce(left(i.okpd2_code, 2), '—'), sum(i.amount), count(*)::int
      FROM contract_items i
     WHERE TG_OP = 'UPDATE' AND i.contract_id = NEW.id AND NEW.archived_at IS NULL
       AND NEW.status IN ('concluded', 'executed', 'terminated') AND NEW.currency_code = 'RUB'
     GROUP BY 1, 2, 3, 4) x;
  IF j IS NOT NULL THEN PERFORM analytics_okpd2_apply(j); END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contracts_okpd2_update
  AFTER UPDATE OF company_id, customer_id, contract_date, status, currency_code, archived_at ON contracts
  FOR EACH ROW
  WHEN (
    OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
    OR OLD.contract_date IS DISTINCT FROM NEW.contract_date
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.currency_code IS DISTINCT FROM NEW.currency_code
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
  )
  EXECUTE FUNCTION analytics_okpd2_contract();
--> statement-breakpoint
CREATE TRIGGER contracts_okpd2_delete
  BEFORE DELETE ON contracts
  FOR EACH ROW EXECUTE FUNCTION analytics_okpd2_contract();
--> statement-breakpoint
-- the sums of the lines already written
INSERT INTO analytics_okpd2_months (company_id, customer_id, month, cls, amount, lines)
  SELECT c.company_id, coalesce(c.customer_id, 0), date_trunc('month', c.contract_date)::date,
         coalesce(left(i.okpd2_code, 2), '—'), sum(i.amount), count(*)::int
    FROM contract_items i JOIN contracts c ON c.id = i.contract_id
   WHERE c.archived_at IS NULL AND c.status IN ('concluded', 'executed', 'terminated') AND c.currency_code = 'RUB'
   GROUP BY 1, 2, 3, 4;
