CREATE TABLE "analytics_cost_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"document_minutes" integer NOT NULL,
	"invoice_minutes" integer NOT NULL,
	"bill_minutes" integer NOT NULL,
	"approval_minutes" integer NOT NULL,
	"exception_minutes" integer NOT NULL,
	"hourly_rate" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_cost_settings" ADD CONSTRAINT "analytics_cost_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;