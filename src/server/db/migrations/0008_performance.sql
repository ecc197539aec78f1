CREATE TABLE "invoice_totals" (
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"is_open" boolean NOT NULL,
	"invoice_count" integer NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	"amount_paid" numeric(18, 2) NOT NULL,
	CONSTRAINT "invoice_totals_organization_id_status_due_date_is_open_pk" PRIMARY KEY("organization_id","status","due_date","is_open")
);
--> statement-breakpoint
CREATE TABLE "payment_totals" (
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"processed_day" date NOT NULL,
	"payment_count" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "payment_totals_organization_id_type_status_processed_day_pk" PRIMARY KEY("organization_id","type","status","processed_day")
);
--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_totals" ADD CONSTRAINT "payment_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_org_recurring_created_idx" ON "invoices" USING btree ("organization_id","created_at") WHERE "invoices"."recurring_invoice_id" is not null;--> statement-breakpoint
-- Summary tables kept by statement-level triggers (docs/decisions/0012-summary-tables.md): each
-- statement's rows are netted per key (+ new, - old) and applied in key order, in the statement's
-- transaction. Rows of an organization being deleted are skipped: its summary rows go with it.
CREATE FUNCTION invoice_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO invoice_totals AS t (organization_id, status, due_date, is_open, invoice_count, total_amount, amount_paid)
			SELECT d.organization_id, d.status, d.due_date, d.is_open, sum(d.n), sum(d.total), sum(d.paid)
			FROM (SELECT organization_id, status, due_date, amount_paid < total_amount AS is_open, 1 AS n, total_amount AS total, amount_paid AS paid FROM new_rows) d
			WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
			GROUP BY 1, 2, 3, 4
			HAVING sum(d.n) <> 0 OR sum(d.total) <> 0 OR sum(d.paid) <> 0
			ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, status, due_date, is_open) DO UPDATE SET
			invoice_count = t.invoice_count + excluded.invoice_count,
			total_amount = t.total_amount + excluded.total_amount,
			amount_paid = t.amount_paid + excluded.amount_paid;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO invoice_totals AS t (organization_id, status, due_date, is_open, invoice_count, total_amount, amount_paid)
			SELECT d.organization_id, d.status, d.due_date, d.is_open, sum(d.n), sum(d.total), sum(d.paid)
			FROM (SELECT organization_id, status, due_date, amount_paid < total_amount AS is_open, -1 AS n, -total_amount AS total, -amount_paid AS paid FROM old_rows) d
			WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
			GROUP BY 1, 2, 3, 4
			HAVING sum(d.n) <> 0 OR sum(d.total) <> 0 OR sum(d.paid) <> 0
			ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, status, due_date, is_open) DO UPDATE SET
			invoice_count = t.invoice_count + excluded.invoice_count,
			total_amount = t.total_amount + excluded.total_amount,
			amount_paid = t.amount_paid + excluded.amount_paid;
	ELSE
		INSERT INTO invoice_totals AS t (organization_id, status, due_date, is_open, invoice_count, total_amount, amount_paid)
			SELECT d.organization_id, d.status, d.due_date, d.is_open, sum(d.n), sum(d.total), sum(d.paid)
			FROM (SELECT organization_id, status, due_date, amount_paid < total_amount AS is_open, 1 AS n, total_amount AS total, amount_paid AS paid FROM new_rows UNION ALL SELECT organization_id, status, due_date, amount_paid < total_amount AS is_open, -1 AS n, -total_amount AS total, -amount_paid AS paid FROM old_rows) d
			WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
			GROUP BY 1, 2, 3, 4
			HAVING sum(d.n) <> 0 OR sum(d.total) <> 0 OR sum(d.paid) <> 0
			ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, status, due_date, is_open) DO UPDATE SET
			invoice_count = t.invoice_count + excluded.invoice_count,
			total_amount = t.total_amount + excluded.total_amount,
			amount_paid = t.amount_paid + excluded.amount_paid;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();
--> statement-breakpoint
CREATE FUNCTION payment_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO payment_totals AS t (organization_id, type, status, processed_day, payment_count, amount)
			SELECT d.organization_id, d.type, d.status,
				coalesce((d.processed_at AT TIME ZONE o.time_zone)::date, '-infinity'::date), sum(d.n), sum(d.amount)
			FROM (SELECT organization_id, type, status, processed_at, 1 AS n, amount FROM new_rows) d
			JOIN organizations o ON o.id = d.organization_id
			GROUP BY 1, 2, 3, 4
			HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
			ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, type, status, processed_day) DO UPDATE SET
			payment_count = t.payment_count + excluded.payment_count,
			amount = t.amount + excluded.amount;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO payment_totals AS t (organization_id, type, status, processed_day, payment_count, amount)
			SELECT d.organization_id, d.type, d.status,
				coalesce((d.processed_at AT TIME ZONE o.time_zone)::date, '-infinity'::date), sum(d.n), sum(d.amount)
			FROM (SELECT organization_id, type, status, processed_at, -1 AS n, -amount AS amount FROM old_rows) d
			JOIN organizations o ON o.id = d.organization_id
			GROUP BY 1, 2, 3, 4
			HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
			ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, type, status, processed_day) DO UPDATE SET
			payment_count = t.payment_count + excluded.payment_count,
			amount = t.amount + excluded.amount;
	ELSE
		INSERT INTO payment_totals AS t (organization_id, type, status, processed_day, payment_count, amount)
			SELECT d.organization_id, d.type, d.status,
				coalesce((d.processed_at AT TIME ZONE o.time_zone)::date, '-infinity'::date), sum(d.n), sum(d.amount)
			FROM (SELECT organization_id, type, status, processed_at, 1 AS n, amount FROM new_rows UNION ALL SELECT organization_id, type, status, processed_at, -1 AS n, -amount AS amount FROM old_rows) d
			JOIN organizations o ON o.id = d.organization_id
			GROUP BY 1, 2, 3, 4
			HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
			ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, type, status, processed_day) DO UPDATE SET
			payment_count = t.payment_count + excluded.payment_count,
			amount = t.amount + excluded.amount;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_totals_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
CREATE TRIGGER payment_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_apply();
--> statement-breakpoint
-- The processed day is the organization's own: a new time zone rebuilds its payment rows.
CREATE FUNCTION payment_totals_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM payment_totals WHERE organization_id = NEW.id;
	INSERT INTO payment_totals (organization_id, type, status, processed_day, payment_count, amount)
		SELECT organization_id, type, status, coalesce((processed_at AT TIME ZONE NEW.time_zone)::date, '-infinity'::date), count(*), sum(amount)
		FROM payments WHERE organization_id = NEW.id
		GROUP BY 1, 2, 3, 4;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_time_zone AFTER UPDATE OF time_zone ON organizations FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION payment_totals_rebuild();
--> statement-breakpoint
INSERT INTO invoice_totals (organization_id, status, due_date, is_open, invoice_count, total_amount, amount_paid)
	SELECT organization_id, status, due_date, amount_paid < total_amount, count(*), sum(total_amount), sum(amount_paid)
	FROM invoices GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO payment_totals (organization_id, type, status, processed_day, payment_count, amount)
	SELECT p.organization_id, p.type, p.status, coalesce((p.processed_at AT TIME ZONE o.time_zone)::date, '-infinity'::date), count(*), sum(p.amount)
	FROM payments p JOIN organizations o ON o.id = p.organization_id GROUP BY 1, 2, 3, 4;
