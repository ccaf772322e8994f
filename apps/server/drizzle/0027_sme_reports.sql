CREATE TABLE "sme_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"filed_on" date NOT NULL,
	"eis_number" text NOT NULL,
	"figures" jsonb NOT NULL,
	"filed_by" integer,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sme_reports" ADD CONSTRAINT "sme_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sme_reports" ADD CONSTRAINT "sme_reports_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sme_reports_company_year_uq" ON "sme_reports" USING btree ("company_id","year");