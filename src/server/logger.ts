const ORDER = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof ORDER;

/** LOG_LEVEL, set by createRuntime before it opens anything (the queue broker logs its start); info until then. */
let threshold: Level = "info";
export function setLogLevel(level: Level): void {
  threshold = level;
}

/**
 * Query parameters that are secrets: media tokens, and what an OpenID provider sends back to the OIDC callback (its
 * one-time code and the state binding it to a browser) or, in other flows, tokens themselves.
 */
const SECRET_PARAMETERS = /([?&](?:token|code|state|session_state|id_token|access_token|refresh_token)=)[^&\s"]+/gi;

/** Never lets a token reach the log: secret query values (SECRET_PARAMETERS) and bearer headers are masked. */
export function redact(text: string): string {
  return text.replace(SECRET_PARAMETERS, "$1[redacted]").replace(/(Bearer\s+)[\w.-]+/gi, "$1[redacted]");
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < ORDER[threshold]) return;
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
