import { useId } from "react";
import "./mixer.css";
import { MIX_GAIN_DB, MIX_PAN } from "../../src/shared/stem-mix";
import { gainText, panText, type StemLevel, UNITY_LEVEL } from "./mix-levels";

/**
 * One native range input with its label and its value in words (`aria-valuetext`, and shown beside it).
 * A double-click puts it back to `resetTo`. `context` names whose control it is for screen readers
 * ("Bass Volume") while the eye reads the row it sits in.
 */
function MixerSlider({
  label,
  context,
  min,
  max,
  step,
  value,
  valueText,
  resetTo,
  disabled,
  onChange,
}: {
  label: string;
  context?: string;
  min: number;
  max: number;
  step: number;
  value: number;
  valueText: string;
  resetTo: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="mixer-slider">
      <label htmlFor={id}>
        {context && <span className="visually-hidden">{context} </span>}
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        onDoubleClick={() => onChange(resetTo)}
      />
      <span className="mixer-value" aria-hidden="true">
        {valueText}
      </span>
    </div>
  );
}

/** A stem's fader (dB) and pan (a balance), and a reset to 0 dB at centre; the pan input counts in percent. */
export function StemLevelControls({
  name,
  level,
  disabled,
  onChange,
}: {
  name: string;
  level: StemLevel;
  disabled: boolean;
  onChange: (level: StemLevel) => void;
}) {
  return (
    <div className="stem-mixer">
      <MixerSlider
        label="Volume"
        context={name}
        min={MIX_GAIN_DB.min}
        max={MIX_GAIN_DB.max}
        step={1}
        value={level.gainDb}
        valueText={gainText(level.gainDb)}
        resetTo={UNITY_LEVEL.gainDb}
        disabled={disabled}
        onChange={(gainDb) => onChange({ ...level, gainDb })}
      />
      <MixerSlider
        label="Pan"
        context={name}
        min={MIX_PAN.min * 100}
        max={MIX_PAN.max * 100}
        step={5}
        value={Math.round(level.pan * 100)}
        valueText={panText(level.pan)}
        resetTo={UNITY_LEVEL.pan}
        disabled={disabled}
        onChange={(percent) => onChange({ ...level, pan: percent / 100 })}
      />
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={disabled}
        onClick={() => onChange(UNITY_LEVEL)}
      >
        Reset<span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}

/** The one master fader every stem goes through. */
export function MasterFader({ db, disabled, onChange }: { db: number; disabled: boolean; onChange: (db: number) => void }) {
  return (
    <MixerSlider
      label="Master volume"
      min={MIX_GAIN_DB.min}
      max={MIX_GAIN_DB.max}
      step={1}
      value={db}
      valueText={gainText(db)}
      resetTo={UNITY_LEVEL.gainDb}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
