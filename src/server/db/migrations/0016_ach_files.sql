CREATE TABLE "ach_file_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_run_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"file_date" date NOT NULL,
	"file_id_modifier" text NOT NULL,
	"entry_count" integer NOT NULL,
	"prenote_count" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"content_hash" text NOT NULL,
	"is_repeat" boolean DEFAULT false NOT NULL,
	"exported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ach_profiles" (
	"bank_account_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"immediate_destination" text,
	"immediate_destination_name" text,
	"immediate_origin" text,
	"immediate_origin_name" text,
	"company_id" text,
	"company_name" text,
	"entry_description" text DEFAULT 'VENDOR PAY' NOT NULL,
	"balanced" boolean DEFAULT false NOT NULL,
	"line_ending" text DEFAULT 'crlf' NOT NULL,
	"settlement_mode" text DEFAULT 'bank_confirmation' NOT NULL,
	"settlement_days" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_ach_settings" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"remittance_addenda" boolean DEFAULT false NOT NULL,
	"prenote_status" text,
	"prenote_account_key" text,
	"prenote_sent_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ach_file_exports" ADD CONSTRAINT "ach_file_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_file_exports" ADD CONSTRAINT "ach_file_exports_payment_run_id_payment_runs_id_fk" FOREIGN KEY ("payment_run_id") REFERENCES "public"."payment_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_file_exports" ADD CONSTRAINT "ach_file_exports_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_profiles" ADD CONSTRAINT "ach_profiles_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_profiles" ADD CONSTRAINT "ach_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ach_settings" ADD CONSTRAINT "vendor_ach_settings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ach_settings" ADD CONSTRAINT "vendor_ach_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ach_file_exports_modifier_key" ON "ach_file_exports" USING btree ("bank_account_id","file_date","file_id_modifier");--> statement-breakpoint
CREATE INDEX "ach_file_exports_run_idx" ON "ach_file_exports" USING btree ("payment_run_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_ach_settings_prenote_idx" ON "vendor_ach_settings" USING btree ("organization_id") WHERE "vendor_ach_settings"."prenote_status" = 'pending';