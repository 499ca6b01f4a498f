import { type FormEvent, useState } from "react";
import type { FeatureFlag } from "../../modules/admin/model";
import { FormError, useSubmit } from "../form/use-submit";
import { AdminShell } from "./AdminShell";
import { AdminTable, StatusBadge, ToggleButton } from "./AdminTable";
import { createFeatureFlag, listFeatureFlags, setFeatureFlagEnabled } from "./admin-api";
import { useAdminList } from "./use-admin-list";

function CreateFlagForm({ onCreated }: { onCreated: (flag: FeatureFlag) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const { submitting: busy, formError, run } = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      () => true,
      async () => {
        onCreated(await createFeatureFlag({ name: name.trim(), description: description.trim() }));
        setName("");
        setDescription("");
      },
      "Failed to create a feature flag",
    );
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
      <FormError message={formError} />
    </form>
  );
}

function FeatureFlags() {
  const list = useAdminList(listFeatureFlags);
  if (list.view) return list.view;
  return (
    <>
      <CreateFlagForm
        onCreated={(flag) => list.setRows((current) => [...current, flag].sort((a, b) => a.name.localeCompare(b.name)))}
      />
      <AdminTable caption="Feature flags" columns={["Name", "Description", "Status"]} empty="No feature flags yet">
        {list.rows.map((flag) => (
          <tr key={flag.id}>
            <td className="mono">{flag.name}</td>
            <td>{flag.description}</td>
            <td>
              <StatusBadge on={flag.isEnabled} label={flag.isEnabled ? "Enabled" : "Disabled"} />
            </td>
            <td className="action-cell">
              <ToggleButton
                action={flag.isEnabled ? "Disable" : "Enable"}
                subject={flag.name}
                onClick={() =>
                  list.update(() => setFeatureFlagEnabled(flag.id, !flag.isEnabled), "Failed to change a feature flag")
                }
              />
            </td>
          </tr>
        ))}
      </AdminTable>
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
