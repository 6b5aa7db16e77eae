/** What a list verb answers: the page of records and how many matched in all. */
export interface ListResult<T = unknown> {
  items: T[];
  total: number;
}

/** A single-record answer with extra namespaces beside the record (e.g. Account/Create's `user`). */
export class WithExtras<T = unknown> {
  constructor(
    readonly record: T,
    readonly extras: Record<string, unknown>,
  ) {}
}
