/**
 * `npm run grant-quota -- <email> <hours>`: sets a user's paid storage quota (0 removes it) and prints
 * their quota afterwards. Uses DATA_DIR (or DATABASE_URL) like the server and may run while it does: SQLite in
 * WAL mode takes the write, and the server reads the quota on every request.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { grantPaidQuota } from "../modules/storage/service";
import { HttpError } from "../src/server/errors";
import { startRuntime } from "../src/server/open-runtime";
import { formatQuotaDuration } from "../src/shared/quota-duration";

const [email, hours, ...extra] = process.argv.slice(2);
if (!email || hours === undefined || extra.length)
  fail("Usage: npm run grant-quota -- <email> <hours>   (0 hours removes the paid quota)");

// Checked before the runtime opens the database: opening a wrong DATA_DIR would create an empty database there.
// The default is config.ts's, whose loadConfig creates that folder.
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
if (!process.env.DATABASE_URL?.trim() && !existsSync(join(dataDir, "stemma.db")))
  fail(`No Stemma database in ${dataDir}: set DATA_DIR to the server's data folder`);

await startRuntime({ queue: false });
try {
  const quota = await grantPaidQuota(email, hours);
  const show = (seconds: number) => `${formatQuotaDuration(seconds)} (${seconds} s)`;
  console.log(`Paid quota of ${email}: ${show(quota.paidQuotaSeconds)}`);
  console.log(`Total quota: ${show(quota.totalQuotaSeconds)} = free ${show(quota.freeQuotaSeconds)} + paid`);
  console.log(`Used: ${show(Math.round(quota.currentUsedQuotaSeconds))}${quota.isOverQuota ? " (over quota)" : ""}`);
} catch (error) {
  if (error instanceof HttpError) fail(error.message);
  throw error;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
