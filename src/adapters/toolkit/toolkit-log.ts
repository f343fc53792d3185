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
import { withoutRunnerPaths, type RunnerPaths } from '../../core/render/runner-paths.js';

/** `text` printable in the Actions log without the runner acting on it; a fresh token per call. */
export function commandSafe(text: string): string {
  return mayHoldWorkflowCommand(text) ? guardWorkflowCommands(text, randomBytes(16).toString('hex')) : text;
}

export class ToolkitLog implements Log {
  /**
   * The secrets this run knows; whatever else the Action publishes is scrubbed with them too.
   * `paths`: the runner's folders, named relatively in annotations and whatever `scrub` is used for.
   */
  constructor(
    readonly secrets: Scrubber = NO_SECRETS,
    readonly paths: RunnerPaths | null = null,
  ) {}

  /**
   * `text` with every known secret replaced by `***` and no runner folder named: for whatever else
   * the Action publishes (job summary, annotations).
   */
  readonly scrub = (text: string): string => withoutRunnerPaths(this.secrets.scrub(text), this.paths);

  info(message: string): void {
    // The log line keeps full paths: there they help whoever reads the run.
    core.info(commandSafe(this.secrets.scrub(message)));
  }
  warn(message: string): void {
    core.warning(this.scrub(message));
  }
  error(message: string): void {
    core.error(this.scrub(message));
  }
  debug(message: string): void {
    core.debug(this.secrets.scrub(message));
  }
  group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    return core.group(this.secrets.scrub(title), fn);
  }
}
