import { Database } from "bun:sqlite";

/**
 * 100,000 tracks straight into the server's database (not 100,000 uploads): each a copy of `template`
 * (a real upload, so every track carries its real card-sized waveform, the one lists read) with its own id,
 * title, owner, duration and date. 1,000 users; `listener` owns one track in 100 and has one in 333
 * shared with it; 70 % are public, 3 % deleted. Each is charged its own duration (it has no stems), so the
 * quota invariants hold over a seeded database too. One statement per table, so seeding takes seconds. The
 * full waveforms (track_waveforms, read only by GET /track/{id}) are not copied: 2.8 GB lists never read.
 */
export function seedTracks(databasePath: string, template: string, listener: string, count: number): void {
  const db = new Database(databasePath);
  db.exec("PRAGMA busy_timeout = 5000");
  db.transaction(() => {
    db.run(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000)
       insert into users (id, email, username, password_hash, role, created_at)
       select 'seed-user-' || i, 'seed' || i || '@example.com', 'seed_' || i, 'x', 'USER', 0 from n`,
    );
    db.query(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < $count)
       insert into tracks (id, user_id, title, description, primary_artist_name, duration, original_format, original_key,
         original_streamable, mp3_key, cover_art_key, original_size_bytes, mp3_size_bytes, cover_art_size_bytes,
         processing_status, waveform_preview, bpm, key, is_public, release_date, release_date_precision,
         genre_names, license_id, status, total_quota_seconds, created_at, updated_at, total_plays)
       select 'seed-' || i, case when i % 100 = 0 then $listener else 'seed-user-' || (i % 1000 + 1) end,
         'Seeded track ' || (i * 7919 % 100000), description, 'Artist ' || (i % 997), (i * 31) % 600,
         original_format, original_key, original_streamable, mp3_key, cover_art_key, original_size_bytes,
         mp3_size_bytes, cover_art_size_bytes, processing_status, waveform_preview, bpm, key,
         case when i % 10 < 7 then 1 else 0 end, release_date, release_date_precision, genre_names, license_id,
         case when i % 33 = 0 then 'DELETED' else 'ACTIVE' end, (i * 31) % 600,
         1577836800000 + i * 1000, 1577836800000 + i * 1000, i % 60
       from n, tracks t where t.id = $template`,
    ).run({ $count: count, $listener: listener, $template: template });
    db.query(
      `insert into track_shares (track_id, user_id, created_at)
       select id, $listener, created_at from tracks where id like 'seed-%' and rowid % 333 = 1 and user_id != $listener`,
    ).run({ $listener: listener });
  })();
  db.exec("analyze");
  db.close();
}
