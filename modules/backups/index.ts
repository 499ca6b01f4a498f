import { Elysia } from "elysia";
import { refusals } from "../../src/server/openapi/refusals";
import { authGuard } from "../auth";
import { BackupStatus } from "./model";
import { backupStatus, requestBackup } from "./service";

/** The admins' view of scheduled backups (BACKUP_DIR) and "Back up now"; ADMIN only. */
export const backupsModule = new Elysia({ name: "module.backups", detail: { tags: ["Admin"] } })
  .use(authGuard)
  .group("/admin/backups", (group) =>
    group.guard({ admin: true }, (app) =>
      app
        .get("", () => backupStatus(), {
          response: BackupStatus,
          detail: { summary: "Admins: the backups kept and the last run" },
        })
        .post(
          "",
          async ({ set }) => {
            set.status = 202;
            return requestBackup();
          },
          {
            response: { 202: BackupStatus, ...refusals(400) },
            detail: {
              summary: "Admins: start a backup now",
              description:
                "Queues a backup into BACKUP_DIR (clicks within a few seconds ask once) and answers 202 with the status; 400 when BACKUP_DIR is unset.",
            },
          },
        ),
    ),
  );
