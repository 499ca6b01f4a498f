import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../src/server/infra/ports";

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust auth, loopback only. */
  url: string;
  /** The folder of this PostgreSQL's programs (pg_dump and pg_restore too). */
  bin: string;
  /** Creates another database in the same cluster, empty or a copy of `template`, and returns its URL. */
  createDatabase(name: string, options?: { template?: string }): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder (initdb, pg_ctl), for tests and checks.
 * PostgreSQL refuses to run as root, so under root it runs as the `postgres` user the Debian package creates.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = [...new Bun.Glob("/usr/lib/postgresql/*/bin/initdb").scanSync()]
    .sort()
    .pop()
    ?.replace(/\/initdb$/, "");
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql), or set DATABASE_URL");
  const dir = mkdtempSync(join(tmpdir(), "stemma-pg-"));
  const asPostgres = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (asPostgres.length) Bun.spawnSync(["chown", "postgres", dir]);
  const run = (args: string[]) => {
    const result = Bun.spawnSync([...asPostgres, ...args], { stderr: "pipe", stdout: "pipe" });
    if (result.exitCode !== 0) throw new Error(`${args[0]} failed: ${result.stderr.toString()}`);
  };
  const port = await freePort();
  const data = join(dir, "data");
  run([`${bin}/initdb`, "-D", data, "--auth=trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
  run([
    `${bin}/pg_ctl`,
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "start",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`,
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    bin,
    async createDatabase(name, { template = "template1" } = {}) {
      for (const each of [name, template]) if (!/^[a-z_][a-z0-9_]*$/.test(each)) throw new Error(`bad database name ${each}`);
      const sql = new Bun.SQL(url);
      try {
        // FILE_COPY copies the template's few files, where the default WAL_LOG writes them all to the WAL: every test
        // server gets a database of its own, so making one must cost next to nothing.
        await sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
      } finally {
        await sql.close();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      run([`${bin}/pg_ctl`, "-D", data, "-m", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
