/**
 * A small read-only table of strings in a scrolling region. stackOnPhone: on a phone each row is a
 * block of lines labelled by their column (as DataTable's), not a table to scroll sideways.
 */
export function SimpleTable({
  label,
  head,
  rows,
  numeric = [],
  stackOnPhone,
}: {
  label: string;
  head: string[];
  rows: string[][];
  numeric?: number[];
  stackOnPhone?: boolean;
}) {
  return (
    <div className={stackOnPhone ? "table-scroll stack-on-phone" : "table-scroll"} tabIndex={0} role="region" aria-label={label}>
      <table>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={numeric.includes(i) ? "num" : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, n) => (
            <tr key={n}>
              {r.map((cell, i) => (
                <td key={i} className={numeric.includes(i) ? "num" : undefined} data-label={head[i]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
