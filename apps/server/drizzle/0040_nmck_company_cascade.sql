ALTER TABLE "nmck_justifications" DROP CONSTRAINT "nmck_justifications_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "nmck_requests" DROP CONSTRAINT "nmck_requests_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "nmck_sources" DROP CONSTRAINT "nmck_sources_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "nmck_justifications" ADD CONSTRAINT "nmck_justifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_requests" ADD CONSTRAINT "nmck_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;