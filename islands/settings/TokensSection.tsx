import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { AccessTokenSummary } from "../../modules/auth/model";
import { ACCESS_TOKEN_SCOPES, type AccessTokenScope, SCOPE_LABELS } from "../../src/shared/access-token-scopes";
import { Field } from "../form/Field";
import { FormError, submitErrorMessage, useSubmit } from "../form/use-submit";
import { api, fresh, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { copyText } from "../lib/clipboard";
import { useIslandStore } from "../lib/use-island-store";

/** The expiries offered, in days; 0: none. */
const EXPIRIES = [
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
  { days: 0, label: "No expiry" },
];
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** The token just made, shown once with a way to copy it. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="new-token" role="status">
      <p>
        <strong>Copy your new token now.</strong> It is not shown again.
      </p>
      <code className="new-token-value">{token}</code>
      <div className="new-token-actions">
        <button type="button" className="button" onClick={async () => setCopied(await copyText(token))}>
          Copy token
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === true && <p className="form-hint">Copied.</p>}
      {copied === false && (
        <p className="form-hint">Your browser did not allow copying: select the token and copy it yourself.</p>
      )}
    </div>
  );
}

/**
 * Settings › Tokens: personal access tokens for scripts and API clients (`Authorization: Bearer …`), each with a
 * name, scopes and an expiry; the token is shown once, when made. Listed with when each was last used; revocable.
 */
export function TokensSection() {
  const auth = useIslandStore($auth);
  const isAdmin = auth.status === "signed-in" && auth.user.role === "ADMIN";
  const [tokens, setTokens] = useState<AccessTokenSummary[] | null>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<AccessTokenScope[]>(["read"]);
  const [expiryDays, setExpiryDays] = useState(30);
  const [made, setMade] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const { submitting, formError, run } = useSubmit();

  const refresh = useCallback(async () => setTokens(await reply(api.auth.tokens.get(fresh()))), []);
  useEffect(() => {
    refresh().catch((failure) => setListError(submitErrorMessage(failure)));
  }, [refresh]);

  const toggle = (scope: AccessTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((kept) => kept !== scope)));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      () => true,
      async () => {
        const expiresAt = expiryDays ? new Date(Date.now() + expiryDays * 86_400_000).toISOString() : null;
        const created = await reply(api.auth.tokens.post({ name, scopes, expiresAt }));
        setMade(created.token);
        setName("");
        await refresh();
      },
      "Failed to make the token",
    );
  };

  const revoke = async (token: AccessTokenSummary) => {
    setListError(null);
    try {
      await reply(api.auth.tokens({ id: token.id }).delete());
      await refresh();
    } catch (failure) {
      setListError(submitErrorMessage(failure));
    }
  };

  const offered = ACCESS_TOKEN_SCOPES.filter((scope) => scope !== "admin" || isAdmin);
  return (
    <div className="tokens-section">
      <p className="form-hint">
        Tokens let scripts and apps use the API as you, within the scopes you give them: send one as{" "}
        <code>Authorization: Bearer &lt;token&gt;</code>. See the{" "}
        <a href="/api/docs" data-astro-reload>
          API reference
        </a>
        .
      </p>
      {made && <NewToken token={made} onDone={() => setMade(null)} />}
      {tokens && tokens.length > 0 && (
        <ul className="credential-list" aria-label="Access tokens">
          {tokens.map((token) => (
            <li key={token.id} className="credential-item">
              <div className="credential-text">
                <strong>{token.name}</strong>
                <span className="credential-meta">
                  {token.scopes.join(", ")} · {token.expiresAt ? `expires ${day(token.expiresAt)}` : "no expiry"} ·{" "}
                  {token.lastUsedAt ? `last used ${day(token.lastUsedAt)}` : "never used"}
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => revoke(token)}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {tokens?.length === 0 && <p>You have no tokens.</p>}
      {listError && (
        <p className="form-error" role="alert">
          {listError}
        </p>
      )}
      <form className="form" noValidate onSubmit={create} aria-label="New token">
        <Field
          label="Token name"
          name="tokenName"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className="token-scopes">
          <legend>Scopes</legend>
          {offered.map((scope) => (
            <label key={scope}>
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
              {SCOPE_LABELS[scope]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="token-expiry">Expires after</label>
          <select id="token-expiry" value={expiryDays} onChange={(event) => setExpiryDays(Number(event.target.value))}>
            {EXPIRIES.map((expiry) => (
              <option key={expiry.days} value={expiry.days}>
                {expiry.label}
              </option>
            ))}
          </select>
        </div>
        <FormError message={formError} />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Making..." : "Make token"}
        </button>
      </form>
    </div>
  );
}
