"use client";

import { DataTable, type DataTableProps } from "./data-table";
import { columnsFor, type ColumnKit } from "./columns";
import type { TableQuery } from "./search-params";

/** What a list page hands its table: the brand (for links), a page of rows, the total and the state in the address. */
export type ListTableProps<Row> = { brandId: string; rows: Row[]; total: number; query: TableQuery<string>; sortKeys: readonly string[] };

/**
 * A list page's table, declared once: its columns, filters and empty state as a function of the
 * page's props (the brand for links, and any `Extra` a page passes, such as a filter's choices),
 * the columns built with the kit (`t`, ./columns.tsx) that links under the brand.
 */
export function listTable<Row, Extra = object>(
  define: (props: ListTableProps<Row> & Extra, t: ColumnKit<Row>) => Omit<DataTableProps<Row>, "rows" | "total" | "query" | "sortKeys">,
) {
  return function ListTable(props: ListTableProps<Row> & Extra) {
    return <DataTable {...define(props, columnsFor<Row>(props.brandId))} rows={props.rows} total={props.total} query={props.query} sortKeys={props.sortKeys} />;
  };
}
