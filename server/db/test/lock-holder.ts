// Child process of data-dir-lock.test.ts: takes the lock on the data directory argv[2], says
// "locked" and keeps it until it is killed.
import { lockDataDir } from '../data-dir-lock';

lockDataDir(process.argv[2]!);
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
