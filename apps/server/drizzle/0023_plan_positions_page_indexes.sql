DROP INDEX "eis_plan_position_versions_page_idx";--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_month_idx" ON "eis_plan_position_versions" USING btree ("version_id","month","sort","id");--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_status_idx" ON "eis_plan_position_versions" USING btree ("version_id","status","sort","id");--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_subject_trgm_idx" ON "eis_plan_position_versions" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_okpd2_trgm_idx" ON "eis_plan_position_versions" USING gin ("okpd2_codes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "procurement_lots_plan_position_idx" ON "procurement_lots" USING btree ("plan_position_id") WHERE "procurement_lots"."plan_position_id" is not null;--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_page_idx" ON "eis_plan_position_versions" USING btree ("version_id","sort","id");