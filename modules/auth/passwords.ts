import { config, type PasswordHashCost } from "../../src/server/config";
import { perRuntime } from "../../src/server/runtime";
import type { User } from "./schema";

/**
 * argon2id's costs per PASSWORD_HASH_COST. `standard` is Bun's default (64 MiB, 2 passes: about 0.15 s of CPU here).
 * `test` (1 MiB, 1 pass, a hundred times cheaper) is for test runs, which sign up thousands of accounts and spent
 * minutes of CPU hashing; it resists no offline guessing, so the server warns at boot when it is set.
 */
const COSTS: Record<PasswordHashCost, { memoryCost: number; timeCost: number }> = {
  standard: { memoryCost: 65536, timeCost: 2 },
  test: { memoryCost: 1024, timeCost: 1 },
};

/** How passwords are stored: argon2id at the configured cost. A stored hash names its own costs, so any verifies. */
export const hashPassword = (password: string) =>
  Bun.password.hash(password, { algorithm: "argon2id", ...COSTS[config().passwordHashCost] });

/**
 * What a login for an account that does not exist is checked against, so its answer takes as long as a wrong
 * password's: the hash of a random password at the standard cost (modules/auth/passwords.test.ts holds it to
 * `hashPassword`'s). A constant rather than hashed at boot, which cost every process (each API instance and worker,
 * each test server) about 0.15 s of CPU; at the test cost one is made when first needed, which costs nothing.
 */
const STANDARD_UNKNOWN_ACCOUNT_HASH =
  "$argon2id$v=19$m=65536,t=2,p=1$rSCdOmoGkuAo2DFUQMQ6WWjUOCgxwXbz6fs8ZTMpv9Q$2SXceUH8eO2xuXmftjDQ+1/ptovTndpOoah3iAXLu9Q";

export const hashForUnknownAccounts = perRuntime(
  ({ config }): Promise<string> =>
    config.passwordHashCost === "standard" ? Promise.resolve(STANDARD_UNKNOWN_ACCOUNT_HASH) : hashPassword(crypto.randomUUID()),
);

/**
 * What `password_hash` holds for an account made by signing in with OIDC: no password. Not a hash, so no password
 * verifies against it (login checks `hasPassword` first anyway); a reset link sets a real one.
 */
export const NO_PASSWORD = "";

export const hasPassword = (user: Pick<User, "passwordHash">) => user.passwordHash !== NO_PASSWORD;
