import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { PageGuard } from "../shell/PageGuard";
import { EmailForm } from "./EmailForm";
import { LogoutEverywhereForm } from "./LogoutEverywhereForm";
import { PasswordForm } from "./PasswordForm";

/** Who is signed in: the account's username and e-mail address. */
function AccountSummary() {
  const auth = useIslandStore($auth);
  if (auth.status !== "signed-in") return null;
  return (
    <dl className="settings-account">
      <div>
        <dt>Username</dt>
        <dd>{auth.user.username}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{auth.user.email}</dd>
      </div>
    </dl>
  );
}

/** /settings: the signed-in user's account, e-mail address, password and sessions. */
export default function SettingsPage() {
  return (
    <PageGuard require="user">
      <h1>Settings</h1>
      <section className="card-panel settings-card" aria-labelledby="settings-account">
        <h2 id="settings-account">Account</h2>
        <AccountSummary />
      </section>
      <section className="card-panel settings-card" aria-labelledby="settings-email">
        <h2 id="settings-email">Email</h2>
        <EmailForm />
      </section>
      <section className="card-panel settings-card" aria-labelledby="settings-password">
        <h2 id="settings-password">Password</h2>
        <PasswordForm />
      </section>
      <section className="card-panel settings-card" aria-labelledby="settings-sessions">
        <h2 id="settings-sessions">Sessions</h2>
        <LogoutEverywhereForm />
      </section>
    </PageGuard>
  );
}
