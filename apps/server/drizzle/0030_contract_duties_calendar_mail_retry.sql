ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "contract_duties_due_idx" ON "contract_duties" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE INDEX "contract_duties_done_idx" ON "contract_duties" USING btree ("company_id","done_on") WHERE "contract_duties"."done_on" is not null;