// The CLI's help: one entry per command (what `help <command>` and `<command> --help` print) and
// one line per option, from which the overall usage text is built, so the two cannot disagree.
import { EXIT } from '../core/errors.js';

interface CommandHelp {
  /** How it is called, e.g. `retry [STEP]`. */
  usage: string;
  summary: string;
  /** More lines for `help <command>`. */
  details?: string[];
  /** The options it reads beyond the ones every plan command takes. */
  options: string[];
}

/** The options every command that works on one plan reads. */
const PLAN_OPTIONS = ['plan-id', 'workspace', 'state', 'store', 'remote', 'branch', 'quiet'];
const RUN_OPTIONS = ['agent', 'max-attempts', 'attempt-timeout', 'retry-backoff', 'budget', 'budget-usd', 'budget-tokens', 'stop-grace', 'grace', 'sync-base', 'base-branch'];

export const COMMANDS: Record<string, CommandHelp> = {
  check: {
    usage: 'check [STATE] | check --all',
    summary: 'one heartbeat: run steps until done, blocked, waiting or out of budget (--all: every active plan)',
    details: [
      "With STATE (the original sequencer's state.json), the state file's folder is the workspace and a missing file is nothing to do.",
      '--all: one heartbeat over every active plan (--store git: of the remote, as the scheduled Action does).',
    ],
    options: [...PLAN_OPTIONS, ...RUN_OPTIONS, 'all', 'max-wait'],
  },
  run: {
    usage: 'run --plan FILE',
    summary: 'create the plan (approved) if needed, then run it to the end',
    details: ['The plan id is the file\'s name (plans/slow.yaml is "slow") unless --plan-id names another.'],
    options: ['plan', ...PLAN_OPTIONS, ...RUN_OPTIONS],
  },
  init: { usage: 'init --plan FILE', summary: "create the plan's state; without --approve it awaits approval", options: ['plan', 'approve', 'delay', ...PLAN_OPTIONS] },
  plan: {
    usage: 'plan --request TEXT',
    summary: 'propose a plan for a request: one step, or drafted by the agent when it needs several; the plan awaits approval',
    details: ['The plan is written to --out (default .sequencer/<plan-id>/plan.json) so you can read and edit it before `approve`.'],
    options: ['request', 'request-file', 'out', 'agent', 'attempt-timeout', ...PLAN_OPTIONS],
  },
  status: { usage: 'status', summary: 'show the step table, the last error and what to do next [--json]', options: ['json', ...PLAN_OPTIONS] },
  usage: { usage: 'usage', summary: 'tokens, cost and time per plan, step and attempt [--json]', options: ['json', ...PLAN_OPTIONS] },
  approve: {
    usage: 'approve',
    summary: 'approve a plan that awaits approval (or pass its gate); with --budget-usd/--budget-tokens, raise the budget that blocked it',
    options: ['delay', 'note', 'budget-usd', 'budget-tokens', ...PLAN_OPTIONS],
  },
  cancel: { usage: 'cancel', summary: 'stop the plan (a running agent finds $SEQUENCER_STOP_FILE, then SIGTERM, grace, SIGKILL)', options: ['reason', ...PLAN_OPTIONS] },
  retry: {
    usage: 'retry [STEP]',
    summary: 'give the blocked step a new round of attempts',
    details: ['--note TEXT goes into the agent\'s next prompt as "A maintainer (@you) says: TEXT".'],
    options: ['note', ...PLAN_OPTIONS],
  },
  skip: { usage: 'skip [STEP]', summary: 'mark the current step skipped and move on', options: PLAN_OPTIONS },
  resume: { usage: 'resume', summary: 'continue a blocked or cancelled plan', options: ['note', ...PLAN_OPTIONS] },
  restart: { usage: 'restart [STEP]', summary: 'run the plan again from its first step (or STEP), keeping the earlier run in the state', options: PLAN_OPTIONS },
  validate: { usage: 'validate FILE', summary: 'check a plan file without running it', options: [] },
  list: { usage: 'list', summary: 'all plans of the workspace (--store git: of the remote); --json: the active ids for a matrix', options: ['json', 'workspace', 'store', 'remote', 'branch'] },
  audit: { usage: 'audit', summary: 'what needs attention: expired leases, stale blocks, invalid states, ...', options: ['json', 'stale-days', 'workspace', 'store', 'remote', 'branch'] },
  maintenance: {
    usage: 'maintenance',
    summary: 'finish stuck cancellations, prune finished plans',
    options: ['apply', 'prune-days', 'archive', 'delete', 'json', 'workspace', 'store', 'remote', 'branch'],
  },
  demo: { usage: 'demo', summary: 'run a 4-step demo plan with a sample agent in a temporary folder', options: [] },
  hook: { usage: 'hook claude|codex|gemini', summary: "a tool hook: applies the attempt's tool policy to the call on stdin and logs it", options: [] },
  exec: { usage: 'exec -- PROGRAM ARGS', summary: "run one command (no shell) under the attempt's tool policy; exit 126 when refused", options: [] },
  help: { usage: 'help [COMMAND]', summary: "this text, or one command's", options: [] },
};

/** `--name` → [how it is written, what it does]. */
export const OPTION_HELP: Record<string, [string, string]> = {
  plan: ['--plan FILE', 'the plan file (JSON or YAML); its name is the plan id'],
  'plan-id': ['--plan-id ID', "the plan (default: the plan file's name; else the only plan in the workspace)"],
  state: ['--state PATH', 'state file (file store; default .sequencer/<plan-id>/state.json in the workspace)'],
  workspace: ['--workspace DIR', "the agent's working directory (default: the state file's folder for check STATE, else .)"],
  store: ['--store file|git|cache', 'where state lives (default file; cache only inside GitHub Actions)'],
  remote: ['--remote NAME', 'git remote for --store git (default origin)'],
  branch: ['--branch NAME', "work branch for --store git (default sequencer/<plan-id>); a name that ends in <plan-id> names every plan's branch"],
  'sync-base': ['--sync-base merge|off', "--store git: merge the base branch into the work branch before a tick's first attempt (default merge)"],
  'base-branch': ['--base-branch NAME', "the base branch --sync-base merges (default: the remote's HEAD, e.g. main)"],
  agent: ['--agent CMD', 'agent command (default $STEP_AGENT_CMD); never run through a shell'],
  request: ['--request TEXT', 'plan: the work to plan, in words'],
  'request-file': ['--request-file FILE', 'plan: read the request from FILE instead'],
  out: ['--out FILE', 'plan: where to write the plan (default .sequencer/<plan-id>/plan.json in the workspace)'],
  'max-attempts': ['--max-attempts N', 'attempts per round of a step (default $STEP_MAX_RETRIES or 3); retry starts a new round'],
  'attempt-timeout': ['--attempt-timeout MIN', 'minutes per attempt (default 60)'],
  'retry-backoff': ['--retry-backoff SEC', "seconds before a failed step's first retry, 4x longer each time (or STEP_RETRY_BACKOFF; default 0)"],
  budget: ['--budget MIN', 'stop starting attempts after this many minutes (default: no limit)'],
  'budget-usd': ['--budget-usd N', 'the cost budget of a plan that sets none, in US dollars, over all its runs (approve: raise a spent one to N)'],
  'budget-tokens': ['--budget-tokens N', 'the token budget of a plan that sets none, over all its runs (approve: raise a spent one to N)'],
  'stop-grace': ['--stop-grace SEC', 'on cancel, seconds the agent has to exit on its own after its stop file appears (default 10)'],
  grace: ['--grace SEC', 'seconds between SIGTERM and SIGKILL when an attempt is stopped (default 5)'],
  'max-wait': ['--max-wait MIN', "check: wait out a step delay shorter than this many minutes, then run on (e.g. the heartbeat's interval; default 0: the next heartbeat runs it)"],
  delay: ['--delay N', 'minutes between steps'],
  approve: ['--approve', 'init: approve the plan at once'],
  reason: ['--reason TEXT', 'cancel: why, kept with the cancel'],
  note: ['--note TEXT', 'approve: kept with the approval; retry, resume: said to the agent in its next prompt'],
  all: ['--all', 'check: every active plan'],
  json: ['--json', 'machine-readable output (status, usage, list, audit, maintenance)'],
  'stale-days': ['--stale-days N', 'audit: report plans blocked or awaiting approval longer (default 14)'],
  'prune-days': ['--prune-days N', 'maintenance: prune DONE/CANCELLED plans unchanged this long (default 7)'],
  archive: ['--archive', "maintenance: keep a pruned plan's record aside (default)"],
  delete: ['--delete', "maintenance: remove a pruned plan's record"],
  apply: ['--apply', 'maintenance: do it (without it, only print what it would do)'],
  quiet: ['--quiet', 'only warnings and errors'],
  help: ['--help, -h', "this text (after a command: that command's)"],
  version: ['--version', 'the version, and the commit it was built from when that is known'],
};

/** The exit codes, one line each: the one table the README repeats. */
export const EXIT_CODE_LINES: Array<[number, string]> = [
  [EXIT.ok, 'done what was asked; check: the plan moved on, waits, or there is no plan to tick'],
  [EXIT.notDone, 'the plan needs a person: run ended without finishing, check left it BLOCKED, or the command was refused (the message says why)'],
  [EXIT.config, 'usage or configuration: a bad flag or value, a refused plan file or agent command, no plan by that id, several plans and no --plan-id'],
  [EXIT.state, 'the state file is invalid; it was left untouched'],
];

const pad = (text: string, width: number) => (text.length >= width ? `${text}  ` : text.padEnd(width));

function optionLines(names: readonly string[]): string[] {
  return names.map((n) => {
    const [label, text] = OPTION_HELP[n] ?? [`--${n}`, ''];
    return `  ${pad(label, 23)}${text}`;
  });
}

const exitCodes = ['Exit codes:', ...EXIT_CODE_LINES.map(([code, text]) => `  ${code}  ${text}`)];

export const USAGE = [
  'Usage: agent-step-sequencer <command> [options]',
  '',
  'Commands:',
  ...Object.values(COMMANDS).map((c) => `  ${pad(c.usage, 23)}${c.summary}`),
  '',
  'Options:',
  ...optionLines(Object.keys(OPTION_HELP)),
  '',
  'Run `agent-step-sequencer help COMMAND` (or `COMMAND --help`) for one command.',
  '',
  ...exitCodes,
].join('\n');

/** `help <command>`: its usage, what it does and its options; undefined for a command that does not exist. */
export function commandUsage(name: string): string | undefined {
  const c = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!c) return undefined;
  return [
    `Usage: agent-step-sequencer ${c.usage} [options]`,
    '',
    `${c.summary[0]?.toUpperCase() ?? ''}${c.summary.slice(1)}.`,
    ...(c.details ?? []),
    ...(c.options.length ? ['', 'Options:', ...optionLines(c.options)] : []),
    '',
    ...exitCodes,
  ].join('\n');
}
