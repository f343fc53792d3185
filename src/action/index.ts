// Action entry. Exits explicitly once run() settles so keep-alive sockets cannot hang the job,
// or once a cancelled job's SIGINT or SIGTERM has stopped the running agents.
import * as core from '@actions/core';
import { run } from './main.js';

// The run starts at once; the interrupt handling loads meanwhile, and is in place long before an
// agent can start. Until then a signal ends the process as it always did, with nothing to stop.
const work = run();
// Handled where it is raced below; this keeps a rejection before then from counting as unhandled.
work.catch(() => {});

import('../adapters/process/interrupt.js')
  .then(({ untilInterrupted }) => untilInterrupted(work, (line) => core.info(line)))
  .then(
    (code) => process.exit(code),
    // run() handles its own errors; this is the last resort for a bug in the handler itself.
    (err: unknown) => {
      // Escaped as @actions/core does, so the message stays one annotation whatever it holds.
      process.stderr.write(`::error::${String(err).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
      process.exit(1);
    },
  );
