import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { ConfigError, SettingsReader } from "./settings";

/** Every setting comes from the environment; the README documents each with its default. */
export interface Config {
  port: number;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  jwtLifetime: string;
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
/** More ffmpeg processes at once than this only thrash, even on large machines. */
const MAX_JOBS = 64;

/** JWT_SECRET when set; otherwise one generated on first boot and kept in DATA_DIR (mode 0600). */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}

const DAY = 24 * 3600;
const YEAR = 365 * DAY;

/** Reads and checks every setting; a bad one throws a ConfigError that names it and what it accepts. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const read = new SettingsReader(env);
  const port = read.wholeNumber("PORT", 3000, 0, 65535);
  const settings = {
    port,
    publicUrl: read.httpUrl("PUBLIC_URL", `http://localhost:${port}`),
    jwtLifetime: read.duration("JWT_LIFETIME", "7d"),
    adminEmail: read.email("ADMIN_EMAIL"),
    logLevel: read.oneOf("LOG_LEVEL", LOG_LEVELS, "info"),
    freeQuotaSeconds: read.wholeNumber("FREE_QUOTA_SECONDS", 3600, 0, 1_000_000_000),
    jobConcurrency: read.wholeNumber("JOB_CONCURRENCY", Math.min(cpus().length, MAX_JOBS), 1, MAX_JOBS),
    loginMaxFailuresPerAccount: read.wholeNumber("LOGIN_MAX_FAILURES_PER_ACCOUNT", 5, 1, 1_000_000),
    loginMaxFailuresPerIp: read.wholeNumber("LOGIN_MAX_FAILURES_PER_IP", 20, 1, 1_000_000),
    conversionTtlSeconds: read.wholeNumber("CONVERSION_TTL_SECONDS", 7 * DAY, 1, YEAR),
    playCountWindowSeconds: read.wholeNumber("PLAY_COUNT_WINDOW_SECONDS", 3600, 1, YEAR),
    deletionGraceSeconds: read.wholeNumber("DELETION_GRACE_SECONDS", 7 * DAY, 0, YEAR),
    maxUploadBytes: read.wholeNumber("MAX_UPLOAD_MB", 4096, 1, 1_048_576) * 1024 * 1024,
  };
  read.check();
  const dataDir = resolve(read.text("DATA_DIR", "./data"));
  mkdirSync(dataDir, { recursive: true });
  const ffmpegPath = read.text("FFMPEG_PATH", Bun.which("ffmpeg") ?? "ffmpeg");
  return {
    ...settings,
    dataDir,
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    ffmpegPath,
    // ffprobe ships beside ffmpeg in every distribution we support.
    ffprobePath: read.text("FFPROBE_PATH", ffmpegPath.includes("/") ? join(dirname(ffmpegPath), "ffprobe") : "ffprobe"),
  };
}

/** The settings, read once at boot; a bad one stops the process with its message (exit code 1). */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The logger is configured from these settings, so this one message goes straight to stderr.
    process.stderr.write(`Stemma cannot start:\n${error.message}\n`);
    process.exit(1);
  }
}

export const config = loadConfigOrExit();
