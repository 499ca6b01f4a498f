import { POSTGRES_URL } from "./db/dialect";

/** Raised when environment settings are not usable; its message names every bad variable and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** jose's duration units (what @elysiajs/jwt accepts for `exp`), without signs or "ago". */
const DURATION = /^\d+(\.\d+)? ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i;

/** Whether `raw` is an address of one of `protocols` naming a host (`smtp://` alone parses, with no host). */
function isUrlOf(raw: string, protocols: string[]): boolean {
  const url = URL.parse(raw);
  return url !== null && protocols.includes(url.protocol) && url.hostname !== "";
}

/**
 * Reads environment variables, each with its default and accepted values. A bad value is noted (its default is used
 * meanwhile) so that `check()` reports every problem at once; an empty value counts as unset.
 */
export class SettingsReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Record<string, string | undefined>) {}

  private given(name: string): string | undefined {
    return this.env[name]?.trim() || undefined;
  }

  private refuse<T>(name: string, accepted: string, fallback: T): T {
    this.problems.push(`${name} must be ${accepted}, got ${JSON.stringify(this.env[name])}`);
    return fallback;
  }

  wholeNumber(name: string, fallback: number, min: number, max: number): number {
    const raw = this.given(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    return value >= min && value <= max ? value : this.refuse(name, `a whole number from ${min} to ${max}`, fallback);
  }

  oneOf<T extends string>(name: string, options: readonly T[], fallback: T): T {
    const raw = this.given(name);
    if (raw === undefined) return fallback;
    return options.includes(raw as T) ? (raw as T) : this.refuse(name, `one of ${options.join(", ")}`, fallback);
  }

  /** A duration as JWTs take it: "30m", "12h", "7d", "2 hours". */
  duration(name: string, fallback: string): string {
    const raw = this.given(name);
    if (raw === undefined) return fallback;
    return DURATION.test(raw) ? raw : this.refuse(name, "a duration such as 30m, 12h or 7d", fallback);
  }

  /** An http(s) address, without a trailing slash. */
  httpUrl(name: string, fallback: string): string {
    const raw = this.given(name);
    if (raw === undefined) return fallback;
    return isUrlOf(raw, ["http:", "https:"])
      ? raw.replace(/\/$/, "")
      : this.refuse(name, "an http or https address such as https://stemma.example", fallback);
  }

  /**
   * An OpenID Connect issuer identifier, kept exactly as given (its ID tokens' `iss` must equal it, trailing slash
   * and all): https, or http on a loopback address only (a provider on the same machine), since the client secret and
   * the codes travel to it. Null when unset.
   */
  issuerUrl(name: string): string | null {
    const raw = this.given(name);
    if (raw === undefined) return null;
    const url = URL.parse(raw);
    const loopback = url !== null && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    const fits =
      url !== null &&
      url.hostname !== "" &&
      (url.protocol === "https:" || (url.protocol === "http:" && loopback)) &&
      !url.search &&
      !url.hash;
    return fits
      ? raw
      : this.refuse(name, "an https address such as https://id.example/realms/main (http only on a loopback address)", null);
  }

  /** A PostgreSQL address (postgres:// or postgresql://), or null when unset. */
  postgresUrl(name: string): string | null {
    const raw = this.given(name);
    if (raw === undefined) return null;
    return POSTGRES_URL.test(raw)
      ? raw
      : this.refuse(name, "a PostgreSQL address such as postgres://user:password@host:5432/stemma", null);
  }

  /** A mail server's address: smtp:// (STARTTLS when offered) or smtps:// (TLS), with any credentials in it. */
  smtpUrl(name: string): string | null {
    const raw = this.given(name);
    if (raw === undefined) return null;
    return isUrlOf(raw, ["smtp:", "smtps:"])
      ? raw
      : this.refuse(name, "an smtp:// or smtps:// address such as smtp://user:password@mail.example:587", null);
  }

  /** A mail's sender: `address` or `Name <address>`. */
  sender(name: string, fallback: string): string {
    const raw = this.given(name);
    if (raw === undefined) return fallback;
    return /^([^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw)
      ? raw
      : this.refuse(name, "an e-mail address, or a name and an address such as Stemma <no-reply@stemma.example>", fallback);
  }

  email(name: string): string | null {
    const raw = this.given(name);
    if (raw === undefined) return null;
    return /^[^\s@]+@[^\s@]+$/.test(raw) ? raw.toLowerCase() : this.refuse(name, "an e-mail address", null);
  }

  text(name: string, fallback: string): string {
    return this.given(name) ?? fallback;
  }

  /** A problem spanning several settings (one missing beside another), reported with the rest. */
  note(problem: string): void {
    this.problems.push(problem);
  }

  /** Throws a ConfigError naming every bad setting read so far. */
  check(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
