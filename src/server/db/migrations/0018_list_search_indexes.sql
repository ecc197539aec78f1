-- Hand-added: the trigram operator classes of the search indexes below (pg_trgm ships with PostgreSQL and with PGlite as a contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_org_open_due_created_idx" ON "invoices" USING btree ("organization_id","due_date","created_at","id","status","amount_paid","total_amount") WHERE "invoices"."status" in ('sent', 'overdue');--> statement-breakpoint
CREATE INDEX "invoices_org_customer_created_idx" ON "invoices" USING btree ("organization_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_name_trgm_idx" ON "vendors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_email_trgm_idx" ON "vendors" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_city_trgm_idx" ON "vendors" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_number_trgm_idx" ON "bills" USING gin ("bill_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bills_notes_trgm_idx" ON "bills" USING gin ("notes" gin_trgm_ops);