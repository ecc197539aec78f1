CREATE TABLE "installation_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_key_seq_pk" PRIMARY KEY("file_key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"chunk_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "xact_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "rows_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "commit_error" text;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_org_xact_idx" ON "audit_log" USING btree ("organization_id","xact_id","id");