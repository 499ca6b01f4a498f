/**
 * Instances that boot together on an empty PostgreSQL database: each opens the database at once, the
 * advisory lock lets one apply the migrations, and the others find them applied.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshPostgresDatabase } from "../../../tests/support/test-database";

const ROOT = join(import.meta.dir, "../../..");
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Opens the database the way the server does (importing db/index.ts) in a process of its own. */
function openInChild(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "stemma-pg-boot-"));
  dataDirs.push(dataDir);
  const child = Bun.spawn([process.execPath, "-e", 'await import("./src/server/db/index.ts"); console.log("opened")'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdout: "pipe",
    stderr: "pipe",
  });
  return Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
}

test("three processes opening one empty database at once all succeed, and every migration is applied once", async () => {
  const url = await freshPostgresDatabase();
  const results = await Promise.all([openInChild(url), openInChild(url), openInChild(url)]);
  for (const [out, err, code] of results) expect({ out: out.trim(), err, code }).toEqual({ out: "opened", err: "", code: 0 });
  const journal = JSON.parse(readFileSync(join(ROOT, "migrations/pg/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const sql = new Bun.SQL(url);
  try {
    const [applied] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied.n).toBe(journal.entries.length);
    const [licenses] = await sql`select count(*)::int as n from licenses`;
    expect(licenses.n).toBe(5);
  } finally {
    await sql.close();
  }
});
