CREATE TABLE "eis_archives" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_id" integer NOT NULL,
	"url" text NOT NULL,
	"request" text NOT NULL,
	"run_id" bigint NOT NULL,
	"import_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eis_confirmations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"registration_number" text NOT NULL,
	"status" text NOT NULL,
	"confirmed_on" date,
	"first_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eis_sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"outcome" text,
	"day" date NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"new":0,"updated":0,"unchanged":0,"skipped":0,"failed":0}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "eis_sync_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"token_secret" text,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"state_message" text,
	"checked_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eis_archives" ADD CONSTRAINT "eis_archives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_confirmations" ADD CONSTRAINT "eis_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_sync_runs" ADD CONSTRAINT "eis_sync_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_sync_runs" ADD CONSTRAINT "eis_sync_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_sync_settings" ADD CONSTRAINT "eis_sync_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eis_archives_sha_uq" ON "eis_archives" USING btree ("company_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "eis_confirmations_entity_uq" ON "eis_confirmations" USING btree ("company_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "eis_confirmations_number_idx" ON "eis_confirmations" USING btree ("company_id","registration_number");--> statement-breakpoint
CREATE INDEX "eis_sync_runs_company_idx" ON "eis_sync_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "eis_sync_runs_open_uq" ON "eis_sync_runs" USING btree ("company_id") WHERE status in ('queued', 'running');