import { openSync, readSync } from "node:fs";
import { log } from "../logger";
import { perRuntime } from "../runtime";

/** The WAL-index format's version, in the header's first word (sqlite.org/walformat.html, "The WAL-Index Header"). */
const WAL_INDEX_VERSION = 3007000;
/** The header's words after the version: change counter, frame count, salts and checksums (bytes 8 to 48). */
const FIRST_WORD = 2;
const HEADER_WORDS = 12;

/**
 * Watches the header SQLite keeps in shared memory beside a WAL database (`…-shm`), which every connection, in this
 * process or another, rewrites as it commits, and which SQLite's own readers compare to tell whether their cache
 * is current. Reading it costs one `pread`, where asking SQLite (`data_version`) takes the file's read lock: several
 * system calls, as much as the reads it would spare. The file stays open for the life of the process: closing any
 * descriptor of it would drop every POSIX lock this process holds on it, SQLite's included, and the next process to
 * open the database would take this one's shared memory for abandoned and reset it. Returns whether the header
 * changed since the last call, or null when the file is not a WAL index this code knows.
 */
function watchWalIndex(path: string): (() => boolean) | null {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch {
    return null;
  }
  const header = new Uint32Array(HEADER_WORDS);
  const read = () => readSync(descriptor, header, 0, header.byteLength, 0) === header.byteLength;
  // In the machine's byte order, as SQLite writes it.
  if (!read() || header[0] !== WAL_INDEX_VERSION) return null;
  const seen = header.slice();
  return () => {
    if (!read()) return true;
    let changed = false;
    for (let word = FIRST_WORD; word < HEADER_WORDS; word++) {
      if (header[word] === seen[word]) continue;
      seen[word] = header[word] as number;
      changed = true;
    }
    return changed;
  };
}

/** Goes up with every change seen: a commit anyone made, a rollback here, or another database (a test's runtime). */
let changes = 0;

/** The runtime's SQLite WAL index, watched from the first read that asks (`changeMark`). */
const walIndexWatch = perRuntime(({ db, postgresDb }) => {
  if (postgresDb) return null;
  const watch = watchWalIndex(`${db.$client.filename}-shm`);
  if (!watch) log.warn("the SQLite WAL index could not be watched: kept pages read their state on every request");
  // What was read from another runtime's database holds nothing about this one.
  changes += 1;
  return watch;
});

/**
 * transaction.ts calls this after every ROLLBACK: reads made inside the transaction saw writes that are gone, and
 * a rollback leaves the WAL index as it was.
 */
export function noteRollback(): void {
  changes += 1;
}

/**
 * A mark of the database's content that changes with every commit anyone makes (this process, another process on
 * the same file, a script) and every rollback here: what a process read while the mark stays the same is still
 * what the database holds, so it may answer from it without reading again (kept pages' states). Null where no
 * cheap signal exists (PostgreSQL, where other instances write; a SQLite file not in WAL mode): read every time.
 */
export function changeMark(): number | null {
  const walIndexChanged = walIndexWatch();
  if (!walIndexChanged) return null;
  if (walIndexChanged()) changes += 1;
  return changes;
}

/**
 * A read-through memory for reads repeated on every request (a page's state, a session's user row): each key's
 * answer is kept while the change mark stays, at most `maxKeys` of them (oldest out first), and all are dropped
 * at the first change, so no caller ever gets what the database no longer holds. Where there is no change mark,
 * every call reads. Answers are shared between callers: never change one.
 */
export function readsUntilChanged<T>(maxKeys: number) {
  const answers = new Map<string, T>();
  let markOfAnswers: number | null = null;

  return async function read(key: string, readNow: () => Promise<T>): Promise<T> {
    const mark = changeMark();
    if (mark === null) return readNow();
    if (mark !== markOfAnswers) {
      answers.clear();
      markOfAnswers = mark;
    }
    if (answers.has(key)) return answers.get(key) as T;
    const answer = await readNow();
    // A commit while it was read (between the awaits): it may show either side of it, so it is not kept.
    if (changeMark() === mark) {
      if (answers.size >= maxKeys) answers.delete(answers.keys().next().value as string);
      answers.set(key, answer);
    }
    return answer;
  };
}
