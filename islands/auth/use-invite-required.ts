import { useCallback, useEffect, useState } from "react";
import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import { api, reply } from "../lib/api";

export type InviteRequirement =
  | { status: "loading" }
  | { status: "ready"; inviteRequired: boolean }
  | { status: "error"; message: string; retry: () => void };

/** Whether registration needs an invite code right now: the EARLY_ACCESS_REQUIRED flag (SPEC §1). */
export function useInviteRequired(): InviteRequirement {
  const [state, setState] = useState<InviteRequirement>({ status: "loading" });
  const load = useCallback(() => {
    setState({ status: "loading" });
    reply(api.auth["enabled-features"].get())
      .then((features) => setState({ status: "ready", inviteRequired: features.includes(EARLY_ACCESS_FLAG) }))
      .catch((error: Error) => setState({ status: "error", message: error.message, retry: load }));
  }, []);
  useEffect(load, [load]);
  return state;
}
