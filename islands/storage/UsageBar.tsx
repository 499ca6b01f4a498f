import { showsUsageLabel } from "./storage-quota";

/** A horizontal bar filled to `percent` (already capped), labelled inside only when there is room. */
export function UsageBar({ percent, label, tone = "normal" }: { percent: number; label: string; tone?: "normal" | "over" }) {
  const rounded = Math.round(percent);
  return (
    <div
      className={`usage-bar${tone === "over" ? " usage-bar-over" : ""}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
    >
      <div className="usage-bar-fill" style={{ width: `${percent}%` }}>
        {showsUsageLabel(percent) && <span className="usage-bar-label">{rounded}%</span>}
      </div>
    </div>
  );
}
