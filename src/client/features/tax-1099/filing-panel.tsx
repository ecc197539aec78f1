/**
 * The filing panel (IRIS CSV and Publication 1220 files) of the 1099 page. Placeholder so this
 * branch compiles: the filing files branch replaces this file with the real panel.
 */
export function FilingPanel(_props: { year: number }) {
  return null;
}
