CREATE TABLE "email_code_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_code_requests_ip_at_idx" ON "email_code_requests" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "email_code_requests_at_idx" ON "email_code_requests" USING btree ("at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_at_idx" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" USING btree ("at");