import { ACTIVITY_TEXT, activityLevel } from "../lib/format";

const BARS = [1, 2, 3] as const;

/**
 * SPEC §4: up to three bars for plays plus downloads. With none the bars are hidden and nothing is
 * drawn in their place; the text stays for screen readers.
 */
export function ActivityBars({ plays, downloads }: { plays: number; downloads: number }) {
  const level = activityLevel(plays, downloads);
  const text = ACTIVITY_TEXT[level];
  if (level === 0) return <span className="visually-hidden">{text}</span>;
  return (
    <span className={`activity activity-${level}`} role="img" aria-label={text} title={text}>
      {BARS.map((bar) => (
        <span key={bar} className={bar <= level ? "activity-bar on" : "activity-bar"} />
      ))}
    </span>
  );
}
