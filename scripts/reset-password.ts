/**
 * `npm run reset-password -- <email>`: prints a link that sets a new password for that account, working once for an
 * hour, for an administrator to hand to a user who forgot theirs (no mail server needed). Uses DATA_DIR (or
 * DATABASE_URL) and PUBLIC_URL like the server, and may run while it does.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createPasswordReset } from "../modules/auth/service";
import { HttpError } from "../src/server/errors";
import { startRuntime } from "../src/server/open-runtime";

const [email, ...extra] = process.argv.slice(2);
if (!email || extra.length) fail("Usage: npm run reset-password -- <email>");

// Checked before the runtime opens the database: opening a wrong DATA_DIR would create an empty database there.
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
if (!process.env.DATABASE_URL?.trim() && !existsSync(join(dataDir, "stemma.db")))
  fail(`No Stemma database in ${dataDir}: set DATA_DIR to the server's data folder`);

await startRuntime({ queue: false });
try {
  const link = await createPasswordReset(email);
  console.log(`Reset link for ${email} (works once, until ${link.expiresAt.toISOString()}):`);
  console.log(link.url);
} catch (error) {
  if (error instanceof HttpError) fail(error.message);
  throw error;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
