import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { AdminShell } from "./AdminShell";
import { type InviteCode, listInviteCodes, setInviteCodeActive } from "./admin-api";
import { CreateInviteCodeForm } from "./CreateInviteCodeForm";
import { isSignedOut, SIGNED_OUT_MESSAGE, useAdminList } from "./use-admin-list";

const loadCodes = () => listInviteCodes().then((response) => response.codes);

/** 'Never' without an expiry, else the date in the admin's locale (SPEC §2). */
const expiryLabel = (expiresAt: string | null) => (expiresAt ? new Date(expiresAt).toLocaleDateString() : "Never");

function InviteCodes() {
  const { rows: codes, setRows: setCodes, state, setState, reload } = useAdminList(loadCodes);
  const toggle = (code: InviteCode) => {
    setInviteCodeActive(code.id, !code.isActive)
      .then((updated) => setCodes((current) => current.map((row) => (row.id === updated.id ? updated : row))))
      .catch((error) => {
        // Admin action failures are only logged (SPEC §8), unless the session itself is gone.
        console.error("Failed to change an invite code", error);
        if (isSignedOut(error)) setState("signed-out");
      });
  };
  if (state === "signed-out") return <ErrorView message={SIGNED_OUT_MESSAGE} />;
  if (state === "loading") return <Loading />;
  if (state === "failed") return <ErrorView onRetry={reload} />;
  return (
    <>
      <CreateInviteCodeForm onCreated={(code) => setCodes((current) => [code, ...current])} />
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">Invite codes</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Reference</th>
              <th scope="col">Uses</th>
              <th scope="col">Max Uses</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.length === 0 && (
              <tr>
                <td colSpan={7} className="empty-row">
                  No invite codes yet
                </td>
              </tr>
            )}
            {codes.map((code) => (
              <tr key={code.id}>
                <td className="mono">{code.code}</td>
                <td>{code.reference || "—"}</td>
                <td>{code.usedCount}</td>
                <td>{code.maxUses}</td>
                <td>{expiryLabel(code.expiresAt)}</td>
                <td>
                  <span className={`status-badge ${code.isActive ? "status-on" : "status-off"}`}>
                    {code.isActive ? "Active" : "Inactive"}
                  </span>
                </td>
                <td className="action-cell">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={`${code.isActive ? "Deactivate" : "Activate"} ${code.code}`}
                    onClick={() => toggle(code)}
                  >
                    {code.isActive ? "Deactivate" : "Activate"}
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

export default function InviteCodesPage() {
  return (
    <AdminShell current="/admin/invite-codes">
      <InviteCodes />
    </AdminShell>
  );
}
