CREATE TABLE "einvoice_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"format" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipient" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"status" text NOT NULL,
	"reason" text,
	"mail_from" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"message_id" text,
	"size" integer DEFAULT 0 NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"document_id" uuid,
	"bill_id" uuid,
	"iban_encrypted" text,
	"iban_last4" text,
	"bic" text,
	"routing_number" text,
	"account_number_encrypted" text,
	"account_last4" text,
	"account_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "electronic_address_scheme" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payment_bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mail_in_token" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mail_in_allowed_senders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "electronic_address_scheme" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "einvoice_format" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "tax_category" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "electronic_address_scheme" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "electronic_address" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "iban_encrypted" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "iban_last4" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "tax_category" text;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "unit_code" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "discount_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "prepaid_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_iban_encrypted" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_iban_last4" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_bic" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "einvoice_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ADD COLUMN "tax_category" text;--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "recurring_invoice_items" ADD COLUMN "unit_code" text;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD COLUMN "tax_category" text;--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "credit_note_items" ADD COLUMN "unit_code" text;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "vendor_credits" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "einvoice_deliveries" ADD CONSTRAINT "einvoice_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_changes" ADD CONSTRAINT "vendor_bank_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_changes" ADD CONSTRAINT "vendor_bank_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "einvoice_deliveries_document_idx" ON "einvoice_deliveries" USING btree ("organization_id","document_kind","document_id","created_at");--> statement-breakpoint
CREATE INDEX "einvoice_deliveries_open_idx" ON "einvoice_deliveries" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "inbound_mails_org_received_idx" ON "inbound_mails" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mails_org_message_key" ON "inbound_mails" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "vendor_bank_changes_vendor_idx" ON "vendor_bank_changes" USING btree ("organization_id","vendor_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_mail_in_token_key" ON "organizations" USING btree ("mail_in_token");--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD COLUMN "vat_exemption_reason" text;
--> statement-breakpoint
-- Issue 36: the list page's stored item JSON carries each line's VAT detail, as toItemDto does
-- (taxCategory, taxRate with two decimals, unitCode; null without VAT detail).
CREATE OR REPLACE FUNCTION invoice_items_json_of(invoice uuid) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT '[' || string_agg(concat(
		'{"id":"', i.id,
		'","description":', to_json(i.description)::text,
		',"quantity":"', trim_scale(i.quantity),
		'","unitPrice":"', i.unit_price,
		'","totalPrice":"', i.total_price,
		'","taxCategory":', coalesce(to_json(i.tax_category)::text, 'null'),
		',"taxRate":', CASE WHEN i.tax_category IS NULL THEN 'null' ELSE '"' || coalesce(i.tax_rate::text, '0.00') || '"' END,
		',"unitCode":', coalesce(to_json(i.unit_code)::text, 'null'), '}'
	), ',' ORDER BY i.position, i.id) || ']'
	FROM invoice_items i WHERE i.invoice_id = invoice
$$;
--> statement-breakpoint
-- Rewrite the stored lists once so existing invoices read the same as new ones.
SELECT invoice_item_lists_refresh(ARRAY(SELECT invoice_id FROM invoice_item_lists ORDER BY 1));
