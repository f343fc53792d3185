// Small typed fakes of the engine's ports. Each implements its interface; none is a module mock.
import { ConflictError } from '../../src/core/errors.js';
import type { Command } from '../../src/core/tick/commands.js';
import type { Notice } from '../../src/core/tick/notices.js';
import { runTextCheck, type RuleResult, type TextCheck } from '../../src/core/tick/rules.js';
import type { AttemptOwner, State } from '../../src/core/state/types.js';
import type { EngineConfig } from '../../src/engine/index.js';
import type {
  AcquireResult,
  AgentResult,
  AgentRunner,
  AgentSpec,
  AttemptFiles,
  CheckOptions,
  CheckResult,
  Clock,
  FileRead,
  Inbox,
  InboxItem,
  InboxRead,
  LoadResult,
  Liveness,
  Log,
  Notifier,
  OwnerProbe,
  PiecesRead,
  StateStore,
  Verifier,
  Workspace,
  WriteMeta,
} from '../../src/ports.js';

export class FakeClock implements Clock {
  constructor(private ms = Date.parse('2026-01-01T00:00:00Z')) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export class MemoryStore implements StateStore {
  readonly description = 'memory';
  readonly writes: Array<{ state: State; meta: WriteMeta }> = [];
  /** Set to make the next write lose a race. */
  conflictNext = false;
  holder: string | null = null;
  /** Whether this store's lock is taken (by lock(), until release()). */
  locked = false;
  /** Set to make open() fail (an unreachable remote, a checkout in the way). */
  openError: Error | null = null;
  constructor(public current: State | null) {}
  async lock(): Promise<AcquireResult> {
    if (this.holder) return { ok: false, holder: this.holder };
    this.locked = true;
    return { ok: true };
  }
  async open(): Promise<void> {
    if (this.openError) throw this.openError;
  }
  async load(): Promise<LoadResult> {
    return this.current ? { kind: 'loaded', state: structuredClone(this.current) } : { kind: 'missing' };
  }
  async write(state: State, meta: WriteMeta): Promise<State> {
    if (this.conflictNext) {
      this.conflictNext = false;
      throw new ConflictError('another writer got there first');
    }
    if ((state.revision ?? 0) !== (this.current?.revision ?? 0)) throw new ConflictError('stale revision');
    const written = structuredClone({ ...state, revision: (state.revision ?? 0) + 1 });
    this.current = written;
    this.writes.push({ state: written, meta });
    return structuredClone(written);
  }
  async release(): Promise<void> {
    this.locked = false;
  }
}

export type ScriptedRun = Partial<AgentResult> & {
  writes?: string[];
  /** Workspace files with their text (also counted as written). */
  texts?: Record<string, string>;
  /** Written as JSON to $SEQUENCER_PAYLOAD_FILE (needs the agent's `files`). */
  payload?: unknown;
  /** Written verbatim to $SEQUENCER_PAYLOAD_FILE (not JSON, oversize). */
  payloadText?: string;
  /** Written as JSON to $SEQUENCER_RESULT_FILE: the outcome the agent declares. */
  declare?: unknown;
};

/** Plays back scripted results per step; records every spec it was given. */
export class FakeAgent implements AgentRunner {
  readonly runs: AgentSpec[] = [];
  readonly reaped: string[] = [];
  constructor(
    private readonly script: (spec: AgentSpec, call: number) => ScriptedRun = () => ({}),
    private readonly workspace?: FakeWorkspace,
    private readonly onPath: (cmd: string) => boolean = () => true,
    private readonly files?: MemoryAttemptFiles,
  ) {}
  async resolve(command: string): Promise<string | null> {
    return this.onPath(command) ? `/usr/bin/${command}` : null;
  }
  async run(spec: AgentSpec): Promise<AgentResult> {
    this.runs.push(spec);
    const r = this.script(spec, this.runs.length);
    for (const file of r.writes ?? []) this.workspace?.files.add(file);
    for (const [file, text] of Object.entries(r.texts ?? {})) {
      this.workspace?.files.add(file);
      this.workspace?.texts.set(file, text);
    }
    const payloadFile = spec.env.SEQUENCER_PAYLOAD_FILE;
    if (payloadFile && r.payloadText !== undefined) await this.files?.write(payloadFile, r.payloadText);
    else if (payloadFile && r.payload !== undefined) await this.files?.write(payloadFile, JSON.stringify(r.payload));
    const resultFile = spec.env.SEQUENCER_RESULT_FILE;
    if (resultFile && r.declare !== undefined) await this.files?.write(resultFile, JSON.stringify(r.declare));
    return { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 5, ...r };
  }
  async reap(logFile: string): Promise<void> {
    this.reaped.push(logFile);
  }
}

export class FakeWorkspace implements Workspace {
  readonly root = '/workspace';
  readonly files = new Set<string>();
  /** Text of files that have some; other files in `files` read as empty. */
  readonly texts = new Map<string, string>();
  readonly preflightProblems: string[] = [];
  async missingOutputs(paths: string[]): Promise<string[]> {
    return paths.filter((p) => !this.files.has(p));
  }
  async preflight(): Promise<string[]> {
    return this.preflightProblems;
  }
}

export class FakeOwners implements OwnerProbe {
  constructor(public answer: Liveness = 'dead') {}
  async liveness(_owner: AttemptOwner): Promise<Liveness> {
    return this.answer;
  }
}

export class MemoryInbox implements Inbox {
  readonly cursorKey = 'lastFileCursor';
  readonly items: InboxItem[] = [];
  readonly replies: string[] = [];
  acknowledged = 0;
  push(command: Command): void {
    this.items.push({ cursor: this.items.length + 1, command });
  }
  async read(memo: Readonly<Record<string, unknown>>): Promise<InboxRead> {
    const after = Number(memo[this.cursorKey] ?? 0);
    return { items: this.items.filter((i) => i.cursor > after) };
  }
  async acknowledge(cursor: number): Promise<void> {
    this.acknowledged = cursor;
  }
  async reply(_item: InboxItem, text: string): Promise<void> {
    this.replies.push(text);
  }
}

export class RecordingNotifier implements Notifier {
  readonly notices: Notice[] = [];
  async notify(notice: Notice): Promise<void> {
    this.notices.push(notice);
  }
}

export class MemoryLog implements Log {
  readonly lines: string[] = [];
  info(m: string): void {
    this.lines.push(`info: ${m}`);
  }
  warn(m: string): void {
    this.lines.push(`warn: ${m}`);
  }
  error(m: string): void {
    this.lines.push(`error: ${m}`);
  }
  debug(): void {}
  async group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    this.lines.push(`group: ${title}`);
    return fn();
  }
}

/**
 * Reads the FakeWorkspace's files; check commands play back a script and are recorded. Content
 * rules are checked in line, or by `textChecks` when set (a check that takes its time).
 */
export class FakeVerifier implements Verifier {
  readonly checks: Array<{ argv: string[]; opts: CheckOptions }> = [];
  textChecks: ((check: TextCheck, signal: AbortSignal | undefined) => Promise<RuleResult>) | undefined;
  constructor(
    private readonly workspace: FakeWorkspace,
    private readonly script: (argv: string[], call: number) => Partial<CheckResult> = () => ({}),
  ) {}
  async readWorkspaceFile(rel: string): Promise<string | null> {
    return this.workspace.files.has(rel) ? (this.workspace.texts.get(rel) ?? '') : null;
  }
  checkText(check: TextCheck, signal?: AbortSignal): Promise<RuleResult> {
    return this.textChecks ? this.textChecks(check, signal) : runTextCheck(check);
  }
  async runCheck(argv: string[], opts: CheckOptions): Promise<CheckResult> {
    this.checks.push({ argv, opts });
    return { exitCode: 0, stdout: '', stderr: '', timedOut: false, ...this.script(argv, this.checks.length) };
  }
}

/** Payload and input files in memory; remembers what was removed. */
export class MemoryAttemptFiles implements AttemptFiles {
  readonly files = new Map<string, string>();
  readonly removed: string[] = [];
  async read(file: string, maxBytes: number): Promise<FileRead> {
    const text = this.files.get(file);
    if (text === undefined) return { kind: 'missing' };
    const bytes = Buffer.byteLength(text);
    return bytes > maxBytes ? { kind: 'too-large', bytes } : { kind: 'text', text };
  }
  /** Hands on the first maxBytes in uneven pieces (a character cut at the cap reads as U+FFFD). */
  async readPieces(file: string, maxBytes: number, onText: (text: string) => void): Promise<PiecesRead> {
    const text = this.files.get(file);
    if (text === undefined) return { kind: 'missing' };
    const all = Buffer.from(text);
    const kept = all.subarray(0, maxBytes).toString('utf8');
    for (let i = 0, k = 0; i < kept.length; k++) {
      const size = [997, 1, 4096, 13][k % 4] as number;
      onText(kept.slice(i, i + size));
      i += size;
    }
    return { kind: 'read', bytes: Math.min(all.length, maxBytes), truncated: all.length > maxBytes };
  }
  async write(file: string, text: string): Promise<void> {
    this.files.set(file, text);
  }
  async remove(file: string): Promise<void> {
    this.removed.push(file);
    this.files.delete(file);
  }
}

/** The engine configuration the engine tests start from: a local owner, 3 attempts of 60 minutes. */
export function engineConfig(over: Partial<EngineConfig> = {}): EngineConfig {
  return {
    agentCommand: 'my-agent',
    limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 },
    owner: { kind: 'local', host: 'h', pid: 42 },
    logDir: '/logs',
    leaseMarginMs: 60_000,
    graceMs: 100,
    ...over,
  };
}
