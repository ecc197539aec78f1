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
ALTER TABLE "ach_file_exports" ALTER COLUMN "total_amount" SET DATA TYPE numeric;