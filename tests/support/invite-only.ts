import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import { call } from "./api";
import type { TestServer } from "./server";

export type InviteOnlySwitch = (isEnabled: boolean) => Promise<void>;

/**
 * Creates the EARLY_ACCESS_REQUIRED feature flag (off) as `admin` and returns a switch that turns
 * invite-only registration on or off through the admin API, as an instance admin would.
 */
export async function createInviteOnlySwitch(server: TestServer, admin: { token: string }): Promise<InviteOnlySwitch> {
  const flag = await call<{ id: string }>(server, "POST", "/admin/feature-flags", {
    token: admin.token,
    body: { name: EARLY_ACCESS_FLAG, description: "Registration needs an invite code" },
  });
  if (flag.status !== 200) throw new Error(`creating the flag failed: ${flag.status} ${JSON.stringify(flag.body)}`);
  return async (isEnabled) => {
    const res = await call(server, "PATCH", `/admin/feature-flags/${flag.body.id}`, { token: admin.token, body: { isEnabled } });
    if (res.status !== 200) throw new Error(`switching the flag failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
}
