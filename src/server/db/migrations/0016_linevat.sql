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
