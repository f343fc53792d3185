// Log for the Actions runner: workflow commands via @actions/core, so warnings and errors become
// annotations on the run page and groups fold in the log. Everything it prints may carry text we
// do not trust (plan titles and paths, agent output and errors, comments), so every message is
// scrubbed of known secrets, and plain lines never reach the runner as workflow commands:
// annotations, debug lines and group titles are escaped by @actions/core (one line each), and
// `info` (the only raw path) goes through the stop-commands guard. Anything printed to the Actions
// log later (e.g. streamed agent output) goes through `info` (or `commandSafe`) to get the same.
import { randomBytes } from 'node:crypto';
import * as core from '@actions/core';
import { guardWorkflowCommands, mayHoldWorkflowCommand } from '../../core/render/workflow-commands.js';
import { NO_SECRETS, type Scrubber } from '../../core/trust/secrets.js';
import type { Log } from '../../ports.js';

/** `text` printable in the Actions log without the runner acting on it; a fresh token per call. */
export function commandSafe(text: string): string {
  return mayHoldWorkflowCommand(text) ? guardWorkflowCommands(text, randomBytes(16).toString('hex')) : text;
}

export class ToolkitLog implements Log {
  /** The secrets this run knows; whatever else the Action publishes is scrubbed with them too. */
  constructor(readonly secrets: Scrubber = NO_SECRETS) {}

  /** `text` with every known secret replaced by `***`: for whatever else the Action publishes. */
  readonly scrub = (text: string): string => this.secrets.scrub(text);

  info(message: string): void {
    core.info(commandSafe(this.scrub(message)));
  }
  warn(message: string): void {
    core.warning(this.scrub(message));
  }
  error(message: string): void {
    core.error(this.scrub(message));
  }
  debug(message: string): void {
    core.debug(this.scrub(message));
  }
  group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    return core.group(this.scrub(title), fn);
  }
}
