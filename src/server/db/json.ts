import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/*
 * A list page's JSON built by PostgreSQL (issue 15): for the 50 rows of a page, parsing the rows,
 * mapping them to DTOs and JSON.stringify were a fifth of the invoice list's CPU in Node. These
 * write each value exactly as the DTO mappers do, so the text PostgreSQL returns is the response.
 */

/** A timestamp as Date.toISOString writes it: UTC, milliseconds truncated as the driver's Date does. */
export const jsonTimestamp = (value: SQLWrapper): SQL =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A date column as the API writes it, "YYYY-MM-DD" whatever the session's DateStyle. */
export const jsonDate = (value: SQLWrapper): SQL => sql`to_char(${value}, 'YYYY-MM-DD')`;

/** A numeric(14,2) amount as its exact decimal text ("123.45"), as the driver reads it. */
export const jsonDecimal = (value: SQLWrapper): SQL => sql`${value}::text`;

/** A numeric(12,4) quantity without trailing zeros ("2", "1.5"), as the item mappers show it. */
export const jsonQuantity = (value: SQLWrapper): SQL => sql`trim_scale(${value})::text`;

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** json_build_object of these keys (in this order) and values; null values stay null. */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const parts = Object.entries(fields).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`Not a JSON key for SQL: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

/**
 * The JSON array text of one object per row, in this order ('[]' for none). `::text` keeps the
 * driver from parsing it: the string goes to the client as it is.
 */
export function jsonArrayText(object: SQL, orderBy: SQL): SQL<string> {
  return sql<string>`coalesce(json_agg(${object} order by ${orderBy}), '[]')::text`;
}

/** A JSON array (not text) of one object per row, for nesting ('[]' for none). */
export function jsonArray(object: SQL, orderBy: SQL): SQL {
  return sql`coalesce(json_agg(${object} order by ${orderBy}), '[]')`;
}

/**
 * A column's value as the DTO mappers write it, by the column's type: numerics as their text,
 * dates as "YYYY-MM-DD", timestamps as toISOString; anything else (text, uuid, boolean, integer,
 * jsonb) as JSON. `value` is the column as a subquery exposes it.
 */
export function jsonColumn(column: Column, value: SQLWrapper = column): SQLWrapper {
  switch (column.columnType) {
    case 'PgNumeric':
      return jsonDecimal(value);
    case 'PgDate':
    case 'PgDateString':
      return jsonDate(value);
    case 'PgTimestamp':
    case 'PgTimestampString':
      return jsonTimestamp(value);
    default:
      return value;
  }
}
