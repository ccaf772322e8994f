CREATE TABLE "contract_register_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contracts_register_words_idx" ON "contracts" USING btree ("company_id","status","contract_date","id","law","price","supplier_name","search") WHERE "contracts"."archived_at" is null and greatest(length("contracts"."subject") - 1000, length("contracts"."supplier_name") - 300) <= 0;--> statement-breakpoint
CREATE INDEX "contracts_long_texts_idx" ON "contracts" USING btree ("company_id",greatest(length("subject") - 1000, length("supplier_name") - 300));--> statement-breakpoint
-- the planner needs the statistics of the new index expression (how rare long texts are) at once
ANALYZE "contracts";
