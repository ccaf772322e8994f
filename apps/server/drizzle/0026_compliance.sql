CREATE TABLE "compliance_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"responsible_user_ids" integer[],
	"offsets" integer[] DEFAULT '{5,2,1}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_user_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reminder_mail" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duty_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"duty_key" text NOT NULL,
	"done_on" date NOT NULL,
	"eis_number" text,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duty_outcomes" (
	"company_id" integer NOT NULL,
	"duty_key" text NOT NULL,
	"module" text NOT NULL,
	"due_date" date NOT NULL,
	"done_on" date NOT NULL,
	"late" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_outcomes_company_id_duty_key_pk" PRIMARY KEY("company_id","duty_key")
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"duty_key" text NOT NULL,
	"stage" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_on" date NOT NULL,
	"mail_id" integer,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_settings" ADD CONSTRAINT "compliance_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_user_prefs" ADD CONSTRAINT "compliance_user_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_marks" ADD CONSTRAINT "duty_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_marks" ADD CONSTRAINT "duty_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_outcomes" ADD CONSTRAINT "duty_outcomes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duty_marks_company_key_uq" ON "duty_marks" USING btree ("company_id","duty_key");--> statement-breakpoint
CREATE INDEX "duty_outcomes_month_idx" ON "duty_outcomes" USING btree ("company_id","done_on");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_once_uq" ON "reminder_sends" USING btree ("user_id","company_id","duty_key","stage","due_date");--> statement-breakpoint
CREATE INDEX "reminder_sends_user_day_idx" ON "reminder_sends" USING btree ("user_id","sent_on");