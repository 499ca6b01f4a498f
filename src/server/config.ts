import { createHmac } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { runtime } from "./runtime";
import { ConfigError, SettingsReader } from "./settings";

/** Every setting comes from the environment; docs/operating.md documents each with its default. */
export interface Config {
  port: number;
  dataDir: string;
  /** PostgreSQL instead of the embedded SQLite file (DATABASE_URL); null when unset. */
  databaseUrl: string | null;
  publicUrl: string;
  jwtSecret: string;
  jwtLifetime: string;
  /** Signs media tokens (`?token=` on media URLs); derived from, never equal to, the session secret. */
  mediaTokenKey: Buffer;
  mediaTokenSeconds: number;
  /** How long an events token (`?token=` on GET /api/events) is good for a new connection. */
  eventsTokenSeconds: number;
  /** How far back a reconnecting event stream is replayed from its Last-Event-ID. */
  eventsReplaySeconds: number;
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies: string[];
  ffmpegPath: string;
  ffprobePath: string;
  adminEmail: string | null;
  logLevel: "debug" | "info" | "warn" | "error";
  freeQuotaSeconds: number;
  jobConcurrency: number;
  /** The longest one ffmpeg/ffprobe run may take (a hung or SIGSTOPped one is killed and its job fails). */
  ffmpegTimeoutSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  /** How long on-demand WAV/FLAC derivatives are kept (SPEC §9: 7 days). */
  conversionTtlSeconds: number;
  /** How long a finished account export is kept for download (7 days): a copy of everything, kept only long enough to fetch. */
  exportTtlSeconds: number;
  /** A listener's plays of one track count at most once per window (SPEC §4: an hour). */
  playCountWindowSeconds: number;
  /** How late play and download counts in lists may be (their cached answers are rebuilt at most this often for them). */
  listCounterStalenessSeconds: number;
  /** How long a deleted track stays PENDING_DELETION before its files are purged and it becomes DELETED. */
  deletionGraceSeconds: number;
  /** The largest track upload (original, stems and cover together), in bytes. */
  maxUploadBytes: number;
  /** What one user may hold in resumable uploads not yet used (their declared lengths), in bytes. */
  maxPendingUploadBytes: number;
  /** How long a resumable upload may wait, unfinished or unused, before the sweep deletes it. */
  uploadExpirySeconds: number;
  /** Media on an S3-compatible bucket instead of DATA_DIR/media; null when S3_BUCKET is unset. */
  s3: S3Config | null;
  /** How media on S3 reach browsers: a 302 to a presigned URL, or streamed through the app. */
  mediaDelivery: "redirect" | "proxy";
  /**
   * argon2id's cost for new password hashes (PASSWORD_HASH_COST): `standard`, or `test` for test runs only, which make
   * thousands of accounts (modules/auth/passwords.ts).
   */
  passwordHashCost: PasswordHashCost;
  /** What this process does: HTTP only, jobs only, or both (STEMMA_ROLE). */
  role: Role;
  /**
   * How long a claimed job stays leased to its worker without a heartbeat (PostgreSQL mode): a worker that
   * dies mid-job has its job run elsewhere this long after. docs/scale-out.md §2.
   */
  jobLeaseSeconds: number;
  /** The mail server reset links go out through (SMTP_URL); null when unset: admins make the links. */
  smtpUrl: string | null;
  /** Scheduled backups (BACKUP_DIR and its companions); null when BACKUP_DIR is unset. */
  backups: BackupConfig | null;
  /** Who those mails come from (SMTP_FROM): an address, or `Name <address>`. */
  smtpFrom: string;
  /** Sign-in with an OpenID Connect provider (OIDC_*); null when OIDC_ISSUER is unset. */
  oidc: OidcConfig | null;
}

/** The OpenID Connect provider people may sign in with (docs/security.md, "Sign in with OIDC"). */
export interface OidcConfig {
  /** The provider's issuer identifier, exactly as its ID tokens' `iss` says it (a trailing slash included). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button reads "Sign in with {buttonLabel}". */
  buttonLabel: string;
  /** Members of this group (the `groups` claim) are ADMIN, at each sign-in with the provider; null: roles are Stemma's. */
  adminGroup: string | null;
}

export const PASSWORD_HASH_COSTS = ["standard", "test"] as const;
export type PasswordHashCost = (typeof PASSWORD_HASH_COSTS)[number];

export const ROLES = ["all", "api", "worker"] as const;
export type Role = (typeof ROLES)[number];

/** The names `Bun.s3` itself reads, so operators' tooling can rely on them. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
/** More ffmpeg processes at once than this only thrash, even on large machines. */
const MAX_JOBS = 64;

/** Secrets that appear in tutorials and defaults: anyone could sign tokens with them. */
const WELL_KNOWN_SECRETS = new Set([
  "secret",
  "changeme",
  "change-me",
  "your-secret-key",
  "your-256-bit-secret",
  "jwt-secret",
  "jwt_secret",
  "supersecret",
  "super-secret-key",
  "mysecret",
  "default",
  "password",
  "stemma",
  "please-change-this-secret-in-production",
  "change-this-to-a-long-random-string-in-production",
  "0123456789abcdef0123456789abcdef",
]);
const MIN_SECRET_BYTES = 32;
const MIN_DISTINCT_CHARACTERS = 10;

/** Why JWT_SECRET is too weak to sign sessions with, or null when it will do. */
export function weakSecretReason(secret: string): string | null {
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    return `JWT_SECRET is too short: use at least ${MIN_SECRET_BYTES} random bytes (or leave it unset to have one generated)`;
  if (WELL_KNOWN_SECRETS.has(secret.trim().toLowerCase()))
    return "JWT_SECRET is a well-known default: use a random value (or leave it unset to have one generated)";
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS)
    return "JWT_SECRET repeats too few characters to be random: use a random value (or leave it unset to have one generated)";
  return null;
}

/** JWT_SECRET when set (refused when weak); otherwise one generated on first boot and kept in DATA_DIR (mode 0600). */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) {
    const weak = weakSecretReason(fromEnv);
    if (weak) throw new ConfigError([weak]);
    return fromEnv;
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}

/** A key of its own for media tokens, so a leaked media token can never be replayed as a session. */
const deriveMediaTokenKey = (jwtSecret: string) => createHmac("sha256", jwtSecret).update("stemma media tokens v1").digest();

const listOf = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

const DAY = 24 * 3600;
const YEAR = 365 * DAY;

const S3_COMPANIONS = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** S3 settings, checked as a whole so a half-configured bucket stops the boot naming what is missing. */
function readS3(read: SettingsReader): S3Config | null {
  const bucket = read.text("S3_BUCKET", "");
  const endpoint = read.httpUrl("S3_ENDPOINT", "") || undefined;
  const region = read.text("S3_REGION", "") || undefined;
  const accessKeyId = read.text("S3_ACCESS_KEY_ID", "");
  const secretAccessKey = read.text("S3_SECRET_ACCESS_KEY", "");
  if (!bucket) {
    const given = S3_COMPANIONS.filter((name) => read.text(name, ""));
    if (given.length) read.note(`${given.join(", ")} set without S3_BUCKET: set S3_BUCKET to keep media on S3`);
    return null;
  }
  const missing = [accessKeyId ? "" : "S3_ACCESS_KEY_ID", secretAccessKey ? "" : "S3_SECRET_ACCESS_KEY"].filter(Boolean);
  if (missing.length) read.note(`S3_BUCKET is set, so ${missing.join(" and ")} must be set too`);
  return { bucket, endpoint, region, accessKeyId, secretAccessKey };
}

const OIDC_COMPANIONS = ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_BUTTON_LABEL", "OIDC_ADMIN_GROUP"] as const;
/** Long enough for a product's name, short enough for a button at 375 px. */
const OIDC_LABEL_MAX = 40;

/** OIDC settings, checked as a whole like S3's: a provider without its client stops the boot naming what is missing. */
function readOidc(read: SettingsReader): OidcConfig | null {
  const issuer = read.issuerUrl("OIDC_ISSUER");
  const clientId = read.text("OIDC_CLIENT_ID", "");
  const clientSecret = read.text("OIDC_CLIENT_SECRET", "");
  const buttonLabel = read.text("OIDC_BUTTON_LABEL", "SSO");
  const adminGroup = read.text("OIDC_ADMIN_GROUP", "") || null;
  if (!issuer) {
    const given = OIDC_COMPANIONS.filter((name) => read.text(name, ""));
    if (given.length && !read.text("OIDC_ISSUER", ""))
      read.note(`${given.join(", ")} set without OIDC_ISSUER: set OIDC_ISSUER to offer sign-in with OIDC`);
    return null;
  }
  const missing = [clientId ? "" : "OIDC_CLIENT_ID", clientSecret ? "" : "OIDC_CLIENT_SECRET"].filter(Boolean);
  if (missing.length) read.note(`OIDC_ISSUER is set, so ${missing.join(" and ")} must be set too`);
  if (buttonLabel.length > OIDC_LABEL_MAX)
    read.note(`OIDC_BUTTON_LABEL must be at most ${OIDC_LABEL_MAX} characters, got ${JSON.stringify(buttonLabel)}`);
  return { issuer, clientId, clientSecret, buttonLabel, adminGroup };
}

export interface BackupConfig {
  /** The folder every backup goes into (BACKUP_DIR), resolved. */
  folder: string;
  intervalHours: number;
  /** How many finished backups are kept; older ones and the objects only they name are removed. */
  keep: number;
}

const BACKUP_COMPANIONS = ["BACKUP_INTERVAL_HOURS", "BACKUP_KEEP"] as const;

/** Backup settings, checked as a whole like S3's: a companion without BACKUP_DIR would silently do nothing. */
function readBackups(read: SettingsReader): BackupConfig | null {
  const folder = read.text("BACKUP_DIR", "");
  const intervalHours = read.wholeNumber("BACKUP_INTERVAL_HOURS", 24, 1, 8760);
  const keep = read.wholeNumber("BACKUP_KEEP", 7, 1, 1000);
  if (!folder) {
    const given = BACKUP_COMPANIONS.filter((name) => read.text(name, ""));
    if (given.length) read.note(`${given.join(", ")} set without BACKUP_DIR: set BACKUP_DIR to schedule backups`);
    return null;
  }
  return { folder: resolve(folder), intervalHours, keep };
}

/** STEMMA_ROLE; splitting the roles needs the shared queue, since the embedded one lives in a single process. */
function readRole(read: SettingsReader): Role {
  const role = read.oneOf("STEMMA_ROLE", ROLES, "all");
  if (role !== "all" && !read.text("DATABASE_URL", ""))
    read.note(
      `STEMMA_ROLE=${role} needs DATABASE_URL: without it jobs stay in one process's embedded queue, which no other process can reach`,
    );
  return role;
}

/** Reads and checks every setting; a bad one throws a ConfigError that names it and what it accepts. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const read = new SettingsReader(env);
  const port = read.wholeNumber("PORT", 3000, 0, 65535);
  const publicUrl = read.httpUrl("PUBLIC_URL", `http://localhost:${port}`);
  const maxUploadMb = read.wholeNumber("MAX_UPLOAD_MB", 4096, 1, 1_048_576);
  const settings = {
    port,
    publicUrl,
    jwtLifetime: read.duration("JWT_LIFETIME", "7d"),
    adminEmail: read.email("ADMIN_EMAIL"),
    logLevel: read.oneOf("LOG_LEVEL", LOG_LEVELS, "info"),
    freeQuotaSeconds: read.wholeNumber("FREE_QUOTA_SECONDS", 3600, 0, 1_000_000_000),
    jobConcurrency: read.wholeNumber("JOB_CONCURRENCY", Math.min(cpus().length, MAX_JOBS), 1, MAX_JOBS),
    ffmpegTimeoutSeconds: read.wholeNumber("FFMPEG_TIMEOUT_SECONDS", 15 * 60, 1, DAY),
    loginMaxFailuresPerAccount: read.wholeNumber("LOGIN_MAX_FAILURES_PER_ACCOUNT", 5, 1, 1_000_000),
    loginMaxFailuresPerIp: read.wholeNumber("LOGIN_MAX_FAILURES_PER_IP", 20, 1, 1_000_000),
    conversionTtlSeconds: read.wholeNumber("CONVERSION_TTL_SECONDS", 7 * DAY, 1, YEAR),
    exportTtlSeconds: read.wholeNumber("EXPORT_TTL_SECONDS", 7 * DAY, 1, YEAR),
    playCountWindowSeconds: read.wholeNumber("PLAY_COUNT_WINDOW_SECONDS", 3600, 1, YEAR),
    listCounterStalenessSeconds: read.wholeNumber("LIST_COUNTER_STALENESS_SECONDS", 5, 0, 3600),
    deletionGraceSeconds: read.wholeNumber("DELETION_GRACE_SECONDS", 7 * DAY, 0, YEAR),
    maxUploadBytes: maxUploadMb * 1024 * 1024,
    maxPendingUploadBytes: read.wholeNumber("MAX_PENDING_UPLOAD_MB", 2 * maxUploadMb, 1, 2_097_152) * 1024 * 1024,
    uploadExpirySeconds: read.wholeNumber("UPLOAD_EXPIRY_HOURS", 24, 1, 8760) * 3600,
    mediaTokenSeconds: read.wholeNumber("MEDIA_TOKEN_LIFETIME_SECONDS", 1800, 10, DAY),
    eventsTokenSeconds: read.wholeNumber("EVENTS_TOKEN_LIFETIME_SECONDS", 300, 10, DAY),
    eventsReplaySeconds: read.wholeNumber("EVENTS_REPLAY_SECONDS", 900, 60, DAY),
    trustedProxies: listOf(read.text("TRUSTED_PROXIES", "")),
    databaseUrl: read.postgresUrl("DATABASE_URL"),
    s3: readS3(read),
    mediaDelivery: read.oneOf("MEDIA_DELIVERY", ["redirect", "proxy"] as const, "redirect"),
    role: readRole(read),
    jobLeaseSeconds: read.wholeNumber("JOB_LEASE_SECONDS", 30, 2, 3600),
    passwordHashCost: read.oneOf("PASSWORD_HASH_COST", PASSWORD_HASH_COSTS, "standard"),
    smtpUrl: read.smtpUrl("SMTP_URL"),
    smtpFrom: read.sender("SMTP_FROM", `Stemma <no-reply@${new URL(publicUrl).hostname}>`),
    oidc: readOidc(read),
    backups: readBackups(read),
  };
  read.check();
  const dataDir = resolve(read.text("DATA_DIR", "./data"));
  mkdirSync(dataDir, { recursive: true });
  const ffmpegPath = read.text("FFMPEG_PATH", Bun.which("ffmpeg") ?? "ffmpeg");
  const jwtSecret = loadJwtSecret(dataDir, env.JWT_SECRET);
  return {
    ...settings,
    dataDir,
    jwtSecret,
    mediaTokenKey: deriveMediaTokenKey(jwtSecret),
    ffmpegPath,
    // ffprobe ships beside ffmpeg in every distribution we support.
    ffprobePath: read.text("FFPROBE_PATH", ffmpegPath.includes("/") ? join(dirname(ffmpegPath), "ffprobe") : "ffprobe"),
  };
}

/** The settings, read once at boot (main.ts, scripts); a bad one stops the process with its message (exit code 1). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The logger is configured from these settings, so this one message goes straight to stderr.
    process.stderr.write(`Stemma cannot start:\n${error.message}\n`);
    process.exit(1);
  }
}

/** The installed runtime's settings (src/server/runtime.ts). */
export const config = (): Config => runtime().config;
