-- A track is charged the seconds of the audio it stores itself (modules/studio/charges.ts): a fork no longer pays for
-- the files it shares with its original. Forks made before were charged their original's seconds; charge each again
-- for its own full track (replaced, or rendered by the server: which, the rows no longer tell) and its own stems.
UPDATE tracks SET total_quota_seconds =
  CASE WHEN original_key LIKE 'tracks/' || id || '/%' THEN coalesce(duration, 0) ELSE 0 END
  + coalesce((SELECT sum(stems.duration) FROM stems WHERE stems.track_id = tracks.id AND stems.file_key LIKE 'tracks/' || tracks.id || '/%'), 0)
WHERE is_fork AND total_quota_seconds <> (
  CASE WHEN original_key LIKE 'tracks/' || id || '/%' THEN coalesce(duration, 0) ELSE 0 END
  + coalesce((SELECT sum(stems.duration) FROM stems WHERE stems.track_id = tracks.id AND stems.file_key LIKE 'tracks/' || tracks.id || '/%'), 0)
);
