import { createHmac } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";

/** Every setting comes from the environment; the README documents each with its default. */
export interface Config {
  port: number;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  jwtLifetime: string;
  /** Signs media tokens (`?token=` on media URLs); derived from, never equal to, the session secret. */
  mediaTokenKey: Buffer;
  mediaTokenSeconds: number;
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies: string[];
  ffmpegPath: string;
  ffprobePath: string;
  adminEmail: string | null;
  logLevel: "debug" | "info" | "warn" | "error";
  freeQuotaSeconds: number;
  jobConcurrency: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  /** How long on-demand WAV/FLAC derivatives are kept (SPEC §9: 7 days). */
  conversionTtlSeconds: number;
  /** A listener's plays of one track count at most once per window (SPEC §4: an hour). */
  playCountWindowSeconds: number;
  /** How long a deleted track stays PENDING_DELETION before its files are purged and it becomes DELETED. */
  deletionGraceSeconds: number;
  /** The largest track upload (original, stems and cover together), in bytes. */
  maxUploadBytes: number;
}

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

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
    if (weak) throw new Error(weak);
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

const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? "./data");
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3000);
  const logLevel = (env.LOG_LEVEL ?? "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const ffmpegPath = env.FFMPEG_PATH ?? Bun.which("ffmpeg") ?? "ffmpeg";
  const jwtSecret = loadJwtSecret(dataDir, env.JWT_SECRET);
  return {
    port,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    jwtSecret,
    jwtLifetime: env.JWT_LIFETIME ?? "7d",
    mediaTokenKey: deriveMediaTokenKey(jwtSecret),
    mediaTokenSeconds: Number(env.MEDIA_TOKEN_LIFETIME_SECONDS ?? 1800),
    trustedProxies: listOf(env.TRUSTED_PROXIES),
    ffmpegPath,
    // ffprobe ships beside ffmpeg in every distribution we support.
    ffprobePath: env.FFPROBE_PATH ?? (ffmpegPath.includes("/") ? join(dirname(ffmpegPath), "ffprobe") : "ffprobe"),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    logLevel,
    freeQuotaSeconds: Number(env.FREE_QUOTA_SECONDS ?? 3600),
    jobConcurrency: Number(env.JOB_CONCURRENCY ?? cpus().length),
    loginMaxFailuresPerAccount: Number(env.LOGIN_MAX_FAILURES_PER_ACCOUNT ?? 5),
    loginMaxFailuresPerIp: Number(env.LOGIN_MAX_FAILURES_PER_IP ?? 20),
    conversionTtlSeconds: Number(env.CONVERSION_TTL_SECONDS ?? 7 * 24 * 3600),
    playCountWindowSeconds: Number(env.PLAY_COUNT_WINDOW_SECONDS ?? 3600),
    deletionGraceSeconds: Number(env.DELETION_GRACE_SECONDS ?? 7 * 24 * 3600),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 4096) * 1024 * 1024,
  };
}

export const config = loadConfig();
