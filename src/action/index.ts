// Action entry. Exits explicitly once run() settles so keep-alive sockets cannot hang the job,
// or once a cancelled job's SIGINT or SIGTERM has stopped the running agents.
import * as core from '@actions/core';
import { run } from './main.js';

// A cancelled job's signals: what stops the agents is loaded only when one comes, so a run that is
// never interrupted (every idle heartbeat) does not pay for it.
let respond: Promise<(signal: 'SIGINT' | 'SIGTERM') => Promise<number>> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    respond ??= import('../adapters/process/interrupt.js').then(({ interruptResponder }) => interruptResponder((line) => core.info(line)));
    void respond.then((r) => r(signal)).then((code) => process.exit(code));
  });
}

run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err: unknown) => {
    // Escaped as @actions/core does, so the message stays one annotation whatever it holds.
    process.stderr.write(`::error::${String(err).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
    process.exit(1);
  },
);
