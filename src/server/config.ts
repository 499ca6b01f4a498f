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
  /** Media on an S3-compatible bucket instead of DATA_DIR/media; null when S3_BUCKET is unset. */
  s3: S3Config | null;
  /** How media on S3 reaches browsers: a 302 to a presigned URL, or streamed through the app. */
  mediaDelivery: "redirect" | "proxy";
}

/** The names `Bun.s3` itself reads, so operators' tooling can rely on them. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

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

const S3_NAMES = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** S3 settings, checked as a whole so a half-configured bucket stops the boot with the missing names. */
function loadS3Config(env: Record<string, string | undefined>): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = S3_NAMES.filter((name) => env[name]);
    if (stray.length) throw new Error(`${stray.join(", ")} set without S3_BUCKET: set S3_BUCKET to store media on S3`);
    return null;
  }
  const missing = (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !env[name]);
  if (missing.length) throw new Error(`S3_BUCKET is set, so ${missing.join(" and ")} must be set too`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com (got "${endpoint}")`);
  }
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
  };
}

const MEDIA_DELIVERIES = ["redirect", "proxy"] as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? "./data");
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 3000);
  const logLevel = (env.LOG_LEVEL ?? "info") as Config["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const mediaDelivery = (env.MEDIA_DELIVERY ?? "redirect") as Config["mediaDelivery"];
  if (!MEDIA_DELIVERIES.includes(mediaDelivery)) throw new Error("MEDIA_DELIVERY must be redirect or proxy");
  const ffmpegPath = env.FFMPEG_PATH ?? Bun.which("ffmpeg") ?? "ffmpeg";
  return {
    port,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    jwtLifetime: env.JWT_LIFETIME ?? "7d",
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
    s3: loadS3Config(env),
    mediaDelivery,
  };
}

export const config = loadConfig();
