import { useCallback, useEffect, useState } from "react";
import type { SessionSummary } from "../../modules/auth/model";
import { submitErrorMessage } from "../form/use-submit";
import { api, fresh, reply } from "../lib/api";
import { logout } from "../lib/auth";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * Settings › Sessions: each browser or app signed in to the account (what its user agent says it is, when it signed
 * in, when and from where it was last seen), with "Sign out" for each and "Sign out everywhere else". Signing this
 * browser out goes to /login.
 */
export function SessionList() {
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => setSessions(await reply(api.auth.sessions.get(fresh()))), []);
  useEffect(() => {
    refresh().catch((failure) => setError(submitErrorMessage(failure)));
  }, [refresh]);

  const signOut = async (ended: SessionSummary[]) => {
    setBusy(true);
    setError(null);
    try {
      for (const session of ended) await reply(api.auth.sessions({ id: session.id }).delete());
      if (ended.some((session) => session.current)) return await logout();
      await refresh();
    } catch (failure) {
      setError(submitErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <div className="session-list">
      {!sessions && !error && <p role="status">Loading...</p>}
      {sessions && (
        <ul className="credential-list" aria-label="Signed-in sessions">
          {sessions.map((session) => (
            <li key={session.id} className="credential-item">
              <div className="credential-text">
                <strong>
                  {session.browser} on {session.device}
                </strong>
                {session.current && <span className="credential-current">This browser</span>}
                <span className="credential-meta">
                  Signed in {when(session.createdAt)} · last seen {when(session.lastSeenAt)}
                  {session.lastIp && ` from ${session.lastIp}`}
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => signOut([session])}
                aria-label={`Sign out ${session.browser} on ${session.device}${session.current ? " (this browser)" : ""}`}
              >
                Sign out
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {others.length > 0 && (
        <button type="button" className="button" disabled={busy} onClick={() => signOut(others)}>
          Sign out everywhere else
        </button>
      )}
    </div>
  );
}
