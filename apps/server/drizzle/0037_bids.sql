CREATE TABLE "bid_commissions" (
	"procurement_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_item_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_protocols" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"procurement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"docx_file_id" integer,
	"documents_rule_id" integer,
	"values" jsonb NOT NULL,
	"signed_on" date,
	"procurement_protocol_id" integer,
	"contract_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"criterion_code" text NOT NULL,
	"member_name" text NOT NULL,
	"points" numeric(7, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"procurement_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"participant_inn" text NOT NULL,
	"participant_kpp" text,
	"participant_name" text NOT NULL,
	"participant_address" text,
	"participant_is_sme" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"country_code" text,
	"country_name" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"eis_protocol_id" integer,
	"eis_application_number" text,
	"eis_place" integer,
	"eis_winner_code" text,
	"admission" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"admission_comment" text,
	"admission_decided_at" timestamp with time zone,
	"admission_decided_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_commissions" ADD CONSTRAINT "bid_commissions_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_commissions" ADD CONSTRAINT "bid_commissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_commissions" ADD CONSTRAINT "bid_commissions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_files" ADD CONSTRAINT "bid_files_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_files" ADD CONSTRAINT "bid_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_item_prices" ADD CONSTRAINT "bid_item_prices_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_item_prices" ADD CONSTRAINT "bid_item_prices_item_id_procurement_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."procurement_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_protocols" ADD CONSTRAINT "bid_protocols_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_protocols" ADD CONSTRAINT "bid_protocols_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_protocols" ADD CONSTRAINT "bid_protocols_docx_file_id_files_id_fk" FOREIGN KEY ("docx_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_protocols" ADD CONSTRAINT "bid_protocols_procurement_protocol_id_procurement_protocols_id_fk" FOREIGN KEY ("procurement_protocol_id") REFERENCES "public"."procurement_protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_protocols" ADD CONSTRAINT "bid_protocols_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_protocols" ADD CONSTRAINT "bid_protocols_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_scores" ADD CONSTRAINT "bid_scores_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_scores" ADD CONSTRAINT "bid_scores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lot_id_procurement_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."procurement_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_eis_protocol_id_procurement_protocols_id_fk" FOREIGN KEY ("eis_protocol_id") REFERENCES "public"."procurement_protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_admission_decided_by_users_id_fk" FOREIGN KEY ("admission_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bid_files_uq" ON "bid_files" USING btree ("bid_id","file_id");--> statement-breakpoint
CREATE INDEX "bid_files_file_idx" ON "bid_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_item_prices_uq" ON "bid_item_prices" USING btree ("bid_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_protocols_version_uq" ON "bid_protocols" USING btree ("procurement_id","kind","version");--> statement-breakpoint
CREATE INDEX "bid_protocols_docx_idx" ON "bid_protocols" USING btree ("docx_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_scores_uq" ON "bid_scores" USING btree ("bid_id","criterion_code","member_name");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_participant_uq" ON "bids" USING btree ("lot_id","participant_inn",coalesce("participant_kpp", ''));--> statement-breakpoint
CREATE INDEX "bids_procurement_idx" ON "bids" USING btree ("procurement_id","lot_id","received_at");--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id");