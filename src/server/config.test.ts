import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBun } from "../../tests/support/bun-child";
import { loadConfig } from "./config";
import { ConfigError } from "./settings";

const dataDir = mkdtempSync(join(tmpdir(), "stemma-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "config-test-secret-0123456789-abcdefgh", ...env });
const problemsOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe("settings", () => {
  test("unset (or empty) settings take the defaults docs/operating.md lists", () => {
    const config = load({ JOB_CONCURRENCY: "", PORT: " " });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      jwtLifetime: "7d",
      adminEmail: null,
      logLevel: "info",
      freeQuotaSeconds: 3600,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerIp: 20,
      conversionTtlSeconds: 604800,
      playCountWindowSeconds: 3600,
      deletionGraceSeconds: 604800,
      maxUploadBytes: 4096 * 1024 * 1024,
      maxPendingUploadBytes: 8192 * 1024 * 1024,
      uploadExpirySeconds: 24 * 3600,
    });
    expect(config.jobConcurrency).toBeGreaterThanOrEqual(1);
  });

  test("resumable uploads: the pending cap follows MAX_UPLOAD_MB unless set; the expiry in hours", () => {
    expect(load({ MAX_UPLOAD_MB: "100" }).maxPendingUploadBytes).toBe(200 * 1024 * 1024);
    expect(load({ MAX_UPLOAD_MB: "100", MAX_PENDING_UPLOAD_MB: "150", UPLOAD_EXPIRY_HOURS: "1" })).toMatchObject({
      maxPendingUploadBytes: 150 * 1024 * 1024,
      uploadExpirySeconds: 3600,
    });
  });

  test("good values are taken as given, at the edges of their ranges too", () => {
    const config = load({
      PORT: "0",
      PUBLIC_URL: "https://stemma.example/",
      JWT_LIFETIME: "2 hours",
      ADMIN_EMAIL: " Ada@Example.com ",
      LOG_LEVEL: "debug",
      FREE_QUOTA_SECONDS: "0",
      JOB_CONCURRENCY: "64",
      CONVERSION_TTL_SECONDS: "1",
      EXPORT_TTL_SECONDS: "1",
      DELETION_GRACE_SECONDS: "0",
      MAX_UPLOAD_MB: "1",
      FFMPEG_TIMEOUT_SECONDS: "1",
    });
    expect(config).toMatchObject({
      port: 0,
      publicUrl: "https://stemma.example",
      jwtLifetime: "2 hours",
      adminEmail: "ada@example.com",
      logLevel: "debug",
      freeQuotaSeconds: 0,
      jobConcurrency: 64,
      conversionTtlSeconds: 1,
      exportTtlSeconds: 1,
      deletionGraceSeconds: 0,
      maxUploadBytes: 1024 * 1024,
      ffmpegTimeoutSeconds: 1,
    });
  });

  test.each([
    ["JOB_CONCURRENCY", "0", 'JOB_CONCURRENCY must be a whole number from 1 to 64, got "0"'],
    ["JOB_CONCURRENCY", "abc", 'JOB_CONCURRENCY must be a whole number from 1 to 64, got "abc"'],
    ["JOB_CONCURRENCY", "2.5", 'JOB_CONCURRENCY must be a whole number from 1 to 64, got "2.5"'],
    ["PORT", "65536", 'PORT must be a whole number from 0 to 65535, got "65536"'],
    ["FREE_QUOTA_SECONDS", "-1", 'FREE_QUOTA_SECONDS must be a whole number from 0 to 1000000000, got "-1"'],
    ["MAX_UPLOAD_MB", "0", 'MAX_UPLOAD_MB must be a whole number from 1 to 1048576, got "0"'],
    ["MAX_PENDING_UPLOAD_MB", "0", 'MAX_PENDING_UPLOAD_MB must be a whole number from 1 to 2097152, got "0"'],
    ["UPLOAD_EXPIRY_HOURS", "0.5", 'UPLOAD_EXPIRY_HOURS must be a whole number from 1 to 8760, got "0.5"'],
    ["FFMPEG_TIMEOUT_SECONDS", "0", 'FFMPEG_TIMEOUT_SECONDS must be a whole number from 1 to 86400, got "0"'],
    ["CONVERSION_TTL_SECONDS", "1e3", 'CONVERSION_TTL_SECONDS must be a whole number from 1 to 31536000, got "1e3"'],
    ["PLAY_COUNT_WINDOW_SECONDS", "0", 'PLAY_COUNT_WINDOW_SECONDS must be a whole number from 1 to 31536000, got "0"'],
    ["LOGIN_MAX_FAILURES_PER_IP", "0x10", 'LOGIN_MAX_FAILURES_PER_IP must be a whole number from 1 to 1000000, got "0x10"'],
    ["LOG_LEVEL", "verbose", 'LOG_LEVEL must be one of debug, info, warn, error, got "verbose"'],
    ["JWT_LIFETIME", "forever", 'JWT_LIFETIME must be a duration such as 30m, 12h or 7d, got "forever"'],
    [
      "PUBLIC_URL",
      "stemma.example",
      'PUBLIC_URL must be an http or https address such as https://stemma.example, got "stemma.example"',
    ],
    ["ADMIN_EMAIL", "admin", 'ADMIN_EMAIL must be an e-mail address, got "admin"'],
    [
      "SMTP_URL",
      "http://mail.example",
      'SMTP_URL must be an smtp:// or smtps:// address such as smtp://user:password@mail.example:587, got "http://mail.example"',
    ],
    [
      "SMTP_FROM",
      "nobody",
      'SMTP_FROM must be an e-mail address, or a name and an address such as Stemma <no-reply@stemma.example>, got "nobody"',
    ],
  ])("%s=%s is refused: %s", (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  test("mail: none unless SMTP_URL is set; sent from PUBLIC_URL's host unless SMTP_FROM names a sender", () => {
    expect(load({ PUBLIC_URL: "https://stemma.example" })).toMatchObject({
      smtpUrl: null,
      smtpFrom: "Stemma <no-reply@stemma.example>",
    });
    const mailing = load({ SMTP_URL: "smtps://user:pass@mail.example:465", SMTP_FROM: "Beats <beats@mail.example>" });
    expect(mailing).toMatchObject({ smtpUrl: "smtps://user:pass@mail.example:465", smtpFrom: "Beats <beats@mail.example>" });
    expect(load({ SMTP_FROM: "beats@mail.example" }).smtpFrom).toBe("beats@mail.example");
  });

  test("every bad setting is named at once", () => {
    expect(problemsOf({ JOB_CONCURRENCY: "0", PORT: "x", LOG_LEVEL: "loud" })).toHaveLength(3);
  });
});

describe("object storage settings", () => {
  const keys = { S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

  test("without S3_BUCKET media stay on local disk; on S3 they are delivered by redirect unless told", () => {
    expect(load({})).toMatchObject({ s3: null, mediaDelivery: "redirect" });
    expect(load({ MEDIA_DELIVERY: "proxy" }).mediaDelivery).toBe("proxy");
  });

  test("S3_BUCKET with its keys selects S3, with the endpoint and region as given", () => {
    const config = load({ S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-1", ...keys });
    expect(config.s3).toEqual({
      bucket: "media",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(load({ S3_BUCKET: "media", ...keys }).s3).toMatchObject({ endpoint: undefined, region: undefined });
  });

  test.each([
    [{ S3_BUCKET: "media" }, "S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too"],
    [{ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" }, "S3_BUCKET is set, so S3_SECRET_ACCESS_KEY must be set too"],
    [
      { S3_ENDPOINT: "http://127.0.0.1:9000", ...keys },
      "S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET: set S3_BUCKET to keep media on S3",
    ],
    [
      { S3_BUCKET: "media", S3_ENDPOINT: "127.0.0.1:9000", ...keys },
      'S3_ENDPOINT must be an http or https address such as https://stemma.example, got "127.0.0.1:9000"',
    ],
    [{ MEDIA_DELIVERY: "cdn" }, 'MEDIA_DELIVERY must be one of redirect, proxy, got "cdn"'],
  ])("%p is refused: %s", (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });
});

describe("backup settings", () => {
  test("without BACKUP_DIR nothing is scheduled; with it, every 24 hours keeping 7 unless told", () => {
    expect(load({}).backups).toBeNull();
    expect(load({ BACKUP_DIR: "backups" }).backups).toEqual({
      folder: join(process.cwd(), "backups"),
      intervalHours: 24,
      keep: 7,
    });
    expect(load({ BACKUP_DIR: "/b", BACKUP_INTERVAL_HOURS: "6", BACKUP_KEEP: "30" }).backups).toEqual({
      folder: "/b",
      intervalHours: 6,
      keep: 30,
    });
  });

  test.each([
    [{ BACKUP_KEEP: "3" }, "BACKUP_KEEP set without BACKUP_DIR: set BACKUP_DIR to schedule backups"],
    [{ BACKUP_DIR: "/b", BACKUP_INTERVAL_HOURS: "0" }, 'BACKUP_INTERVAL_HOURS must be a whole number from 1 to 8760, got "0"'],
    [{ BACKUP_DIR: "/b", BACKUP_KEEP: "1.5" }, 'BACKUP_KEEP must be a whole number from 1 to 1000, got "1.5"'],
  ])("%p is refused: %s", (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });
});

describe("scale-out settings", () => {
  test("unset: one process does everything on embedded SQLite, with 30 s job leases", () => {
    expect(load({})).toMatchObject({ role: "all", databaseUrl: null, jobLeaseSeconds: 30 });
  });

  test("STEMMA_ROLE picks HTTP only or jobs only, on PostgreSQL", () => {
    const url = "postgres://stemma:secret@db:5432/stemma";
    expect(load({ STEMMA_ROLE: "api", DATABASE_URL: url }).role).toBe("api");
    expect(load({ STEMMA_ROLE: "worker", DATABASE_URL: url }).role).toBe("worker");
  });

  test.each([
    [{ STEMMA_ROLE: "web" }, 'STEMMA_ROLE must be one of all, api, worker, got "web"'],
    [
      { STEMMA_ROLE: "api" },
      "STEMMA_ROLE=api needs DATABASE_URL: without it jobs stay in one process's embedded queue, which no other process can reach",
    ],
    [{ JOB_LEASE_SECONDS: "1" }, 'JOB_LEASE_SECONDS must be a whole number from 2 to 3600, got "1"'],
  ])("%p is refused: %s", (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });
});

describe("database settings", () => {
  test("without DATABASE_URL the database is the embedded SQLite file; a postgres address selects PostgreSQL", () => {
    expect(load({}).databaseUrl).toBeNull();
    expect(load({ DATABASE_URL: "postgres://stemma:pw@db:5432/stemma" }).databaseUrl).toBe("postgres://stemma:pw@db:5432/stemma");
    expect(load({ DATABASE_URL: "postgresql://db/stemma" }).databaseUrl).toBe("postgresql://db/stemma");
  });

  test.each(["mysql://db/stemma", "db:5432/stemma", "postgres://"])("DATABASE_URL %p is refused", (url) => {
    expect(problemsOf({ DATABASE_URL: url })).toEqual([
      `DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/stemma, got ${JSON.stringify(url)}`,
    ]);
  });
});

test("the server refuses to boot with a bad setting: exit code 1 and the message on stderr", async () => {
  const bootDir = mkdtempSync(join(tmpdir(), "stemma-config-boot-"));
  try {
    const boot = await runBun(["src/server/main.bundle.js"], {
      cwd: join(import.meta.dir, "..", ".."),
      env: { PORT: "0", DATA_DIR: bootDir, JOB_CONCURRENCY: "0" },
    });
    expect(boot.code).toBe(1);
    expect(boot.err).toContain('JOB_CONCURRENCY must be a whole number from 1 to 64, got "0"');
    expect(boot.out).not.toContain("listening");
  } finally {
    rmSync(bootDir, { recursive: true, force: true });
  }
});

describe("OIDC settings", () => {
  const client = { OIDC_CLIENT_ID: "stemma", OIDC_CLIENT_SECRET: "client-secret" };

  test("unset: no sign-in with OIDC", () => {
    expect(load({}).oidc).toBeNull();
  });

  test("an issuer with its client: the issuer kept exactly (trailing slash too), the label SSO unless told", () => {
    expect(load({ OIDC_ISSUER: "https://id.example/application/o/stemma/", ...client }).oidc).toEqual({
      issuer: "https://id.example/application/o/stemma/",
      clientId: "stemma",
      clientSecret: "client-secret",
      buttonLabel: "SSO",
      adminGroup: null,
    });
    const named = load({
      OIDC_ISSUER: "http://127.0.0.1:9000",
      OIDC_BUTTON_LABEL: "Keycloak",
      OIDC_ADMIN_GROUP: "admins",
      ...client,
    });
    expect(named.oidc).toMatchObject({ issuer: "http://127.0.0.1:9000", buttonLabel: "Keycloak", adminGroup: "admins" });
  });

  test.each([
    [{ OIDC_ISSUER: "https://id.example" }, "OIDC_ISSUER is set, so OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set too"],
    [{ OIDC_ISSUER: "https://id.example", OIDC_CLIENT_ID: "x" }, "OIDC_ISSUER is set, so OIDC_CLIENT_SECRET must be set too"],
    [client, "OIDC_CLIENT_ID, OIDC_CLIENT_SECRET set without OIDC_ISSUER: set OIDC_ISSUER to offer sign-in with OIDC"],
    [
      { OIDC_ISSUER: "http://id.example", ...client },
      'OIDC_ISSUER must be an https address such as https://id.example/realms/main (http only on a loopback address), got "http://id.example"',
    ],
    [
      { OIDC_ISSUER: "https://id.example/?tenant=1", ...client },
      'OIDC_ISSUER must be an https address such as https://id.example/realms/main (http only on a loopback address), got "https://id.example/?tenant=1"',
    ],
    [
      { OIDC_ISSUER: "https://id.example", OIDC_BUTTON_LABEL: "x".repeat(41), ...client },
      `OIDC_BUTTON_LABEL must be at most 40 characters, got "${"x".repeat(41)}"`,
    ],
  ])("%p is refused: %s", (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });
});
