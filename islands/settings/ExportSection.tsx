import { type MouseEvent, useCallback, useEffect, useState } from "react";
import type { AccountExport, AccountExportList } from "../../modules/exports/model";
import { api, fresh, reply } from "../lib/api";
import { formatFileSize } from "../lib/format";

/** How often a running export is checked (like the conversion and processing polls of SPEC §9). */
const POLL_MS = 3000;

const messageOf = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);
const latestOf = (list: AccountExportList) => list[0] ?? null;

/**
 * Settings › Your data: starts an export of everything the account made (a zip made in the background), polls while
 * it is prepared, then offers the download with the date it is kept until. The download link carries a media token
 * that lasts MEDIA_TOKEN_LIFETIME_SECONDS, so a click asks for a fresh one first.
 */
export function ExportSection() {
  const [latest, setLatest] = useState<AccountExport | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const next = latestOf(await reply(api.auth.me.exports.get(fresh())));
    setLatest(next);
    return next;
  }, []);

  useEffect(() => {
    refresh()
      .catch((failure) => setError(messageOf(failure, "Failed to load your exports")))
      .finally(() => setLoaded(true));
  }, [refresh]);

  const pending = latest?.status === "PENDING";
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => refresh().catch(() => {}), POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setLatest(await reply(api.auth.me.export.post()));
    } catch (failure) {
      setError(messageOf(failure, "Failed to start the export"));
    } finally {
      setStarting(false);
    }
  };

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    try {
      const fresh = await refresh();
      if (fresh?.downloadUrl) window.location.assign(fresh.downloadUrl);
    } catch (failure) {
      setError(messageOf(failure, "Failed to download the export"));
    }
  };

  return (
    <div className="export-section">
      <p className="form-hint">
        Download a zip of everything you made here: your originals, stems and cover art, and a <code>stemma.json</code> file with
        your tracks, shares, forks and notifications. It is prepared in the background; you are notified when it is ready.
      </p>
      <div role="status" className="export-status">
        {!loaded && "Loading..."}
        {pending && "Preparing your export. This can take a while for a large library."}
        {latest?.status === "FAILED" && "Your last export could not be made. You can start a new one."}
        {latest?.status === "READY" && latest.downloadUrl && (
          <>
            Your export is ready{latest.sizeBytes !== null ? ` (${formatFileSize(latest.sizeBytes)})` : ""}.{" "}
            <a href={latest.downloadUrl} onClick={download} download>
              Download export
            </a>
            {latest.expiresAt && (
              <span className="export-expiry"> Available until {new Date(latest.expiresAt).toLocaleDateString()}.</span>
            )}
          </>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button" onClick={start} disabled={!loaded || starting || pending}>
        {starting || pending ? "Exporting..." : "Export my data"}
      </button>
    </div>
  );
}
