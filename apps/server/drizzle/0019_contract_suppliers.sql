CREATE TABLE "contract_suppliers" (
	"company_id" integer NOT NULL,
	"supplier_inn" text NOT NULL,
	"supplier_name" text NOT NULL,
	"name_lower" text GENERATED ALWAYS AS (lower("contract_suppliers"."supplier_name")) STORED NOT NULL,
	CONSTRAINT "contract_suppliers_company_id_supplier_inn_supplier_name_pk" PRIMARY KEY("company_id","supplier_inn","supplier_name")
);
--> statement-breakpoint
DROP INDEX "contracts_supplier_words_idx";--> statement-breakpoint
ALTER TABLE "contract_suppliers" ADD CONSTRAINT "contract_suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;