import { useEffect, useState } from "react";
import type { StorageQuota } from "../../modules/storage/model";
import { formatQuotaDuration } from "../lib/format";
import { fetchStorageQuota } from "../storage/storage-quota";

/**
 * How much storage (seconds of audio) is left before uploading, so a user with a nearly full
 * quota knows before the server refuses. Read once per mount (re-key it to read again); a failed
 * reading leaves the note out rather than block uploading.
 */
export function QuotaNote() {
  const [quota, setQuota] = useState<StorageQuota | null>(null);
  useEffect(() => {
    let live = true;
    fetchStorageQuota().then(
      (next) => live && setQuota(next),
      (error) => console.error("Failed to load the storage quota", error),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!quota) return null;
  const left = Math.max(0, quota.totalQuotaSeconds - quota.currentUsedQuotaSeconds);
  return (
    <p className={`quota-note${quota.isOverQuota || left === 0 ? " quota-note-full" : ""}`}>
      {quota.isOverQuota ? (
        "You have exceeded your storage quota"
      ) : (
        <>
          Storage left: <strong>{formatQuotaDuration(left)}</strong> of {formatQuotaDuration(quota.totalQuotaSeconds)}
        </>
      )}{" "}
      <a href="/manage-storage">Manage Storage</a>
    </p>
  );
}
