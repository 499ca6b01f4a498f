/**
 * SQLite's planner statistics on a real migrated file: measured on opening for tables never measured, and measured
 * again by the hourly job once a table grew tenfold, so the planner's choice of index follows the data.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { openTestDatabase } from "../../../tests/support/in-process-database";
import { openDatabase } from "./open";
import { refreshPlannerStatistics } from "./planner-statistics";

const db = await openTestDatabase("planner-statistics");
const path = db.$client.filename;

/** The row count sqlite_stat1 holds for a table's index, or null when it was never measured with rows. */
function measuredRows(database: Database, index: string): number | null {
  const row = database.query<{ stat: string }, [string]>("select stat from sqlite_stat1 where idx = ?").get(index);
  return row ? Number(row.stat.split(" ")[0]) : null;
}

function addWindows(count: number, from: number): void {
  const insert = db.$client.prepare("insert into rate_limit_windows (key, window_start, expires_at) values (?, ?, ?)");
  db.$client.transaction(() => {
    for (let n = from; n < from + count; n++) insert.run(`test:${n}`, n, n + 60_000);
  })();
}

test("a table that grew tenfold is measured again by the hourly job", async () => {
  addWindows(200, 0);
  await refreshPlannerStatistics();
  expect(measuredRows(db.$client, "rate_limit_windows_expires_idx")).toBe(200);
  addWindows(3000, 200);
  await refreshPlannerStatistics();
  expect(measuredRows(db.$client, "rate_limit_windows_expires_idx")).toBe(3200);
});

test("opening a database measures the tables never measured", () => {
  db.$client.exec("delete from sqlite_stat1");
  const other = new Database(path);
  expect(measuredRows(other, "rate_limit_windows_expires_idx")).toBeNull();
  other.close();
  const reopened = openDatabase(path);
  expect(measuredRows(reopened.$client, "rate_limit_windows_expires_idx")).toBe(3200);
  reopened.$client.close();
});
