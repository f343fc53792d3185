// The file side of the tool policy, shared by `hook <agent>` and `exec`: the attempt's policy
// file, its stop file and its command log, all found through the SEQUENCER_* environment the
// engine gives the agent (and the agent passes on to its hooks and commands). Each decision
// appends one line to the log with O_APPEND, so concurrent calls need no lock; the count of
// earlier calls is the number of call lines already there.
import { appendFileSync, closeSync, constants, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { callLine, callTime, parsePolicyFile, resultLine, summarizeCommandLog } from '../../core/guard/command-log.js';
import { decideCall, type CallDecision, type EffectivePolicy, type ToolCall } from '../../core/guard/tool-policy.js';
import { stopReason } from '../../core/tick/cooperative-stop.js';

export interface ToolGuardOptions {
  policyFile: string;
  commandLog?: string;
  stopFile?: string;
  now?: () => Date;
}

export class ToolGuard {
  private readonly now: () => Date;

  constructor(private readonly o: ToolGuardOptions) {
    this.now = o.now ?? (() => new Date());
  }

  /** Decides one call and records it. A policy that cannot be read denies the call (fail closed). */
  decide(via: string, call: ToolCall, id?: string): CallDecision {
    const loaded = this.policy();
    const decision: CallDecision = loaded.ok
      ? decideCall(call, loaded.policy, this.callsSoFar(), this.stopRequested())
      : { decision: 'deny', reason: `The sequencer's tool policy for this attempt cannot be read (${loaded.problem}), so no tool call is allowed. Exit with a non-zero status.` };
    this.append(callLine({ now: this.now(), via, call, decision: decision.decision, ...(decision.reason ? { reason: decision.reason } : {}), ...(id ? { id } : {}) }));
    return decision;
  }

  /** Records how a call ended; its duration is measured from its call line when not given. */
  recordResult(via: string, tool: string, o: { id?: string; exitCode?: number | null; durationMs?: number }): void {
    const now = this.now();
    let durationMs = o.durationMs;
    if (durationMs === undefined && o.id && this.o.commandLog) {
      const started = callTime(readText(this.o.commandLog), o.id);
      if (started) durationMs = now.getTime() - started.getTime();
    }
    this.append(resultLine({ now, via, tool, ...(o.id ? { id: o.id } : {}), ...(o.exitCode !== undefined ? { exitCode: o.exitCode } : {}), ...(durationMs !== undefined ? { durationMs } : {}) }));
  }

  private policy(): { ok: true; policy: EffectivePolicy } | { ok: false; problem: string } {
    let text: string;
    try {
      text = readFileSync(this.o.policyFile, 'utf8');
    } catch (err) {
      return { ok: false, problem: `${this.o.policyFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
    }
    return parsePolicyFile(text);
  }

  private callsSoFar(): number {
    return this.o.commandLog ? summarizeCommandLog(readText(this.o.commandLog)).calls : 0;
  }

  /** False, or why the agent is asked to stop (the stop file names a cancel or a spent budget). */
  private stopRequested(): false | string {
    if (this.o.stopFile === undefined || this.o.stopFile === '' || !existsSync(this.o.stopFile)) return false;
    return stopReason(readSmallFile(this.o.stopFile, 1000));
  }

  private append(line: string): void {
    if (!this.o.commandLog) return;
    try {
      appendFileSync(this.o.commandLog, line);
    } catch {
      // The decision stands; only the record is lost (the attempt's counts will be short).
    }
  }
}

/** The guard of the attempt this process runs in, or null outside an attempt (no SEQUENCER_POLICY_FILE). */
export function guardFromEnv(env: NodeJS.ProcessEnv): ToolGuard | null {
  const policyFile = env.SEQUENCER_POLICY_FILE;
  if (!policyFile) return null;
  return new ToolGuard({
    policyFile,
    ...(env.SEQUENCER_COMMAND_LOG ? { commandLog: env.SEQUENCER_COMMAND_LOG } : {}),
    ...(env.SEQUENCER_STOP_FILE ? { stopFile: env.SEQUENCER_STOP_FILE } : {}),
  });
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The start of a regular file, or null: the stop file lies where the agent can write, so a link,
 * a pipe (which would block the read) or a huge file there is not read.
 */
function readSmallFile(file: string, max: number): string | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buf = Buffer.alloc(max);
    const n = readSync(fd, buf, 0, max, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
