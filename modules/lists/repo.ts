import { allRaw } from "../../src/server/db/raw";

export const listsRepo = {
  /**
   * The version of what the lists show right now (schema.ts), read on every list request. Hand-written: this runs
   * before every kept answer, and building it through drizzle costs more than the read.
   */
  async contentVersion(): Promise<number> {
    const [row] = await allRaw<{ content: number | string }>("select content from list_versions where id = 1");
    // PostgreSQL's bigint arrives as text.
    return Number(row?.content ?? 0);
  },
};
