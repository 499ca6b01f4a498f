/** How passwords are stored: argon2id with Bun's default parameters. */
export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

/**
 * What a login for an account that does not exist is checked against, so its answer takes as long as a wrong
 * password's: the hash of a random password, made once by `hashPassword` (modules/auth/passwords.test.ts holds it
 * to the same parameters). A constant rather than hashed at boot, which cost every process (each API instance and
 * worker, each test server) about 0.15 s of CPU.
 */
export const UNKNOWN_ACCOUNT_HASH =
  "$argon2id$v=19$m=65536,t=2,p=1$rSCdOmoGkuAo2DFUQMQ6WWjUOCgxwXbz6fs8ZTMpv9Q$2SXceUH8eO2xuXmftjDQ+1/ptovTndpOoah3iAXLu9Q";
