/** A record view as a form's values (server or browser): every value a string, null as empty. */
export const stringValues = (view: object): Record<string, string> =>
  Object.fromEntries(Object.entries(view).map(([k, v]) => [k, v === null || v === undefined ? "" : String(v)]));
