import { createElement, type ReactElement, useCallback, useEffect, useState } from "react";
import { ApiError } from "../lib/api";
import { SignInNotice } from "../shell/PageGuard";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";

type ListState = "loading" | "ready" | "signed-out" | "failed";

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The message SPEC §2 gives the admin screens for a visitor without a (valid) token. */
export const SIGNED_OUT_MESSAGE = "You must be logged in to view this page.";

/**
 * Loads an admin list once and on retry. A 401 means the session is gone ('signed-out'); other
 * failures are logged and offered a retry. `view` is what to show instead of the list until it is
 * ready; `update` runs a row's action and puts the changed row the server returns in its place.
 */
export function useAdminList<T extends { id: string }>(load: () => Promise<T[]>) {
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

  const update = (action: () => Promise<T>, failureLog: string) => {
    action()
      .then((updated) => setRows((current) => current.map((row) => (row.id === updated.id ? updated : row))))
      .catch((error) => {
        // Admin action failures are only logged (SPEC §8), unless the session itself is gone.
        console.error(failureLog, error);
        if (isSignedOut(error)) setState("signed-out");
      });
  };

  let view: ReactElement | null = null;
  if (state === "signed-out") view = createElement(SignInNotice, { message: SIGNED_OUT_MESSAGE });
  else if (state === "loading") view = createElement(Loading);
  else if (state === "failed") view = createElement(ErrorView, { onRetry: reload });
  return { rows, setRows, view, update };
}
