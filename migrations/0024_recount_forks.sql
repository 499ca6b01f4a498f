-- forkCount counts a track's active forks: deleted forks stop counting (modules/tracks/repo.ts recounts on every
-- deletion and restore). Tracks counted before that still count forks deleted since; count them again once.
UPDATE tracks SET fork_count = (
  SELECT count(*) FROM tracks AS child WHERE child.forked_from_id = tracks.id AND child.status = 'ACTIVE'
)
WHERE fork_count <> (
  SELECT count(*) FROM tracks AS child WHERE child.forked_from_id = tracks.id AND child.status = 'ACTIVE'
);
