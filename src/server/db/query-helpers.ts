const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else cannot exist, so callers answer 404 without asking the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A search box's text as an ILIKE pattern: "50%_off" matches literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
