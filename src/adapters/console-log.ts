// Log and Notifier for terminals: progress on stdout, problems on stderr. Every line passes
// terminalText() first: plan text and agent output must not drive the terminal. Inside a GitHub
// Actions step (the CLI run from a workflow) the runner reads those lines as workflow commands, so
// there they get the same guard as the Action's log.
import { randomBytes } from 'node:crypto';
import { blockerReport, finalSummary } from '../core/render/render.js';
import { terminalText } from '../core/render/terminal-text.js';
import { gateReport } from '../core/render/gate-markdown.js';
import { baseConflictReport } from '../core/render/base-sync-markdown.js';
import { guardWorkflowCommands, mayHoldWorkflowCommand } from '../core/render/workflow-commands.js';
import { NO_SECRETS, type Scrubber } from '../core/trust/secrets.js';
import { lastAttempt, stepRun } from '../core/state/step-view.js';
import { stoppedText } from '../core/tick/cooperative-stop.js';
import type { Notice } from '../core/tick/notices.js';
import type { State } from '../core/state/types.js';
import { stepProgress } from '../core/render/step-progress.js';
import type { Log, Notifier } from '../ports.js';

export interface ConsoleOptions {
  quiet?: boolean;
  debug?: boolean;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Known secrets, replaced by `***` in everything printed. */
  secrets?: Scrubber;
  /** Print untrusted lines so that a GitHub Actions runner does not act on them. */
  guardCommands?: boolean;
}

export class ConsoleLog implements Log {
  private readonly out: (line: string) => void;
  private readonly err: (line: string) => void;
  constructor(private readonly opts: ConsoleOptions = {}) {
    const out = opts.out ?? ((line) => process.stdout.write(`${line}\n`));
    const err = opts.err ?? ((line) => process.stderr.write(`${line}\n`));
    const secrets = opts.secrets ?? NO_SECRETS;
    const safe = (text: string) => {
      const clean = terminalText(secrets.scrub(text));
      return opts.guardCommands && mayHoldWorkflowCommand(clean) ? guardWorkflowCommands(clean, randomBytes(16).toString('hex')) : clean;
    };
    this.out = (line) => out(safe(line));
    this.err = (line) => err(safe(line));
  }
  info(message: string): void {
    if (!this.opts.quiet) this.out(message);
  }
  warn(message: string): void {
    this.err(`warning: ${message}`);
  }
  error(message: string): void {
    this.err(`error: ${message}`);
  }
  debug(message: string): void {
    if (this.opts.debug) this.err(`debug: ${message}`);
  }
  async group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    this.info(`▶ ${title}`);
    return fn();
  }
}

/** Prints the notices a person must see: blockers and the final delivery summary. */
export class ConsoleNotifier implements Notifier {
  constructor(private readonly log: Log) {}
  async notify(notice: Notice, state: State): Promise<void> {
    switch (notice.kind) {
      case 'blocked':
        this.log.error(blockerReport(state, notice.stepId, notice.reason));
        break;
      case 'done':
        this.log.info(finalSummary(state));
        break;
      case 'cancelled':
        this.log.warn(
          `Plan cancelled${notice.runningStep ? ` while ${notice.runningStep} was running (${stoppedText(lastAttempt(stepRun(state, notice.runningStep))?.stoppedBy)})` : ''}; ${stepProgress(state)}.`,
        );
        break;
      case 'gate':
        this.log.warn(gateReport(state, notice.stepId));
        break;
      case 'base-conflict':
        this.log.error(baseConflictReport(notice));
        break;
      case 'reopened':
        this.log.warn(`${notice.stepId} reopened: required outputs missing (${notice.missing.join(', ')}).`);
        break;
      default:
        break;
    }
  }
}
