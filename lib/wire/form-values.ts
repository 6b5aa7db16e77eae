/**
 * A read row's fields as an Update's parameters would leave them as they are, by a domain's table
 * of parameter names to fields (lib/<domain>/columns.ts): an edit form's starting values, in the
 * API's parameter vocabulary (Y/N for a flag, "" for nothing).
 */
export function formValues<R>(row: R, columns: Readonly<Record<string, keyof R>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(columns).map(([param, field]) => {
      const v = row[field];
      return [param, v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "Y" : "N") : String(v)];
    }),
  );
}
