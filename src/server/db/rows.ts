/** The one row an `insert … returning()` (or a lookup that cannot miss) answers; its absence is a bug. */
export function theRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error("expected a row, the statement answered none");
  return row;
}
