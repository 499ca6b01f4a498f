import { t } from "elysia";
import { CONVERSION_STATUSES } from "../../src/shared/conversion-status";
import {
  ARTIST_REQUIRED,
  BPM_INVALID,
  type FieldName,
  GENRES_NOT_TEXT,
  LICENSE_REQUIRED,
  MAX_LENGTH,
  MAX_LICENSE_ID_LENGTH,
  MAX_RELEASE_DATE_TEXT,
  notFlagMessage,
  notTextMessage,
  ORIGINAL_FORMATS,
  RELEASE_DATE_PRECISION_INVALID,
  RELEASE_DATE_PRECISIONS,
  STEM_TYPES,
  TITLE_REQUIRED,
  tooLongMessage,
} from "../../src/shared/upload-rules";
import { License } from "../licenses/model";
import { PROCESSING_STATUSES, TRACK_STATUSES } from "./schema";

/**
 * The SPEC §3 Track and Stem as the API sends them: the route schemas (so /api/openapi.json documents
 * them and Elysia checks every reply) and, through `.static`, the types of view.ts, the islands and the
 * tests. Dates travel as ISO strings. A URL starting with `{address}` means the file is still processing.
 */
const url = t.Nullable(t.String());
const waveform = t.Nullable(t.Array(t.Number(), { description: "Peaks, min/max pairs" }));
const processing = {
  processingStatus: t.UnionEnum(PROCESSING_STATUSES),
  processingError: t.Nullable(t.String()),
};

export const StemDetails = t.Object({
  id: t.String(),
  name: t.String(),
  type: t.UnionEnum(STEM_TYPES),
  index: t.Number(),
  waveformData: waveform,
  duration: t.Nullable(t.Number()),
  originalFormat: t.String(),
  mp3Url: url,
  wavUrl: url,
  flacUrl: url,
  loudnessLufs: t.Nullable(t.Number()),
  truePeakDb: t.Nullable(t.Number()),
  /** How the stem sounds in the track's full mix: unity, centred and heard, unless forked "with this mix". */
  mix: t.Object({ gainDb: t.Number(), pan: t.Number(), muted: t.Boolean() }),
  ...processing,
});
export type StemDetails = typeof StemDetails.static;

/** Every Track field a list item carries too. */
const listedFields = {
  id: t.String(),
  userId: t.String(),
  title: t.String(),
  description: t.String(),
  primaryArtistName: t.String(),
  duration: t.Nullable(t.Number()),
  coverArt: url,
  originalFormat: t.UnionEnum(ORIGINAL_FORMATS),
  originalUrl: t.String(),
  bpm: t.Nullable(t.Number()),
  key: t.Nullable(t.String()),
  isExplicit: t.Boolean(),
  isPublic: t.Boolean(),
  releaseDate: t.Nullable(t.String({ description: "YYYY-MM-DD" })),
  releaseDatePrecision: t.UnionEnum(RELEASE_DATE_PRECISIONS),
  genreNames: t.Array(t.String()),
  licenseId: t.String(),
  licenseType: t.Nullable(License.properties.type),
  waveformData: waveform,
  fullTrackMp3Url: url,
  totalPlays: t.Number(),
  totalDownloads: t.Number(),
  forkCount: t.Number(),
  /** How many users like it (PUT /api/track/{id}/like); lists may show it LIST_COUNTER_STALENESS_SECONDS late. */
  likeCount: t.Integer(),
  isFork: t.Boolean(),
  forkedFromId: t.Nullable(t.String()),
  createdAt: t.String({ format: "date-time" }),
  user: t.Object({ username: t.String() }),
  status: t.UnionEnum(TRACK_STATUSES),
  deletedAt: t.Nullable(t.String({ format: "date-time" })),
  originalSizeBytes: t.Number(),
  mp3SizeBytes: t.Number(),
  coverArtSizeBytes: t.Number(),
  totalQuotaSeconds: t.Number(),
  /** EBU R128 integrated loudness of the full track (LUFS); null while processing and for silence. */
  loudnessLufs: t.Nullable(t.Number()),
  /** Its true peak (dBTP): the player's loudness match never raises the track past 0 dBTP. */
  truePeakDb: t.Nullable(t.Number()),
  moduleTitle: t.Nullable(t.String()),
  moduleMessage: t.Nullable(t.String()),
  ...processing,
};

/** The list-sized Track (GET /api/tracks*): no stems, shares or WAV/FLAC download state. */
export const TrackListItem = t.Object(listedFields);
export type TrackListItem = typeof TrackListItem.static;

export const SharedWith = t.Array(t.Object({ userId: t.String(), user: t.Object({ email: t.String() }) }));
export type SharedWith = typeof SharedWith.static;

/** GET /api/track/{id}: the whole Track. `sharedWith` is filled for the owner only. */
export const TrackDetails = t.Object({
  ...listedFields,
  fullTrackWavUrl: url,
  fullTrackFlacUrl: url,
  wavConversionStatus: t.UnionEnum(CONVERSION_STATUSES),
  flacConversionStatus: t.UnionEnum(CONVERSION_STATUSES),
  wavSizeBytes: t.Number(),
  flacSizeBytes: t.Number(),
  stems: t.Array(StemDetails),
  sharedWith: SharedWith,
  /** Whether the caller likes it (false when not signed in). */
  likedByMe: t.Boolean(),
});
export type TrackDetails = typeof TrackDetails.static;

export const UserIds = t.Object({
  userIds: t.Array(t.String(), { maxItems: 100, error: "userIds must be a list of user ids" }),
});
export const SharedWithReply = t.Object({ sharedWith: SharedWith });

const MAX_DELETE_BATCH = 100;
export const DeleteTracksBody = t.Object({
  trackIds: t.Array(t.String({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: MAX_DELETE_BATCH,
    error: `trackIds must list 1 to ${MAX_DELETE_BATCH} track ids`,
  }),
});
export const DeletedIds = t.Object({ deletedIds: t.Array(t.String()) });
export const Visibility = t.Object({ isPublic: t.Boolean() });

/**
 * The Track Info form (PATCH /api/track/{id}, and an upload's `data`: upload-input.ts checks both against it). The
 * schema refuses wrong types and lengths with the SPEC §5 messages of src/shared/upload-rules.ts; what needs the
 * clean text, the database or the clock (blank once cleaned, the licence exists, the release date is a real day and
 * not in the future, the genres once de-duplicated) is upload-input.ts's.
 */
type Found = { found: unknown };
const fieldOf = (found: unknown, field: string) =>
  found && typeof found === "object" ? (found as Record<string, unknown>)[field] : undefined;

/** A text field's message for whatever is wrong with it; `required` when it is missing or blank. */
function textRules(field: FieldName, max: number, required?: string) {
  return {
    maxLength: max,
    ...(required ? { pattern: "\\S" } : {}),
    error: ({ found }: Found) => {
      const value = fieldOf(found, field);
      if (required && (value === undefined || value === null || (typeof value === "string" && !value.trim()))) return required;
      if (typeof value !== "string") return notTextMessage(field);
      return value.length > max ? tooLongMessage(field, max) : required;
    },
  };
}
const requiredText = (field: FieldName, max: number, message: string) => t.String(textRules(field, max, message));
const optionalText = (field: FieldName, max: number) =>
  t.Optional(t.Union([t.String({ maxLength: max }), t.Null()], textRules(field, max)));
const flag = (field: FieldName) => t.Optional(t.Union([t.Boolean(), t.Null()], { error: notFlagMessage(field) }));

export const TrackInfoBody = t.Object(
  {
    title: requiredText("title", MAX_LENGTH.title, TITLE_REQUIRED),
    primaryArtistName: requiredText("primaryArtistName", MAX_LENGTH.primaryArtistName, ARTIST_REQUIRED),
    licenseId: requiredText("licenseId", MAX_LICENSE_ID_LENGTH, LICENSE_REQUIRED),
    // A number, or the text of one as forms send it; the range is checked after parsing (upload-input.ts).
    bpm: t.Optional(t.Union([t.Integer({ minimum: 1, maximum: 999 }), t.String(), t.Null()], { error: BPM_INVALID })),
    key: optionalText("key", MAX_LENGTH.key),
    genreNames: t.Optional(t.Union([t.Array(t.String()), t.Null()], { error: GENRES_NOT_TEXT })),
    description: optionalText("description", MAX_LENGTH.description),
    isExplicit: flag("isExplicit"),
    isPublic: flag("isPublic"),
    releaseDate: optionalText("releaseDate", MAX_RELEASE_DATE_TEXT),
    releaseDatePrecision: t.Optional(
      t.Union([...RELEASE_DATE_PRECISIONS.map((precision) => t.Literal(precision)), t.Null()], {
        error: RELEASE_DATE_PRECISION_INVALID,
      }),
    ),
  },
  {
    description: "Track Info: absent optional fields are cleared, absent flags keep their value",
    error: ({ found }: Found) =>
      found === undefined || found === null || found === "" ? "Track data is required" : "Track data must be a JSON object",
  },
);
export type TrackInfoBody = typeof TrackInfoBody.static;
