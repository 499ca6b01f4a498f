import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import { call } from "./api";
import type { ApiServer } from "./server";

export type InviteOnlySwitch = (isEnabled: boolean) => Promise<void>;

/**
 * Finds the EARLY_ACCESS_REQUIRED feature flag (created off at boot) as `admin` and returns a switch that
 * turns invite-only registration on or off through the admin API, as an instance admin would.
 */
export async function createInviteOnlySwitch(server: ApiServer, admin: { token: string }): Promise<InviteOnlySwitch> {
  const flags = await call<{ id: string; name: string }[]>(server, "GET", "/admin/feature-flags", { token: admin.token });
  const flag = flags.body.find((candidate) => candidate.name === EARLY_ACCESS_FLAG);
  if (!flag) throw new Error(`the ${EARLY_ACCESS_FLAG} flag is missing: ${flags.status} ${JSON.stringify(flags.body)}`);
  return async (isEnabled) => {
    const res = await call(server, "PATCH", `/admin/feature-flags/${flag.id}`, { token: admin.token, body: { isEnabled } });
    if (res.status !== 200) throw new Error(`switching the flag failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
}
