import { Database } from "bun:sqlite";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Session, signUp } from "../../tests/support/api";
import type { TestServer } from "../../tests/support/server";

/** Forks made at once: the server decides each in a transaction under the forker's lock. */
const FORKS_AT_ONCE = 4;
/** Forkers: a fork's owner may not fork their own track, and each forker is charged its length. */
const FORKERS = 10;

/**
 * The catalogue a crawler or a widely shared playlist walks: `count` public forks of `original` (a track with
 * four stems), made through the real API as users make them, so every fork carries the original's waveforms and
 * stems. Returns the fork ids.
 */
export async function makePublicForks(server: TestServer, original: string, count: number): Promise<string[]> {
  const forkers: Session[] = [];
  for (let i = 0; i < FORKERS; i++) forkers.push(await signUp(server));
  const ids: string[] = [];
  let next = 0;
  async function forkNext(): Promise<void> {
    while (next < count) {
      const n = next++;
      const forker = forkers[n % FORKERS] as Session;
      const response = await fetch(`${server.url}/api/track/${original}/fork`, {
        method: "POST",
        headers: { authorization: `Bearer ${forker.token}`, "content-type": "application/json" },
        body: JSON.stringify({ title: `Walk fork ${n}`, isPublic: true }),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`fork ${n}: ${response.status} ${await response.text()}`);
      ids.push(((await response.json()) as { id: string }).id);
    }
  }
  await Promise.all(Array.from({ length: FORKS_AT_ONCE }, forkNext));
  return ids;
}

/**
 * Waits until every key has a kept answer and none is due: what the serving process pre-renders when a track
 * changes (modules/pages). Read from the server's own database file, as the bench seeds it. Returns the seconds
 * it took.
 */
export async function waitForKeptAnswers(databasePath: string, keys: string[], timeoutSeconds = 900): Promise<number> {
  const started = performance.now();
  const db = new Database(databasePath, { readonly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const wanted = new Set(keys);
    for (;;) {
      const kept = db.query<{ key: string }, []>("select key from kept_pages").all();
      const due = db.query<{ key: string }, []>("select key from pages_due").all();
      const missing = keys.length - kept.filter((row) => wanted.has(row.key)).length;
      const dueWanted = due.filter((row) => wanted.has(row.key)).length;
      if (missing === 0 && dueWanted === 0) return (performance.now() - started) / 1000;
      if (performance.now() - started > timeoutSeconds * 1000)
        throw new Error(`${missing} of ${keys.length} answers not kept after ${timeoutSeconds} s (${dueWanted} still due)`);
      await Bun.sleep(500);
    }
  } finally {
    db.close();
  }
}

/**
 * Seeded rows are not changes anyone made through Stemma: their pages are left to the lazy path (rendered on
 * first request), so the pre-render loop is idle while the walks run, as on a catalogue that is not changing.
 */
export function forgetSeededDue(databasePath: string): void {
  const db = new Database(databasePath);
  db.exec("PRAGMA busy_timeout = 5000");
  db.run("delete from pages_due where key like '/track/seed-%' or key like '/api/track/seed-%'");
  db.close();
}

/** Bytes of kept answers (both encodings) per track that has any, from the server's database. */
export function keptBytesPerTrack(databasePath: string): { tracks: number; rows: number; bytesPerTrack: number } {
  const db = new Database(databasePath, { readonly: true });
  try {
    const row = db
      .query<{ rows: number; bytes: number | null; tracks: number }, []>(
        `select count(*) as rows, sum(length(br) + length(gzip)) as bytes,
           count(distinct replace(replace(key, '/api/track/', ''), '/track/', '')) as tracks
         from kept_pages where key like '%/track/%'`,
      )
      .get();
    const tracks = row?.tracks ?? 0;
    return { tracks, rows: row?.rows ?? 0, bytesPerTrack: tracks ? (row?.bytes ?? 0) / tracks : 0 };
  } finally {
    db.close();
  }
}

/**
 * A wrk script that asks for one of `paths` at random on every request (each request of a connection may be
 * another page), written to `work`. Returns its file.
 */
export function randomWalkScript(work: string, name: string, paths: string[]): string {
  const file = join(work, `${name}.lua`);
  writeFileSync(
    file,
    `local paths = {${paths.map((path) => JSON.stringify(path)).join(",")}}
init = function() math.randomseed(os.time()) end
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
`,
  );
  return file;
}

/**
 * The nginx baseline of a page walk: each page's bytes as a file and its gzip form beside it, served with
 * `gzip_static` (bench/support/tools.ts serves /walk/ so). Returns the baseline's paths.
 */
export function writeStaticPages(docroot: string, pages: Uint8Array<ArrayBuffer>[]): string[] {
  const folder = join(docroot, "walk");
  mkdirSync(folder, { recursive: true });
  return pages.map((page, n) => {
    writeFileSync(join(folder, `${n}.html`), page);
    writeFileSync(join(folder, `${n}.html.gz`), Bun.gzipSync(page, { level: 9 }));
    return `/walk/${n}.html`;
  });
}
