ALTER TABLE "customers" ALTER COLUMN "auto_approval_limit" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "current_balance" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "discount_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_paid" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "amount_credited" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "discount_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "prepaid_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "amount_credited" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "discount_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "tax_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount_applied" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "customer_credits" ALTER COLUMN "amount_refunded" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "fixed_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "late_fee_policies" ALTER COLUMN "minimum_amount" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "vendor_credits" ALTER COLUMN "amount_applied" SET DEFAULT '0.00';