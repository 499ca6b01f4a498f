import { expect, test } from "bun:test";
import { openTestRuntime } from "../../tests/support/in-process-database";
import { hashForUnknownAccounts, hashPassword } from "./passwords";

// At the cost servers run with: the unknown-account hash is a constant only there.
await openTestRuntime("passwords", { PASSWORD_HASH_COST: "standard" });

/** `$argon2id$v=19$m=65536,t=2,p=1$`: the algorithm, version and costs, before the salt and the hash. */
const parameters = (hash: string) => hash.split("$").slice(0, 4).join("$");

test("an unknown account is checked against a hash of the same algorithm and costs as a stored password", async () => {
  expect(parameters(await hashForUnknownAccounts())).toBe(parameters(await hashPassword("Secret123")));
  expect(parameters(await hashForUnknownAccounts())).toBe("$argon2id$v=19$m=65536,t=2,p=1");
});

test("no likely password opens it", async () => {
  for (const password of ["", "not-a-real-password", "Secret123"])
    expect(await Bun.password.verify(password, await hashForUnknownAccounts())).toBe(false);
});
