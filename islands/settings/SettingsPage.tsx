import type { ReactNode } from "react";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { PageGuard } from "../shell/PageGuard";
import { DeleteAccountForm } from "./DeleteAccountForm";
import { EmailForm } from "./EmailForm";
import { ExportSection } from "./ExportSection";
import { LikesPrivacy } from "./LikesPrivacy";
import { LogoutEverywhereForm } from "./LogoutEverywhereForm";
import { PasswordForm } from "./PasswordForm";
import { ProfileForm } from "./ProfileForm";
import { SessionList } from "./SessionList";
import { TokensSection } from "./TokensSection";

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

/** One panel of the page, named by its heading (a landmark screen readers list). */
function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `settings-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section className="card-panel settings-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** /settings: the signed-in user's account, profile, likes, e-mail address, password, sessions, tokens, data export and leaving. */
export default function SettingsPage() {
  return (
    <PageGuard require="user">
      <h1>Settings</h1>
      <SettingsSection title="Account">
        <AccountSummary />
      </SettingsSection>
      <SettingsSection title="Profile">
        <ProfileForm />
      </SettingsSection>
      <SettingsSection title="Likes">
        <LikesPrivacy />
      </SettingsSection>
      <SettingsSection title="Email">
        <EmailForm />
      </SettingsSection>
      <SettingsSection title="Password">
        <PasswordForm />
      </SettingsSection>
      <SettingsSection title="Sessions">
        <SessionList />
        <LogoutEverywhereForm />
      </SettingsSection>
      <SettingsSection title="Tokens">
        <TokensSection />
      </SettingsSection>
      <SettingsSection title="Your data">
        <ExportSection />
      </SettingsSection>
      <SettingsSection title="Delete account">
        <DeleteAccountForm />
      </SettingsSection>
    </PageGuard>
  );
}
