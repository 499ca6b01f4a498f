import { resolve } from "node:path";
import type { S3Config } from "../../../src/server/config";

export const USAGE = `Usage: npm run migrate-to -- <database url> <storage url> [--data-dir <folder>]

Copies an embedded Stemma install (DATA_DIR's SQLite database and media files) into PostgreSQL and an
S3-compatible bucket, then verifies row counts, per-table checksums and per-file SHA-256.

  <database url>  postgres://user:password@host:5432/stemma (an empty database, or one this command filled)
  <storage url>   s3://<bucket>; the endpoint, region and keys come from S3_ENDPOINT, S3_REGION,
                  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, as for the server
  --data-dir      the embedded install (default: DATA_DIR, else ./data)

Stop the server first. Safe to run again: it resumes, or only verifies when everything is there.`;

/** A refusal of the command line itself: the usage is printed and the exit code is 2. */
export class UsageError extends Error {}

export interface MigrateArguments {
  databaseUrl: string;
  storage: S3Config;
  dataDir: string;
}

const POSTGRES_URL = /^postgres(ql)?:\/\/[^/\s]+\/[^/\s?]+/;
/** Bucket names as S3 allows them: 3–63 lowercase letters, digits, dots and hyphens. */
const S3_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?$/;

export function parseArguments(argv: string[], env: Record<string, string | undefined>): MigrateArguments {
  const positional: string[] = [];
  let dataDir = env.DATA_DIR || "./data";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--data-dir") {
      const value = argv[++i];
      if (!value) throw new UsageError("--data-dir needs a folder");
      dataDir = value;
    } else if (arg.startsWith("--data-dir=")) dataDir = arg.slice("--data-dir=".length);
    else if (arg.startsWith("-")) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 2) throw new UsageError("Give exactly two arguments: a database URL and a storage URL");
  const [databaseUrl, storageUrl] = positional as [string, string];
  if (!POSTGRES_URL.test(databaseUrl)) {
    throw new UsageError(`The database URL must look like postgres://user@host:5432/database (got "${databaseUrl}")`);
  }
  const bucket = S3_URL.exec(storageUrl)?.[1];
  if (!bucket) throw new UsageError(`The storage URL must look like s3://bucket-name (got "${storageUrl}")`);
  const missing = ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length)
    throw new UsageError(`Set ${missing.join(" and ")} for the bucket (S3_ENDPOINT and S3_REGION too unless AWS)`);
  return {
    databaseUrl,
    storage: {
      bucket,
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID as string,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    },
    dataDir: resolve(dataDir),
  };
}
