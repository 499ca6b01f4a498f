import { useCallback, useEffect, useState } from "react";
import type { License } from "../../modules/licenses/model";
import { api, reply } from "../lib/api";

export type LicensesState =
  | { status: "loading" }
  | { status: "ready"; licenses: License[] }
  | { status: "error"; message: string; retry: () => void };

/** SPEC §8: 'Failed to fetch licenses' is logged; the user reads the message below. */
export const LICENSES_FAILED = "Failed to load licenses. Please try again later.";

/** The licence options for an upload form, fetched once per mount (GET /api/licenses). */
export function useLicenses(): LicensesState {
  const [state, setState] = useState<LicensesState>({ status: "loading" });
  const load = useCallback(() => {
    let live = true;
    setState({ status: "loading" });
    reply(api.licenses.get()).then(
      (licenses) => live && setState({ status: "ready", licenses }),
      (error) => {
        console.error("Failed to fetch licenses", error);
        if (live) setState({ status: "error", message: LICENSES_FAILED, retry: load });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(load, [load]);
  return state;
}
