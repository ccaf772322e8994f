CREATE TABLE "bid_contracts" (
	"lot_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"procurement_id" integer NOT NULL,
	"protocol_id" integer,
	"bid_id" integer,
	"contract_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_protocols" DROP CONSTRAINT "bid_protocols_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_lot_id_procurement_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."procurement_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_protocol_id_bid_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."bid_protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_contracts" ADD CONSTRAINT "bid_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bid_contracts_contract_uq" ON "bid_contracts" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "bid_contracts_procurement_idx" ON "bid_contracts" USING btree ("procurement_id");--> statement-breakpoint
CREATE INDEX "bid_contracts_protocol_idx" ON "bid_contracts" USING btree ("protocol_id");--> statement-breakpoint
-- Hand-written (kept when renumbering): a contract drawn from a final protocol before this
-- migration is carried over to its lot: the lot of the winning bid, the bid whose participant is the
-- contract's supplier in that procurement.
INSERT INTO "bid_contracts" ("lot_id", "company_id", "procurement_id", "protocol_id", "bid_id", "contract_id")
SELECT DISTINCT ON (p."contract_id") b."lot_id", p."company_id", p."procurement_id", p."id", b."id", p."contract_id"
FROM "bid_protocols" p
JOIN "contracts" c ON c."id" = p."contract_id"
JOIN "bids" b ON b."procurement_id" = p."procurement_id" AND b."participant_inn" = c."supplier_inn"
WHERE p."contract_id" IS NOT NULL
ORDER BY p."contract_id", p."id" DESC, b."lot_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "bid_protocols" DROP COLUMN "contract_id";