/**
 * Helpers of the migrate-to tests (tests/cluster/migrate-to.test.ts): a real embedded install to migrate,
 * the command run as an operator runs it, and independent looks at the source and the targets.
 */
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { SQL } from "bun";
import { call, type Session, signUp } from "./api";
import { runScript } from "./run-script";
import { startSingleServer } from "./server";
import { uploadTrack } from "./test-tracks";

const STEMS = "stems/Nova Drift - Undertow";

export interface EmbeddedInstall {
  dataDir: string;
  owner: Session & { password: string };
  trackId: string;
}

/**
 * Runs the real server embedded (SQLite, local files, whatever the suite's mode) and fills it: three users,
 * a track with two stems and a cover processed by ffmpeg, a fork, a FLAC conversion, notifications. Stopped.
 */
export async function buildEmbeddedInstall(): Promise<EmbeddedInstall> {
  const embedded = {
    DATABASE_URL: "",
    S3_BUCKET: "",
    S3_ENDPOINT: "",
    S3_REGION: "",
    S3_ACCESS_KEY_ID: "",
    S3_SECRET_ACCESS_KEY: "",
  };
  const server = await startSingleServer({ env: embedded }); // one embedded server, also in the cluster pass
  await signUp(server); // the first account is the admin: it gets the early-access notification
  const owner = await signUp(server);
  const forker = await signUp(server);
  const track = await uploadTrack(server, owner, {
    title: "Undertow Café",
    original: `${STEMS} (full mix).wav`,
    originalFormat: "wav",
    cover: "images/matplotlib-grace_hopper.jpg",
    stems: [
      { path: `${STEMS} - bass.wav`, name: "Bass", type: "bass" },
      { path: `${STEMS} - drums.wav`, name: "Drums", type: "drums" },
    ],
  });
  const fork = await call(server, "POST", `/track/${track.id}/fork`, { token: forker.token, body: { title: "My Fork" } });
  expect(fork.status).toBe(201);
  expect((await call(server, "POST", "/auth/request-early-access", { body: { email: "early@example.com" } })).status).toBe(200);
  await call(server, "POST", `/track/${track.id}/convert-audio`, { token: owner.token, body: { type: "full", format: "flac" } });
  for (let status = ""; status !== "COMPLETED"; await Bun.sleep(100)) {
    const res = await call<{ data: { conversionStatus: string } }>(
      server,
      "GET",
      `/track/${track.id}/audio-conversion-status?format=flac`,
      {
        token: owner.token,
      },
    );
    status = res.body.data.conversionStatus;
    expect(status).not.toBe("FAILED");
  }
  await server.stop({ keepData: true });
  return { dataDir: server.dataDir, owner, trackId: track.id };
}

/** Runs `npm run migrate-to`'s script with `env` over the test's own; `killWhen` SIGKILLs it once its output matches. */
export const migrateTo = (args: string[], env: Record<string, string>, killWhen?: RegExp) =>
  runScript("migrate-to", args, { DATA_DIR: "", DATABASE_URL: "", ...env }, killWhen);

/** SHA-256 of every file under `dir`, by relative path: the install as bytes. */
export async function filesOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const hasher = new Bun.CryptoHasher("sha256");
    hasher.update(await Bun.file(path).bytes());
    files.set(relative(dir, path), hasher.digest("hex"));
  }
  return files;
}

/** The media files of the install, by storage key. */
export async function mediaOf(dir: string): Promise<Map<string, string>> {
  const media = new Map<string, string>();
  for (const [path, sha] of await filesOf(dir)) if (path.startsWith("media/")) media.set(path.slice(6), sha);
  return media;
}

/** Row counts of every application table of a SQLite file, read from a copy (the source is never opened). */
export function sqliteCounts(dir: string): Record<string, number> {
  const folder = mkdtempSync(join(tmpdir(), "stemma-counts-"));
  cpSync(join(dir, "stemma.db"), join(folder, "stemma.db"));
  const db = new Database(join(folder, "stemma.db"));
  const counts: Record<string, number> = {};
  const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_schema WHERE type = 'table'").all();
  for (const { name } of tables) {
    // The FTS5 tables are SQLite's alone; search_documents is rebuilt on PostgreSQL, one row per track as here.
    if (/^(sqlite_|__drizzle|search_(words|grams))/.test(name)) continue;
    counts[name] = (db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
  }
  db.close();
  rmSync(folder, { recursive: true, force: true });
  return counts;
}

export async function postgresCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const sql = new SQL(url);
  const counts: Record<string, number> = {};
  for (const name of tables) counts[name] = Number((await sql.unsafe(`SELECT count(*) AS n FROM "${name}"`))[0].n);
  await sql.close();
  return counts;
}
