import { useEffect, useRef, useState } from "react";
import type { User } from "../../modules/auth/model";
import { logout } from "../lib/auth";
import { $avatar } from "../lib/avatar";
import { useIslandStore } from "../lib/use-island-store";

/**
 * The username button (with the avatar, when there is one) and its menu: Admin Dashboard (ADMIN only), Manage
 * Storage, Settings, Logout.
 */
export function UserMenu({ user }: { user: User }) {
  const avatar = useIslandStore($avatar);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Closes on a press outside, and on Escape (handing focus back to the button for keyboard users).
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("mousedown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);
  return (
    <div className="menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        title={user.username}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {avatar && <img className="menu-avatar" src={avatar} alt="" width={24} height={24} />}
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
          <a role="menuitem" href="/settings">
            Settings
          </a>
          <button type="button" role="menuitem" onClick={() => logout()}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
