/**
 * The `uploads.expire` sweep: resumable uploads past UPLOAD_EXPIRY_HOURS go, their parts in the store first, while
 * uploads still in their time stay. In-process on SQLite with the local store (the job's handler is this function).
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openTestRuntime, seedUsers } from "../../tests/support/in-process-database";
import { resumableUploadsRepo } from "./repo";
import { resumableUploads } from "./schema";
import { expireUploads } from "./service";

const { db, fileStore } = await openTestRuntime("resumable-expiry");
const [user] = seedUsers(db, ["resumable_sweeper"]);

async function uploadWithOnePart(expiresAt: Date): Promise<string> {
  const row = await resumableUploadsRepo.create(
    { userId: user?.id as string, length: 10, metadata: {}, expiresAt },
    Number.MAX_SAFE_INTEGER,
  );
  const key = `resumable/${row?.id}/0000000000000000-part`;
  await fileStore.put(key, "0123456789");
  await resumableUploadsRepo.appendPart(row?.id as string, 0, { key, size: 10 }, expiresAt);
  return row?.id as string;
}

test("expired uploads are deleted, bytes and row; the others stay", async () => {
  const expired = await uploadWithOnePart(new Date(Date.now() - 1000));
  const current = await uploadWithOnePart(new Date(Date.now() + 3600_000));
  // appendPart moved the expiry on, as a PATCH does: put the first one back in the past.
  db.update(resumableUploads)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(resumableUploads.id, expired))
    .run();
  await expireUploads();
  expect(await resumableUploadsRepo.find(expired)).toBeUndefined();
  expect(await fileStore.stat(`resumable/${expired}/0000000000000000-part`)).toBeNull();
  expect((await resumableUploadsRepo.find(current))?.offset).toBe(10);
  expect(await fileStore.stat(`resumable/${current}/0000000000000000-part`)).toMatchObject({ size: 10 });
  db.delete(resumableUploads).run();
});
