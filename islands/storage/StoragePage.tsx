import { useEffect, useState } from "react";
import type { StorageQuota } from "../../modules/storage/model";
import { $auth } from "../lib/auth";
import { formatQuotaDuration } from "../lib/format";
import { showToast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";
import { PageGuard } from "../shell/PageGuard";
import { Loading } from "../ui/Loading";
import { fetchStorageQuota, quotaPercent } from "./storage-quota";
import { UsageBar } from "./UsageBar";

/**
 * SPEC leaves the upgrade action open. A self-hosted instance has no billing, so the button says
 * who can grant more: the instance's administrator (UpgradeCard: an admin grants it herself).
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
      <UpgradeCard />
    </>
  );
}

/** An administrator is the one others are told to ask: her button opens the Users screen, where she sets paid quota. */
function UpgradeCard() {
  const auth = useIslandStore($auth);
  const isAdmin = auth.status === "signed-in" && auth.user.role === "ADMIN";
  return (
    <section className="card-panel storage-card upgrade-card">
      <div>
        <h2>Need more room?</h2>
        <p className="muted">
          Quota is measured in seconds of audio: every track and stem you keep counts. A fork counts only what you add to it
          (stems, replaced audio, a full track rendered with your mix): what it shares with its original is free.
        </p>
        {isAdmin && (
          <p className="muted">As this instance's administrator, you set paid quota, yours included, on the Users screen.</p>
        )}
      </div>
      {isAdmin ? (
        <a className="button" href="/admin/users">
          Upgrade Your Plan
        </a>
      ) : (
        <button type="button" className="button" onClick={explainUpgrade}>
          Upgrade Your Plan
        </button>
      )}
    </section>
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
