CREATE TABLE "invoice_item_lists" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"items_json" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_item_lists" ADD CONSTRAINT "invoice_item_lists_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_item_lists" ADD CONSTRAINT "invoice_item_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each invoice's items as the API writes them (toItemDto in invoices.queries.ts): a JSON array
-- text in position order, NULL for an invoice without items. Amounts keep their two decimals,
-- quantities lose trailing zeros, text goes through to_json. Kept in invoice_item_lists by the
-- statement-level triggers below, in the writing transaction, whoever writes the items.
CREATE FUNCTION invoice_items_json_of(invoice uuid) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT '[' || string_agg(concat(
		'{"id":"', i.id,
		'","description":', to_json(i.description)::text,
		',"quantity":"', trim_scale(i.quantity),
		'","unitPrice":"', i.unit_price,
		'","totalPrice":"', i.total_price, '"}'
	), ',' ORDER BY i.position, i.id) || ']'
	FROM invoice_items i WHERE i.invoice_id = invoice
$$;
--> statement-breakpoint
-- Rewrites the rows of these invoices (ids sorted, so two transactions lock in the same order).
CREATE FUNCTION invoice_item_lists_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	WITH fresh AS (
		SELECT c.invoice_id, invoice_items_json_of(c.invoice_id) AS items_json FROM unnest(ids) AS c(invoice_id)
	), gone AS (
		DELETE FROM invoice_item_lists l USING fresh f WHERE l.invoice_id = f.invoice_id AND f.items_json IS NULL
	)
	INSERT INTO invoice_item_lists AS l (invoice_id, organization_id, items_json)
		SELECT f.invoice_id, inv.organization_id, f.items_json
		FROM fresh f JOIN invoices inv ON inv.id = f.invoice_id
		WHERE f.items_json IS NOT NULL
		ORDER BY f.invoice_id
	ON CONFLICT (invoice_id) DO UPDATE SET items_json = excluded.items_json, organization_id = excluded.organization_id
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_item_lists_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM invoice_item_lists_refresh(ARRAY(SELECT DISTINCT invoice_id FROM new_rows ORDER BY 1));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM invoice_item_lists_refresh(ARRAY(SELECT DISTINCT invoice_id FROM old_rows ORDER BY 1));
	ELSE
		PERFORM invoice_item_lists_refresh(ARRAY(SELECT invoice_id FROM new_rows UNION SELECT invoice_id FROM old_rows ORDER BY 1));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_item_lists_insert AFTER INSERT ON invoice_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_item_lists_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_item_lists_update AFTER UPDATE ON invoice_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_item_lists_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_item_lists_delete AFTER DELETE ON invoice_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_item_lists_apply();
--> statement-breakpoint
-- The items written before this migration.
INSERT INTO invoice_item_lists (invoice_id, organization_id, items_json)
	SELECT inv.id, inv.organization_id, invoice_items_json_of(inv.id)
	FROM invoices inv WHERE EXISTS (SELECT 1 FROM invoice_items i WHERE i.invoice_id = inv.id);
