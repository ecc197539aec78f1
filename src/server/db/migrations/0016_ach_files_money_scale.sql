CREATE TABLE "ach_file_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_run_id" uuid,
	"bank_account_id" uuid NOT NULL,
	"file_date" date NOT NULL,
	"file_id_modifier" text NOT NULL,
	"entry_count" integer NOT NULL,
	"prenote_count" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric NOT NULL,
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
ALTER TABLE "users" ALTER COLUMN "approval_limit" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "annual_revenue" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "monthly_fee" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "auto_approval_limit" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "auto_approval_limit" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "credit_limit" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "current_balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "current_balance" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "total_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "discount_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "discount_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_paid" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_paid" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_credited" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_credited" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "team_invitations" ALTER COLUMN "approval_limit" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bill_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bill_items" ALTER COLUMN "total_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "subtotal" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "tax_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "discount_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "discount_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "total_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "prepaid_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "prepaid_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "amount_credited" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "amount_credited" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "payment_links" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ALTER COLUMN "total_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "tax_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "discount_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "discount_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "analytics_cost_settings" ALTER COLUMN "hourly_rate" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoice_totals" ALTER COLUMN "total_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "invoice_totals" ALTER COLUMN "amount_paid" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "payment_totals" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ALTER COLUMN "statement_balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ALTER COLUMN "book_balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ALTER COLUMN "difference" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_rules" ALTER COLUMN "amount_min" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_rules" ALTER COLUMN "amount_max" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_statements" ALTER COLUMN "opening_balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_statements" ALTER COLUMN "closing_balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_statements" ALTER COLUMN "balance_difference" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "bank_transactions" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "credit_allocations" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "credit_note_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "credit_note_items" ALTER COLUMN "total_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "subtotal" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "tax_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount_applied" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount_applied" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount_refunded" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount_refunded" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "fixed_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "fixed_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "minimum_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "minimum_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "cap_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "late_fees" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "statement_deliveries" ALTER COLUMN "closing_balance" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "vendor_credit_applications" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "vendor_credits" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "vendor_credits" ALTER COLUMN "amount_applied" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "vendor_credits" ALTER COLUMN "amount_applied" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "autopay_charges" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "portal_payments" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "tax_1099_filings" ALTER COLUMN "total" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "tax_1099_forms" ALTER COLUMN "total" SET DATA TYPE numeric;--> statement-breakpoint
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