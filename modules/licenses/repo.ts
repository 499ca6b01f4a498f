import { asc, eq } from "drizzle-orm";
import { db } from "../../src/server/db";
import { type License, licenses } from "./schema";

export const licensesRepo = {
  list: (): License[] => db.select().from(licenses).orderBy(asc(licenses.id)).all(),
  findById: (id: string): License | undefined => db.select().from(licenses).where(eq(licenses.id, id)).get(),
};
