/**
 * The fault runs' sample in `npm test` (the full runs are `npm run test:faults`): one seeded kill -9 run
 * per kind of work, ffmpeg SIGKILL and SIGSTOP, the SQLite write lock, the full disk and a backup onto a full disk.
 */
import "./ffmpeg.faults";
import "./sqlite-lock.faults";
import "./disk-full.faults";
import "./backup-disk-full.faults";
import { crashTests } from "./scenarios";

crashTests(1);
