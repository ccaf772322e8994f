CREATE TABLE "eis_plan_violation_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position_id" integer,
	"position_number" text
);
--> statement-breakpoint
CREATE TABLE "eis_plan_violations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"position_number" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"version" integer,
	"due_date" date,
	"done_date" date
);
--> statement-breakpoint
ALTER TABLE "eis_plan_violations" ADD CONSTRAINT "eis_plan_violations_plan_id_eis_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."eis_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_plan_violations" ADD CONSTRAINT "eis_plan_violations_position_id_eis_plan_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."eis_plan_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eis_plan_violation_queue_company_idx" ON "eis_plan_violation_queue" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "eis_plan_violations_plan_idx" ON "eis_plan_violations" USING btree ("plan_id","position_id","id");--> statement-breakpoint
CREATE INDEX "eis_plan_violations_position_idx" ON "eis_plan_violations" USING btree ("position_id","id");