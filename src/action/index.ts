// Action entry. Exits explicitly once run() settles so keep-alive sockets cannot hang the job.
import { run } from './main.js';

run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err: unknown) => {
    process.stderr.write(`::error::${String(err)}\n`);
    process.exit(1);
  },
);
