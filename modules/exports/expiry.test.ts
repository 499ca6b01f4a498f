/** Exports are kept EXPORT_TTL_SECONDS (2 s here): then the sweep removes the zip and the row. */
import { expect, test } from "bun:test";
import { call, signUp } from "../../tests/support/api";
import { startExport, waitExport } from "../../tests/support/exports";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { uploadTiny } from "../../tests/support/uploads";
import type { AccountExportList } from "./model";

const live = setUpServer({ env: { EXPORT_TTL_SECONDS: "2" } });

test("an expired export's zip and row are removed by the sweep, and its link stops working", async () => {
  const user = await signUp(live.server);
  await uploadTiny(live.server, user, { title: "Short-lived" });
  const ready = await waitExport(live.server, user, (await startExport(live.server, user)).id);
  expect(ready.status).toBe("READY");
  expect(Date.parse(ready.expiresAt as string) - Date.parse(ready.readyAt as string)).toBe(2000);
  expect(await storedKeys(live.server, "exports/")).toEqual([`exports/${user.user.id}/${ready.id}.zip`]);

  const gone = async () =>
    (await storedKeys(live.server, "exports/")).length === 0 &&
    (await call<AccountExportList>(live.server, "GET", "/auth/me/exports", { token: user.token })).body.length === 0;
  for (const deadline = Date.now() + 15_000; !(await gone()) && Date.now() < deadline; ) await Bun.sleep(250);
  expect(await gone()).toBe(true);
  const link = await fetch(`${live.server.url}${ready.downloadUrl}`);
  expect(link.status).toBe(404);
}, 30_000);
