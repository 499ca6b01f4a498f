import { config } from "./config";

const ORDER = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof ORDER;

/** Never lets a token reach the log: `token=` query values and bearer headers are masked. */
export function redact(text: string): string {
  return text.replace(/([?&]token=)[^&\s"]+/gi, "$1[redacted]").replace(/(Bearer\s+)[\w.-]+/gi, "$1[redacted]");
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < ORDER[config.logLevel]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message: redact(message), ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${redact(line)}\n`);
}

/** The one logger: JSON lines on stdout/stderr, filtered by LOG_LEVEL. */
export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
