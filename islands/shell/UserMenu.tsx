import { useEffect, useRef, useState } from "react";
import { type AuthUser, logout } from "../lib/auth";

/** The username button and its menu: Admin Dashboard (ADMIN only), Manage Storage, Logout. */
export function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  return (
    <div className="menu" ref={ref}>
      <button type="button" className="menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        {user.username}
      </button>
      {open && (
        <div className="menu-panel" role="menu">
          {user.role === "ADMIN" && (
            <a role="menuitem" href="/admin">
              Admin Dashboard
            </a>
          )}
          <a role="menuitem" href="/manage-storage">
            Manage Storage
          </a>
          <button type="button" role="menuitem" onClick={logout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
