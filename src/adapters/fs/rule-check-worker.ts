// The worker thread that runs content rules' checks (rule-check-thread.ts): the pure check from
// the core, so a slow one cannot stop the tick's timers (the /cancel poll, leases, the status
// comment), and a runaway one is ended with the thread. Its own entry point in the bundle
// (dist/rule-check-worker.js, beside index.js and cli.js).
import { parentPort } from 'node:worker_threads';
import { runTextCheck, type TextCheck } from '../../core/tick/rules.js';

export interface CheckRequest {
  id: number;
  check: TextCheck;
}

export type CheckReply = { id: number; result: Awaited<ReturnType<typeof runTextCheck>> } | { id: number; error: string };

const port = parentPort;
port?.on('message', (request: CheckRequest) => {
  runTextCheck(request.check).then(
    (result) => port.postMessage({ id: request.id, result } satisfies CheckReply),
    (err: unknown) => port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) } satisfies CheckReply),
  );
});
