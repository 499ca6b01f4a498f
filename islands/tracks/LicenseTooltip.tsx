import { useEffect, useId, useRef, useState } from "react";
import type { License } from "../../modules/licenses/model";
import { api, reply } from "../lib/api";
import { creativeCommonsUrl, licenseLabel } from "../lib/licenses";

/** SPEC §9 tooltip delay, for pointing and focusing; a click opens at once. */
const OPEN_DELAY_MS = 700;
/** Licences never change while a page is open: each is fetched once, and only when first opened. */
const licenses = new Map<string, Promise<License>>();
function fetchLicense(id: string): Promise<License> {
  let pending = licenses.get(id);
  if (!pending) {
    pending = reply(api.licenses({ id: encodeURIComponent(id) }).get());
    pending.catch(() => licenses.delete(id));
    licenses.set(id, pending);
  }
  return pending;
}

type Loaded = { status: "loading" } | { status: "ready"; license: License } | { status: "failed" };

/**
 * The licence icon of a card. Owners read the licence's description, everyone else its usage description
 * (SPEC §6); Creative Commons licences link to their public text in a new tab.
 */
export function LicenseTooltip({
  licenseId,
  licenseType,
  isOwner,
}: {
  licenseId: string;
  licenseType?: string | null;
  isOwner: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const tooltipId = useId();
  const label = licenseType === "ALL_RIGHTS_RESERVED" ? "All Rights Reserved" : licenseType ? "Creative Commons" : "License";
  // Plain text, not the 🅭 symbol: few fonts carry it. The accessible name starts with it (WCAG 2.5.3).
  const symbol = licenseType === "ALL_RIGHTS_RESERVED" ? "©" : "CC";
  const name = `${symbol} License: ${label}`;

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoaded((previous) => (previous.status === "ready" ? previous : { status: "loading" }));
    fetchLicense(licenseId).then(
      (license) => current && setLoaded({ status: "ready", license }),
      () => current && setLoaded({ status: "failed" }),
    );
    const closeOnOutsidePress = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", closeOnOutsidePress);
    return () => {
      current = false;
      document.removeEventListener("mousedown", closeOnOutsidePress);
    };
  }, [open, licenseId]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function cancelTimer() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }
  function openLater() {
    cancelTimer();
    timer.current = setTimeout(() => setOpen(true), OPEN_DELAY_MS);
  }

  const link = loaded.status === "ready" ? creativeCommonsUrl(loaded.license.type) : null;
  const heading =
    loaded.status === "ready" && loaded.license.type === "ALL_RIGHTS_RESERVED" ? "All Rights Reserved" : "Creative Commons";
  return (
    <span className="license-tooltip" ref={wrapper}>
      <button
        type="button"
        className="card-icon js-only"
        aria-label={name}
        aria-expanded={open}
        aria-describedby={open ? tooltipId : undefined}
        onClick={() => {
          cancelTimer();
          setOpen(!open);
        }}
        onMouseEnter={openLater}
        onMouseLeave={cancelTimer}
        onFocus={openLater}
        onBlur={cancelTimer}
        onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
      >
        {symbol === "CC" ? <span className="license-cc">CC</span> : symbol}
      </button>
      {/* Without JavaScript the tooltip cannot open: the licence is named as text instead of a dead button. */}
      <span className="card-icon no-js-only" role="img" aria-label={name} title={label}>
        {symbol}
      </span>
      {open && (
        <span role="tooltip" id={tooltipId} className="tooltip">
          {loaded.status === "loading" && "Loading..."}
          {loaded.status === "failed" && "License details unavailable"}
          {loaded.status === "ready" && (
            <>
              <strong>{heading}</strong>
              {licenseLabel(loaded.license) !== heading && <span className="tooltip-name">{licenseLabel(loaded.license)}</span>}
              <span>{isOwner ? loaded.license.description : loaded.license.usageDescription}</span>
              {link && (
                <a href={link} target="_blank" rel="noopener noreferrer">
                  Read the license
                </a>
              )}
            </>
          )}
        </span>
      )}
    </span>
  );
}
