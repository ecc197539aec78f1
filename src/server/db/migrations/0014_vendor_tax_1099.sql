CREATE TABLE "tax_1099_filings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"format" text NOT NULL,
	"kind" text DEFAULT 'original' NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"form_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"left_out" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" uuid,
	"filed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_1099_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"form_type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"amounts" jsonb NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"recipient" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"delivered_at" timestamp with time zone,
	"delivery_method" text,
	"delivery_email" text,
	"delivery_status" text,
	"filing_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_1099_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"transmitter_control_code" text,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_w9_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"include_payment" boolean DEFAULT false NOT NULL,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"mail_error" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"document_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tin_encrypted" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tin_last4" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tin_fingerprint" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tin_type" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tax_classification" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "llc_tax_classification" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "other_classification" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "exempt_payee_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "fatca_exemption_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "w9_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "w9_source" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "w9_document_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "w9_signed_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "w9_signed_on" date;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "form_1099_box" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_attorney" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "form_1099_email_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "form_1099_email_consent_email" text;--> statement-breakpoint
ALTER TABLE "tax_1099_filings" ADD CONSTRAINT "tax_1099_filings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_1099_forms" ADD CONSTRAINT "tax_1099_forms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_1099_forms" ADD CONSTRAINT "tax_1099_forms_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_1099_settings" ADD CONSTRAINT "tax_1099_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_w9_requests" ADD CONSTRAINT "vendor_w9_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_w9_requests" ADD CONSTRAINT "vendor_w9_requests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_1099_filings_year_idx" ON "tax_1099_filings" USING btree ("organization_id","tax_year","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_1099_forms_version_key" ON "tax_1099_forms" USING btree ("organization_id","vendor_id","tax_year","form_type","version");--> statement-breakpoint
CREATE INDEX "tax_1099_forms_year_idx" ON "tax_1099_forms" USING btree ("organization_id","tax_year");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_w9_requests_token_key" ON "vendor_w9_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "vendor_w9_requests_vendor_idx" ON "vendor_w9_requests" USING btree ("organization_id","vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "vendors_org_tin_fingerprint_idx" ON "vendors" USING btree ("organization_id","tin_fingerprint");