import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { Profile } from "../../modules/auth/model";
import { signInHref } from "../lib/return-path";
import { initSession } from "../lib/session";
import { useReturnPath } from "../lib/use-return-path";
import { useViewer } from "../lib/use-viewer";
import signedInControlsOnServer from "./SignedInControls?server-only";

// Loaded once signed in: visitors never download the bell, the user menu or the notifications' code. On the server
// they render at once, so a page rendered for a signed-in viewer has them in its HTML, which the browser keeps until
// their code has loaded (a lazy component suspending while it hydrates).
const SignedInControls =
  (signedInControlsOnServer as typeof import("./SignedInControls").default | null) ?? lazy(() => import("./SignedInControls"));

/** The places of the bell and the user menu, held while a stored session is checked or their code loads. */
function SignedInPlaceholder({ shown = false }: { shown?: boolean }) {
  return <span className={shown ? "signed-in-placeholder" : "signed-in-placeholder while-session"} aria-hidden="true" />;
}

/**
 * The top bar of every page (SPEC §2): brand, My Tracks and Upload Track (behind a menu button
 * below 640px), a search box (a search link below 640px), Login when signed out and not on /login (coming back to this page afterwards), the
 * bell and the user menu when signed in. `viewer` is who the server rendered the page for (issue 39): the page starts
 * the browser's session from it, and from /api/auth/me only where the server could not say (a page kept for visitors).
 */
export default function TopBar({ currentPath, viewer }: { currentPath: string; viewer?: Profile | null }) {
  const auth = useViewer(viewer);
  const [menuOpen, setMenuOpen] = useState(false);
  const returnPath = useReturnPath(currentPath);
  useEffect(() => initSession(viewer), [viewer]);
  const user = auth.status === "signed-in" ? auth.user : null;
  // The same element while the user is: React would give up the server's HTML of a lazy part still loading if its
  // boundary were rendered again meanwhile (the store learning who is signed in), and draw it anew.
  const signedInControls = useMemo(
    () =>
      user && (
        <Suspense fallback={<SignedInPlaceholder shown />}>
          <SignedInControls user={user} />
        </Suspense>
      ),
    [user],
  );
  return (
    <header className="topbar">
      <nav className="topbar-inner" aria-label="Main">
        <a href="/" className="brand">
          Stemma
        </a>
        <div className="nav-links wide-only">
          <a href="/my-tracks">My Tracks</a>
          <a href="/upload">Upload Track</a>
        </div>
        <search className="topbar-search wide-only">
          <form method="get" action="/search">
            <input type="search" name="q" aria-label="Search tracks, stems and artists" placeholder="Search" maxLength={200} />
          </form>
        </search>
        <div className="topbar-end">
          <a href="/search" className="topbar-search-link narrow-only">
            <span className="visually-hidden">Search</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
          {auth.status === "anonymous" && currentPath !== "/login" && (
            <a href={signInHref("/login", returnPath)} className="button button-small">
              Login
            </a>
          )}
          {/*
           * Before the session is known the server's page offers Login (a visitor's and a no-JavaScript reader's
           * view), unless a stored session is being checked (html[data-session], set before the first paint by
           * layouts/Base.astro): then the bell's and the menu's places are held instead, so nothing is swapped.
           */}
          {auth.status === "unknown" && (
            <>
              {currentPath !== "/login" && (
                <a href={signInHref("/login", currentPath)} className="button button-small while-no-session">
                  Login
                </a>
              )}
              <SignedInPlaceholder />
            </>
          )}
          {signedInControls}
          <button
            type="button"
            className="menu-toggle narrow-only js-only"
            aria-label="Menu"
            aria-controls="narrow-menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            ☰
          </button>
        </div>
      </nav>
      {menuOpen && (
        <nav id="narrow-menu" className="nav-links narrow-menu narrow-only" aria-label="Main menu">
          <a href="/my-tracks">My Tracks</a>
          <a href="/upload">Upload Track</a>
        </nav>
      )}
    </header>
  );
}
