import type { ReactNode } from "react";
import { PageGuard } from "../shell/PageGuard";
import { SIGNED_OUT_MESSAGE } from "./use-admin-list";

const SECTIONS = [
  { path: "/admin/feature-flags", label: "Feature Flags" },
  { path: "/admin/invite-codes", label: "Invite Codes" },
  { path: "/admin/deleted-tracks", label: "Deleted Tracks" },
  { path: "/admin/users", label: "Users" },
  { path: "/admin/backups", label: "Backups" },
] as const;

export type AdminSection = (typeof SECTIONS)[number]["path"];

/** Every admin screen: the ADMIN-only guard (visitors read the SPEC §2 text, other users go to /), the dashboard heading and its tabs. */
export function AdminShell({ current, children }: { current: AdminSection; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.path === current)?.label;
  return (
    <PageGuard require="admin" visitorMessage={SIGNED_OUT_MESSAGE}>
      <p className="eyebrow">Admin Dashboard</p>
      <h1>{title}</h1>
      <nav className="tabs" aria-label="Admin sections">
        {SECTIONS.map((section) => (
          <a key={section.path} href={section.path} className="tab" aria-current={section.path === current ? "page" : undefined}>
            {section.label}
          </a>
        ))}
      </nav>
      {children}
    </PageGuard>
  );
}
