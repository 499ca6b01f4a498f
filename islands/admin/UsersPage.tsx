import { type FormEvent, useCallback, useRef, useState } from "react";
import type { AdminUser, PasswordResetLink } from "../../modules/admin/model";
import { Modal } from "../forks/Modal";
import { FormError, useSubmit } from "../form/use-submit";
import { copyText } from "../lib/clipboard";
import { formatQuotaDuration } from "../lib/format";
import { AdminShell } from "./AdminShell";
import { AdminTable, StatusBadge } from "./AdminTable";
import { createResetLink, listUsers, setPaidQuota } from "./admin-api";
import { EarlyAccessRequests } from "./EarlyAccessRequests";
import { useAdminList } from "./use-admin-list";

const HOUR = 3600;

/** The link to hand over, with when it stops working; copied with one click where the browser allows it. */
function ResetLinkDialog({ user, link, onClose }: { user: AdminUser; link: PasswordResetLink; onClose: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = () =>
    copyText(link.url).then((done) => {
      setCopied(done);
      // Where the browser refused, the link is left selected for the admin's own copy.
      if (!done) field.current?.select();
    });
  return (
    <Modal title={`Reset link for ${user.username}`} onClose={onClose}>
      <p>
        Give this link to {user.username} yourself. It sets a new password once, until {new Date(link.expiresAt).toLocaleString()}
        , and ends their sessions.
      </p>
      <div className="field">
        <label htmlFor="reset-link">Reset link</label>
        <input id="reset-link" ref={field} readOnly value={link.url} onFocus={(event) => event.target.select()} />
      </div>
      <p className="field-hint" role="status">
        {copied === false ? "Could not copy: the link is selected, copy it yourself" : ""}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={copy}>
          {copied ? "Copied" : "Copy link"}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

/** Paid quota in hours (decimals allowed), on top of everyone's free quota; 0 removes it. */
function PaidQuotaDialog({
  user,
  onSaved,
  onClose,
}: {
  user: AdminUser;
  onSaved: (user: AdminUser) => void;
  onClose: () => void;
}) {
  const [hours, setHours] = useState(String(user.paidQuotaSeconds / HOUR));
  const { submitting, formError, run } = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      () => true,
      async () => {
        onSaved(await setPaidQuota(user.id, Number(hours)));
        onClose();
      },
      "Failed to set the paid quota",
    );
  };
  return (
    <Modal title={`Paid quota for ${user.username}`} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="paid-hours">Paid quota (hours)</label>
          <input
            id="paid-hours"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            required
            value={hours}
            onChange={(event) => setHours(event.target.value)}
          />
          <p className="field-hint">
            Added to the free quota of {formatQuotaDuration(user.totalQuotaSeconds - user.paidQuotaSeconds)}; 0 removes it.
          </p>
        </div>
        <FormError message={formError} />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={submitting}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

type Dialog = { kind: "reset"; user: AdminUser; link: PasswordResetLink } | { kind: "quota"; user: AdminUser } | null;

function Users() {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [hasMore, setHasMore] = useState(false);
  const load = useCallback(
    () =>
      listUsers(search).then((reply) => {
        setHasMore(reply.hasMore);
        return reply.users;
      }),
    [search],
  );
  const list = useAdminList(load);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const makeResetLink = (user: AdminUser) => {
    setActionError(null);
    createResetLink(user.id)
      .then((link) => setDialog({ kind: "reset", user, link }))
      .catch((error: Error) => setActionError(`Error: ${error.message}`));
  };

  return (
    <>
      <form
        className="admin-search"
        aria-label="User search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <label htmlFor="user-search">Search users</label>
        <input
          id="user-search"
          type="search"
          maxLength={200}
          placeholder="Part of a username, or a whole e-mail address"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </form>
      <FormError message={actionError} />
      {list.view ?? (
        <>
          <AdminTable
            stacked
            caption="Users"
            columns={["Username", "Role", "Created", "Tracks", "Storage used", "Paid quota"]}
            empty={search ? "No users match this search" : "No users yet"}
          >
            {list.rows.map((user) => (
              <tr key={user.id}>
                <td>{user.username}</td>
                <td data-label="Role">
                  <StatusBadge on={user.role === "ADMIN"} label={user.role === "ADMIN" ? "Admin" : "User"} />
                </td>
                <td data-label="Created">{new Date(user.createdAt).toLocaleDateString()}</td>
                <td data-label="Tracks">{user.trackCount}</td>
                <td data-label="Storage used">
                  {formatQuotaDuration(user.usedQuotaSeconds)} of {formatQuotaDuration(user.totalQuotaSeconds)}
                </td>
                <td data-label="Paid quota">{user.paidQuotaSeconds ? formatQuotaDuration(user.paidQuotaSeconds) : "None"}</td>
                <td className="action-cell">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={`Reset link for ${user.username}`}
                    onClick={() => makeResetLink(user)}
                  >
                    Reset link
                  </button>
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={`Paid quota for ${user.username}`}
                    onClick={() => setDialog({ kind: "quota", user })}
                  >
                    Paid quota
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
          {hasMore && <p className="field-hint">Only the newest {list.rows.length} accounts are shown: search to find others.</p>}
        </>
      )}
      {dialog?.kind === "reset" && <ResetLinkDialog user={dialog.user} link={dialog.link} onClose={() => setDialog(null)} />}
      {dialog?.kind === "quota" && (
        <PaidQuotaDialog
          user={dialog.user}
          onSaved={(saved) => list.setRows((rows) => rows.map((row) => (row.id === saved.id ? saved : row)))}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** The admin's Users screen: accounts, a reset link for a forgotten password, paid quota, and who waits to join. */
export default function UsersPage() {
  return (
    <AdminShell current="/admin/users">
      <Users />
      <EarlyAccessRequests />
    </AdminShell>
  );
}
