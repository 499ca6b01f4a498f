import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../lib/api";

export type ListState = "loading" | "ready" | "signed-out" | "failed";

/**
 * Loads an admin list once and on retry. A 401 means the session is gone ('signed-out'); other
 * failures are logged and offered a retry.
 */
export function useAdminList<T>(load: () => Promise<T[]>) {
  const [rows, setRows] = useState<T[]>([]);
  const [state, setState] = useState<ListState>("loading");
  const reload = useCallback(() => {
    setState("loading");
    load()
      .then((loaded) => {
        setRows(loaded);
        setState("ready");
      })
      .catch((error) => {
        console.error("Failed to load an admin list", error);
        setState(isSignedOut(error) ? "signed-out" : "failed");
      });
  }, [load]);
  useEffect(reload, [reload]);
  return { rows, setRows, state, setState, reload };
}

export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The message SPEC §2 gives the admin screens for a visitor without a (valid) token. */
export const SIGNED_OUT_MESSAGE = "You must be logged in to view this page.";
