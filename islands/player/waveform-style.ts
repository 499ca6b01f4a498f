/** Waveform look shared by the static SVG and wavesurfer (SPEC §9): gray wave, indigo progress. */
export const WAVE_COLOR = "#9ca3af";
export const PROGRESS_COLOR = "#4f46e5";
export const BAR_WIDTH = 2;
export const BAR_GAP = 1;
export const BAR_RADIUS = 2;

/** Heights by place (SPEC §9): 128 default, 48 in lists and the stem grid, 64 stem list, 96 full track. */
export const WAVEFORM_HEIGHTS = { default: 128, list: 48, stemGrid: 48, stemList: 64, fullTrack: 96 } as const;
export type WaveformHeight = 48 | 64 | 96 | 128;
