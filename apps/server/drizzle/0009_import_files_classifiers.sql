CREATE TABLE "classifier_entries" (
	"classifier" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"parent_code" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', "classifier_entries"."code" || ' ' || "classifier_entries"."title")) STORED,
	CONSTRAINT "classifier_entries_classifier_code_pk" PRIMARY KEY("classifier","code")
);
--> statement-breakpoint
CREATE TABLE "classifier_releases" (
	"classifier" text PRIMARY KEY NOT NULL,
	"release" text NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"rows" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "classifier_entries_code_prefix_idx" ON "classifier_entries" USING btree ("classifier","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "classifier_entries_search_idx" ON "classifier_entries" USING gin ("search");