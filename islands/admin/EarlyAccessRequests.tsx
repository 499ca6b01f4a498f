import { AdminTable } from "./AdminTable";
import { listEarlyAccessRequests } from "./admin-api";
import { useAdminList } from "./use-admin-list";

/**
 * Who asked for early access and has no account yet, newest first: whom to send an invite code (the Invite Codes
 * tab makes one). Each asker is also told to admins once, as a notification.
 */
export function EarlyAccessRequests() {
  const list = useAdminList(listEarlyAccessRequests);
  return (
    <section className="admin-section" aria-labelledby="early-access-heading">
      <h2 id="early-access-heading">Early Access Requests</h2>
      {list.view ?? (
        <AdminTable caption="Early access requests" columns={["E-mail", "Requested"]} empty="No one is waiting for early access">
          {list.rows.map((request) => (
            <tr key={request.id}>
              <td>{request.email}</td>
              <td>{new Date(request.createdAt).toLocaleString()}</td>
              <td />
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
