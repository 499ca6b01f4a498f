/** uniqueViolation() names the index a refused insert hit (here SQLite's; the PostgreSQL path runs in the API suite). */
import { afterAll, expect, test } from "bun:test";
import { openTestDatabase } from "../../../tests/support/in-process-database";

const db = await openTestDatabase("unique-violation");
const { uniqueViolation } = await import("./unique-violation");
const { eq } = await import("drizzle-orm");
const { users } = await import("../../../modules/auth/schema");

const email = "unique-violation@example.com";
// bun test may run several files on one database (the first file's DATA_DIR): leave it as found.
afterAll(async () => {
  await db.delete(users).where(eq(users.email, email));
});

const refusal = async (values: typeof users.$inferInsert) => {
  try {
    await db.insert(users).values(values);
  } catch (error) {
    return error;
  }
  throw new Error("the insert was not refused");
};

test("a duplicate e-mail or username (any letter case) names its unique index; other errors name none", async () => {
  await db.insert(users).values({ email, username: "unique_violation", passwordHash: "x" });
  expect(uniqueViolation(await refusal({ email: email.toUpperCase(), username: "other_name", passwordHash: "x" }))).toBe(
    "users_email_unique",
  );
  expect(uniqueViolation(await refusal({ email: "other@example.com", username: "UNIQUE_VIOLATION", passwordHash: "x" }))).toBe(
    "users_username_unique",
  );
  expect(uniqueViolation(new Error("something else"))).toBeNull();
  expect(uniqueViolation("not an error")).toBeNull();
});
