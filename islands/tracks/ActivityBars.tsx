import { ACTIVITY_TEXT, activityLevel } from "../lib/format";

const BARS = [1, 2, 3] as const;

/** SPEC §4: up to three bars for plays plus downloads; none (text only) when both are zero. */
export function ActivityBars({ plays, downloads }: { plays: number; downloads: number }) {
  const level = activityLevel(plays, downloads);
  const text = ACTIVITY_TEXT[level];
  return (
    <span className={`activity activity-${level}`} role="img" aria-label={text} title={text}>
      {level > 0 && BARS.map((bar) => <span key={bar} className={bar <= level ? "activity-bar on" : "activity-bar"} />)}
    </span>
  );
}
