import { expect, test } from "bun:test";
import { hashPassword, UNKNOWN_ACCOUNT_HASH } from "./passwords";

/** `$argon2id$v=19$m=65536,t=2,p=1$`: the algorithm, version and costs, before the salt and the hash. */
const parameters = (hash: string) => hash.split("$").slice(0, 4).join("$");

test("an unknown account is checked against a hash of the same algorithm and costs as a stored password", async () => {
  expect(parameters(UNKNOWN_ACCOUNT_HASH)).toBe(parameters(await hashPassword("Secret123")));
  expect(parameters(UNKNOWN_ACCOUNT_HASH)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
});

test("no likely password opens it", async () => {
  for (const password of ["", "not-a-real-password", "Secret123"])
    expect(await Bun.password.verify(password, UNKNOWN_ACCOUNT_HASH)).toBe(false);
});
