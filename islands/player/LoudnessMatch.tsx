import { type MeasuredLoudness, matchGainDb, TARGET_LUFS } from "../../src/shared/loudness";
import { useIslandStore } from "../lib/use-island-store";
import { $matchLoudness, setMatchLoudness } from "./loudness-preference";
import { gainText } from "./mix-levels";

/** A loudness with a true minus sign: "−14 LUFS", "−23.4 LUFS". */
const formatLufs = (lufs: number, digits: number) => `${lufs < 0 ? "−" : ""}${Math.abs(lufs).toFixed(digits)} LUFS`;

/**
 * The player's loudness details: the "Match loudness" switch (this browser's choice, for every player) and the gain
 * it applies to this track, or why it applies none.
 */
export function LoudnessMatch({ loudness }: { loudness: MeasuredLoudness }) {
  const on = useIslandStore($matchLoudness);
  const gain = matchGainDb(loudness);
  const detail =
    loudness.loudnessLufs === null
      ? "Loudness not measured yet"
      : !on
        ? `Plays as mastered (${formatLufs(loudness.loudnessLufs, 1)})`
        : `${gainText(gain)} to ${formatLufs(TARGET_LUFS, 0)}`;
  return (
    <div className="loudness-match js-only">
      <label>
        <input type="checkbox" checked={on} onChange={(event) => setMatchLoudness(event.currentTarget.checked)} /> Match loudness
      </label>
      <output className="loudness-gain">{detail}</output>
    </div>
  );
}
