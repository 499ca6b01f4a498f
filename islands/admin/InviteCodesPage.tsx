import type { InviteCodeStatus } from "../../modules/admin/model";
import { AdminShell } from "./AdminShell";
import { AdminTable, StatusBadge, ToggleButton } from "./AdminTable";
import { listInviteCodes, setInviteCodeActive } from "./admin-api";
import { CreateInviteCodeForm } from "./CreateInviteCodeForm";
import { useAdminList } from "./use-admin-list";

const loadCodes = () => listInviteCodes().then((response) => response.codes);

/** The Status column: whether the code admits a signup now, and if not, why. */
const STATUS_LABELS: Record<InviteCodeStatus, string> = {
  ACTIVE: "Active",
  INACTIVE: "Inactive",
  USED_UP: "Used up",
  EXPIRED: "Expired",
};

/** 'Never' without an expiry, else the date in the admin's locale (SPEC §2). */
const expiryLabel = (expiresAt: string | null) => (expiresAt ? new Date(expiresAt).toLocaleDateString() : "Never");

function InviteCodes() {
  const list = useAdminList(loadCodes);
  if (list.view) return list.view;
  return (
    <>
      <CreateInviteCodeForm onCreated={(code) => list.setRows((current) => [code, ...current])} />
      <AdminTable
        caption="Invite codes"
        columns={["Code", "Reference", "Uses", "Max Uses", "Expires", "Status"]}
        empty="No invite codes yet"
      >
        {list.rows.map((code) => (
          <tr key={code.id}>
            <td className="mono">{code.code}</td>
            <td>{code.reference || "—"}</td>
            <td>{code.usedCount}</td>
            <td>{code.maxUses}</td>
            <td>{expiryLabel(code.expiresAt)}</td>
            <td>
              <StatusBadge on={code.status === "ACTIVE"} label={STATUS_LABELS[code.status]} />
            </td>
            <td className="action-cell">
              <ToggleButton
                action={code.isActive ? "Deactivate" : "Activate"}
                subject={code.code}
                onClick={() => list.update(() => setInviteCodeActive(code.id, !code.isActive), "Failed to change an invite code")}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
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
