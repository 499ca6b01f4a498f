/**
 * `npm run grant-quota -- <email> <hours>`: sets a user's paid storage quota (0 removes it) and prints
 * their quota afterwards. Uses DATA_DIR like the server and may run while it does: SQLite in WAL mode
 * takes the write, and the server reads the quota on every request.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { formatQuotaDuration } from "../src/shared/quota-duration";

const [email, hours, ...extra] = process.argv.slice(2);
if (!email || hours === undefined || extra.length)
  fail("Usage: npm run grant-quota -- <email> <hours>   (0 hours removes the paid quota)");

// Checked before the database module is loaded: opening a wrong DATA_DIR would create an empty database there.
// The default is config.ts's, which cannot be imported without creating that folder.
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
if (!existsSync(join(dataDir, "stemma.db"))) fail(`No Stemma database in ${dataDir}: set DATA_DIR to the server's data folder`);

const { HttpError } = await import("../src/server/errors");
const { grantPaidQuota } = await import("../modules/storage/service");
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
