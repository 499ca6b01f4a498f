import { showsUsageLabel } from "./storage-quota";

interface Props {
  percent: number;
  label: string;
  tone?: "normal" | "over";
  /** Thin breakdown bars have no room for text at all. */
  showPercent?: boolean;
}

/** A horizontal bar filled to `percent` (already capped), labelled inside only when there is room. */
export function UsageBar({ percent, label, tone = "normal", showPercent = true }: Props) {
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
        {showPercent && showsUsageLabel(percent) && <span className="usage-bar-label">{rounded}%</span>}
      </div>
    </div>
  );
}
