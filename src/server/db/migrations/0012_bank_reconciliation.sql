CREATE TABLE "bank_feed_settings" (
	"bank_account_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"csv_mapping" jsonb,
	"plaid_access_token_encrypted" text,
	"plaid_item_id" text,
	"plaid_cursor" text,
	"last_import_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"user_id" uuid,
	"through_date" date NOT NULL,
	"statement_balance" numeric(14, 2) NOT NULL,
	"book_balance" numeric(14, 2) NOT NULL,
	"difference" numeric(14, 2) NOT NULL,
	"lines_locked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"bank_account_id" uuid,
	"description_contains" text,
	"direction" text DEFAULT 'any' NOT NULL,
	"amount_min" numeric(14, 2),
	"amount_max" numeric(14, 2),
	"action" text NOT NULL,
	"vendor_id" uuid,
	"category" text,
	"min_confidence" integer DEFAULT 95 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"user_id" uuid,
	"format" text NOT NULL,
	"file_name" text,
	"file_hash" text,
	"file_account" text,
	"period_start" date,
	"period_end" date,
	"opening_balance" numeric(14, 2),
	"closing_balance" numeric(14, 2),
	"balance_difference" numeric(14, 2),
	"lines_in_file" integer DEFAULT 0 NOT NULL,
	"lines_added" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transaction_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bank_transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"payment_run_id" uuid,
	"invoice_id" uuid,
	"bill_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"created_payment" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"statement_id" uuid,
	"posted_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text,
	"counterparty" text,
	"bank_ref" text,
	"line_hash" text NOT NULL,
	"return_code" text,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"resolution" text,
	"rule_id" uuid,
	"matched_by" uuid,
	"matched_at" timestamp with time zone,
	"reconciliation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "bank_feed_settings" ADD CONSTRAINT "bank_feed_settings_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_settings" ADD CONSTRAINT "bank_feed_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ADD CONSTRAINT "bank_transaction_matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_matches" ADD CONSTRAINT "bank_transaction_matches_bank_transaction_id_bank_transactions_id_fk" FOREIGN KEY ("bank_transaction_id") REFERENCES "public"."bank_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_feed_settings_org_idx" ON "bank_feed_settings" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_idx" ON "bank_reconciliations" USING btree ("organization_id","bank_account_id","through_date");--> statement-breakpoint
CREATE INDEX "bank_rules_org_idx" ON "bank_rules" USING btree ("organization_id","is_active");--> statement-breakpoint
CREATE INDEX "bank_statements_account_idx" ON "bank_statements" USING btree ("organization_id","bank_account_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_transaction_matches_line_idx" ON "bank_transaction_matches" USING btree ("bank_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transaction_matches_payment_key" ON "bank_transaction_matches" USING btree ("payment_id","kind") WHERE "bank_transaction_matches"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_transaction_matches_run_idx" ON "bank_transaction_matches" USING btree ("payment_run_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_status_idx" ON "bank_transactions" USING btree ("organization_id","bank_account_id","status","posted_on");--> statement-breakpoint
CREATE INDEX "bank_transactions_org_status_idx" ON "bank_transactions" USING btree ("organization_id","status","posted_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_bank_ref_key" ON "bank_transactions" USING btree ("bank_account_id","bank_ref") WHERE "bank_transactions"."bank_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_line_hash_key" ON "bank_transactions" USING btree ("bank_account_id","line_hash");--> statement-breakpoint
CREATE INDEX "invoices_org_open_balance_idx" ON "invoices" USING btree ("organization_id",("total_amount" - "amount_paid")) WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
CREATE INDEX "invoices_org_number_key_idx" ON "invoices" USING btree ("organization_id",upper(regexp_replace("invoice_number", '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "payments_org_type_amount_idx" ON "payments" USING btree ("organization_id","type","amount") WHERE "payments"."status" <> 'failed';
