import { type FormEvent, useState } from "react";
import { ApiError } from "../lib/api";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { AdminShell } from "./AdminShell";
import { createFeatureFlag, type FeatureFlag, listFeatureFlags, setFeatureFlagEnabled } from "./admin-api";
import { isSignedOut, SIGNED_OUT_MESSAGE, useAdminList } from "./use-admin-list";

function CreateFlagForm({ onCreated }: { onCreated: (flag: FeatureFlag) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    createFeatureFlag({ name: name.trim(), description: description.trim() })
      .then((flag) => {
        onCreated(flag);
        setName("");
        setDescription("");
      })
      .catch((failure) => {
        console.error("Failed to create a feature flag", failure);
        setError(failure instanceof ApiError ? failure.serverMessage : "An error occurred");
      })
      .finally(() => setBusy(false));
  };
  return (
    <form className="card-panel admin-form" onSubmit={submit} aria-label="Create feature flag">
      <h2>Create Feature Flag</h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor="flag-name">Flag Name</label>
          <input
            id="flag-name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="EARLY_ACCESS_REQUIRED"
          />
        </div>
        <div className="field field-wide">
          <label htmlFor="flag-description">Description</label>
          <input id="flag-description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Create Flag
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function FeatureFlags() {
  const { rows: flags, setRows: setFlags, state, setState, reload } = useAdminList(listFeatureFlags);
  const toggle = (flag: FeatureFlag) => {
    setFeatureFlagEnabled(flag.id, !flag.isEnabled)
      .then((updated) => setFlags((current) => current.map((row) => (row.id === updated.id ? updated : row))))
      .catch((error) => {
        // Admin action failures are only logged (SPEC §8), unless the session itself is gone.
        console.error("Failed to change a feature flag", error);
        if (isSignedOut(error)) setState("signed-out");
      });
  };
  if (state === "signed-out") return <ErrorView message={SIGNED_OUT_MESSAGE} />;
  if (state === "loading") return <Loading />;
  if (state === "failed") return <ErrorView onRetry={reload} />;
  return (
    <>
      <CreateFlagForm
        onCreated={(flag) => setFlags((current) => [...current, flag].sort((a, b) => a.name.localeCompare(b.name)))}
      />
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">Feature flags</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {flags.length === 0 && (
              <tr>
                <td colSpan={4} className="empty-row">
                  No feature flags yet
                </td>
              </tr>
            )}
            {flags.map((flag) => (
              <tr key={flag.id}>
                <td className="mono">{flag.name}</td>
                <td>{flag.description}</td>
                <td>
                  <span className={`status-badge ${flag.isEnabled ? "status-on" : "status-off"}`}>
                    {flag.isEnabled ? "Enabled" : "Disabled"}
                  </span>
                </td>
                <td className="action-cell">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={`${flag.isEnabled ? "Disable" : "Enable"} ${flag.name}`}
                    onClick={() => toggle(flag)}
                  >
                    {flag.isEnabled ? "Disable" : "Enable"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export default function FeatureFlagsPage() {
  return (
    <AdminShell current="/admin/feature-flags">
      <FeatureFlags />
    </AdminShell>
  );
}
