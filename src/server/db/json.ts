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

/*
 * The same JSON written as text by concatenation (issue 15, round 6): json_build_object looks up
 * the output function of every value's type on every call, which was most of the invoice list
 * page's cost in PostgreSQL; `||` of text that needs no escaping, and to_json only for strings,
 * built the page in 0.55 ms instead of 0.82 ms. Each value below is the JSON text of the value,
 * never SQL null (`||` with a null would blank the whole object).
 */

/** A string (or null) as JSON text, escaped by to_json. */
export const jsonTextString = (value: SQLWrapper): SQL => sql`coalesce(to_json(${value})::text, 'null')`;

/** A value whose text never needs escaping (uuid, decimal, a to_char date) as a JSON string, or null. */
export const jsonTextQuoted = (value: SQLWrapper): SQL => sql`coalesce('"' || ${value} || '"', 'null')`;

/**
 * The JSON text of an object of these keys (in this order) and JSON text values (never null: the
 * helpers above write null as 'null'). One concat() call copies each piece once, where a chain of
 * || copies the growing text at every step.
 */
export function jsonObjectText(fields: Record<string, SQLWrapper>): SQL {
  if (Object.keys(fields).length === 0) throw new Error('An object text needs a key');
  const parts = Object.entries(fields).map(([key, value], index) => {
    if (!KEY.test(key)) throw new Error(`Not a JSON key for SQL: ${key}`);
    return sql`${sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`)}, ${value}`;
  });
  return sql`concat(${sql.join(parts, sql`, `)}, '}')`;
}

/** The JSON array text of one object text per row, in this order ('[]' for none). */
export function jsonArrayOfText(objectText: SQL, orderBy: SQL): SQL<string> {
  return sql<string>`coalesce('[' || string_agg(${objectText}, ',' order by ${orderBy}) || ']', '[]')`;
}
