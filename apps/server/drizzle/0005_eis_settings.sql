CREATE TABLE "company_eis_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"eis_login" text NOT NULL,
	"certificate_thumbprint" text NOT NULL,
	"password_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_eis_settings" ADD CONSTRAINT "company_eis_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;