import { useEffect, useState } from "react";
import type { StorageQuota } from "../../modules/storage/model";
import { formatQuotaDuration } from "../lib/format";
import { showToast } from "../lib/toasts";
import { PageGuard } from "../shell/PageGuard";
import { Loading } from "../ui/Loading";
import { fetchStorageQuota, quotaPercent } from "./storage-quota";
import { UsageBar } from "./UsageBar";

/**
 * SPEC leaves the upgrade action open. A self-hosted instance has no billing, so the button says
 * who can grant more: the instance's administrator.
 */
function explainUpgrade() {
  showToast({
    type: "info",
    title: "Upgrade Your Plan",
    message: "Extra storage is granted by the administrator of this Stemma instance. Ask them to raise your quota.",
  });
}

function StorageOverview({ quota }: { quota: StorageQuota }) {
  const total = quota.totalQuotaSeconds;
  const used = quota.currentUsedQuotaSeconds;
  const usedPercent = quotaPercent(used, total);
  return (
    <>
      {quota.isOverQuota && (
        <div className="notice notice-error" role="alert">
          You have exceeded your storage quota
        </div>
      )}
      <section className="card-panel storage-card" aria-labelledby="storage-usage-heading">
        <h2 id="storage-usage-heading">Overall Usage</h2>
        <UsageBar percent={usedPercent} label="Storage used" tone={quota.isOverQuota ? "over" : "normal"} />
        <div className="storage-stats">
          <div className="stat">
            <span className="stat-label">Used Storage</span>
            <span className="stat-value">{formatQuotaDuration(used)}</span>
            <span className="stat-note">of {formatQuotaDuration(total)}</span>
          </div>
          <div className="stat">
            <span className="stat-label">Available Storage</span>
            <span className="stat-value">{formatQuotaDuration(Math.max(0, total - used))}</span>
            <span className="stat-note">remaining</span>
          </div>
        </div>
      </section>
      <section className="card-panel storage-card" aria-labelledby="storage-breakdown-heading">
        <h2 id="storage-breakdown-heading">Quota Breakdown</h2>
        <dl className="breakdown">
          {(
            [
              ["Free Quota", quota.freeQuotaSeconds],
              ["Premium Quota", quota.paidQuotaSeconds],
              ["Used", used],
            ] as const
          ).map(([label, seconds]) => (
            <div className="breakdown-row" key={label}>
              <dt>{label}</dt>
              <dd>
                <span>{formatQuotaDuration(seconds)}</span>
                <UsageBar percent={quotaPercent(seconds, total)} label={`${label} share of total`} showPercent={false} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card-panel storage-card upgrade-card">
        <div>
          <h2>Need more room?</h2>
          <p className="muted">Quota is measured in seconds of audio: every track and stem you keep counts.</p>
        </div>
        <button type="button" className="button" onClick={explainUpgrade}>
          Upgrade Your Plan
        </button>
      </section>
    </>
  );
}

function Storage() {
  const [quota, setQuota] = useState<StorageQuota | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchStorageQuota()
      .then(setQuota)
      .catch((error) => {
        console.error("Failed to load storage information", error);
        setFailed(true);
      });
  }, []);
  if (failed)
    return (
      <div className="error-view" role="alert">
        <p>Failed to load storage information. Please try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  if (!quota) return <Loading />;
  return <StorageOverview quota={quota} />;
}

export default function StoragePage() {
  return (
    <PageGuard require="user">
      <h1>Storage Management</h1>
      <Storage />
    </PageGuard>
  );
}
