import { asc, eq } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type License, licenses } from "./schema";

export const licensesRepo = {
  list: (): Promise<License[]> => db.select().from(licenses).orderBy(asc(licenses.id)),
  findById: async (id: string): Promise<License | undefined> =>
    (await db.select().from(licenses).where(eq(licenses.id, id)).limit(1))[0],
};
