import { runSql } from "./database-rows";
import type { TestServer } from "./server";

/**
 * Gives `userId` `count` followers straight in the database, accounts included (`follower-{n}-{tag}`), as a large
 * following would have: one statement for the accounts and one for the follows, whatever the count.
 */
export async function insertFollowers(server: TestServer, userId: string, count: number, tag: string): Promise<void> {
  const numbers = "with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)";
  const now = Date.now();
  await runSql(
    server,
    `insert into users (id, email, username, password_hash, created_at)
      ${numbers} select 'follower-' || i || '-' || ?, 'follower-' || i || '-' || ? || '@example.com',
      'follower_' || i || '_' || ?, '', ? from n`,
    count,
    tag,
    tag,
    tag,
    now,
  );
  await runSql(
    server,
    `insert into follows (follower_id, followee_id, created_at) ${numbers} select 'follower-' || i || '-' || ?, ?, ? from n`,
    count,
    tag,
    userId,
    now,
  );
}
