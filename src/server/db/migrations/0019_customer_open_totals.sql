CREATE TABLE "customer_open_totals" (
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"open_due" numeric NOT NULL,
	CONSTRAINT "customer_open_totals_organization_id_customer_id_pk" PRIMARY KEY("organization_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customer_open_totals" ADD CONSTRAINT "customer_open_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_open_totals" ADD CONSTRAINT "customer_open_totals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each customer's amount due on open invoices, kept like invoice_totals (0008, decision 0012): each
-- statement's rows netted per customer (+ new, - old) and applied in key order in its transaction.
-- Rows of an organization or a customer being deleted are skipped: their summary rows go with them.
CREATE FUNCTION customer_open_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO customer_open_totals AS t (organization_id, customer_id, open_due)
			SELECT d.organization_id, d.customer_id, sum(d.due)
			FROM (SELECT organization_id, customer_id, total_amount - amount_paid AS due FROM new_rows WHERE status IN ('sent', 'overdue')) d
			WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
				AND EXISTS (SELECT 1 FROM customers c WHERE c.id = d.customer_id)
			GROUP BY 1, 2
			HAVING sum(d.due) <> 0
			ORDER BY 1, 2
		ON CONFLICT (organization_id, customer_id) DO UPDATE SET open_due = t.open_due + excluded.open_due;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO customer_open_totals AS t (organization_id, customer_id, open_due)
			SELECT d.organization_id, d.customer_id, sum(d.due)
			FROM (SELECT organization_id, customer_id, amount_paid - total_amount AS due FROM old_rows WHERE status IN ('sent', 'overdue')) d
			WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
				AND EXISTS (SELECT 1 FROM customers c WHERE c.id = d.customer_id)
			GROUP BY 1, 2
			HAVING sum(d.due) <> 0
			ORDER BY 1, 2
		ON CONFLICT (organization_id, customer_id) DO UPDATE SET open_due = t.open_due + excluded.open_due;
	ELSE
		INSERT INTO customer_open_totals AS t (organization_id, customer_id, open_due)
			SELECT d.organization_id, d.customer_id, sum(d.due)
			FROM (SELECT organization_id, customer_id, total_amount - amount_paid AS due FROM new_rows WHERE status IN ('sent', 'overdue') UNION ALL SELECT organization_id, customer_id, amount_paid - total_amount AS due FROM old_rows WHERE status IN ('sent', 'overdue')) d
			WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
				AND EXISTS (SELECT 1 FROM customers c WHERE c.id = d.customer_id)
			GROUP BY 1, 2
			HAVING sum(d.due) <> 0
			ORDER BY 1, 2
		ON CONFLICT (organization_id, customer_id) DO UPDATE SET open_due = t.open_due + excluded.open_due;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_open_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_open_totals_apply();
--> statement-breakpoint
CREATE TRIGGER customer_open_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_open_totals_apply();
--> statement-breakpoint
CREATE TRIGGER customer_open_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_open_totals_apply();
--> statement-breakpoint
INSERT INTO customer_open_totals (organization_id, customer_id, open_due)
	SELECT organization_id, customer_id, sum(total_amount - amount_paid)
	FROM invoices WHERE status IN ('sent', 'overdue') GROUP BY 1, 2;
