// What an attempt used, from wherever its agent said so: its stream (read as it runs, or read
// back from the attempt's stdout file when the tick that ran it died) and $SEQUENCER_USAGE_FILE. Both
// ways use the same parser and the same choice between stream and file, so an attempt recovered
// after a crash counts toward the budgets as it would have, had its tick lived; the longest
// attempts are the likeliest to be cut short, and would otherwise count for nothing.
import { usageText } from '../core/agent-stream/render-event.js';
import { streamAgentOf } from '../core/agent-stream/stream-command.js';
import { AgentStreamParser } from '../core/agent-stream/stream-parser.js';
import type { StreamAgent } from '../core/agent-stream/types.js';
import { parseUsageFile, USAGE_FILE_MAX_BYTES } from '../core/agent-stream/usage-file.js';
import { stepDef } from '../core/state/step-view.js';
import type { AttemptUsage, State, StepDef } from '../core/state/types.js';
import { shownAttemptFile } from './attempt-judge.js';
import { streamUsage } from './attempt-stream.js';
import { attemptPaths, type AttemptPaths } from './step-contract.js';
import type { PiecesRead } from '../ports.js';
import type { Engine, EngineConfig } from './types.js';

/**
 * Most of a log read back. The live parser reads all of stdout, with memory bounded by its line
 * cap; reading the log in pieces through it keeps that bound, and this one bounds the time.
 */
export const LOG_USAGE_MAX_BYTES = 256 * 1024 * 1024;
/** What the attempt keeps of its stdout: one byte more than is read back, so a read-back can tell the stream went on. */
export const STDOUT_KEPT_BYTES = LOG_USAGE_MAX_BYTES + 1;

/** The usage to record: the stream's when it has the agent's final figures, else the usage file's, else what the stream showed. */
export async function chooseUsage(engine: Engine, paths: AttemptPaths, streamed: AttemptUsage | undefined): Promise<AttemptUsage | undefined> {
  return streamed?.complete ? streamed : ((await usageFromFile(engine, paths)) ?? streamed);
}

/** Says in the log what attempt `n` of a step used. */
export function logUsage({ deps }: Engine, stepId: string, n: number, usage: AttemptUsage): void {
  const figures = usageText(usage);
  if (!figures) return;
  const from = usage.source === 'file' ? ' (from its usage file)' : usage.source === 'log' ? ' (read back from its log)' : '';
  deps.log.info(`${stepId} attempt ${n} used: ${figures}${usage.complete ? '' : ' (at least: the agent ended before its totals)'}${from}.`);
}

/**
 * The usage of attempt `n`, whose tick died: its stream read back from the attempt's stdout file,
 * or from its log when there is none (an attempt of a build that kept none), as the agent's
 * output, as untrusted as it was live, and no more of it than LOG_USAGE_MAX_BYTES; or its usage
 * file. A log that is gone (the runner that kept it went too) only means no usage.
 */
export async function recoveredUsage(engine: Engine, state: State, stepId: string, n: number): Promise<AttemptUsage | undefined> {
  const paths = attemptPaths(engine.cfg.logDir, stepId, n);
  const agent = loggedStream(stepDef(state, stepId), engine.cfg);
  const streamed = agent ? await usageFromLog(engine, agent, paths, `${stepId} attempt ${n}`) : undefined;
  const usage = await chooseUsage(engine, paths, streamed);
  if (usage) logUsage(engine, stepId, n, usage);
  return usage;
}

/** The agent whose stream the attempt's stdout carried: the one preflight finds in the same command. */
function loggedStream(def: StepDef, cfg: Pick<EngineConfig, 'agentCommand'>): StreamAgent | undefined {
  if (def.run !== undefined) return undefined;
  const command = def.agent ?? cfg.agentCommand;
  return command ? streamAgentOf(command) : undefined;
}

/**
 * What the stream in the attempt's stdout file shows, else in its log, through the parser the
 * live path uses; a stream cut mid-line counts up to its last whole event. The log is the
 * fallback only: stderr written inside a line of the stream cuts that line there.
 */
async function usageFromLog({ deps, cfg }: Engine, agent: StreamAgent, paths: AttemptPaths, label: string): Promise<AttemptUsage | undefined> {
  const own = await readStream(deps, agent, paths.stdoutFile);
  const { file, parser, read } = own.read.kind === 'missing' ? await readStream(deps, agent, paths.logFile) : own;
  const what = `its ${file === paths.logFile ? 'log' : 'stdout'} ${shownAttemptFile(cfg, file)}`;
  if (read.kind !== 'read') {
    deps.log.info(`${label}: no usage read back, ${what} is ${read.kind === 'missing' ? 'gone' : `unreadable (${read.reason})`}.`);
    return undefined;
  }
  parser.end();
  if (read.truncated) deps.log.warn(`${label}: only the first ${LOG_USAGE_MAX_BYTES} bytes of ${what} were read back; its usage is at least what they show.`);
  const usage = streamUsage(parser, 'log');
  if (!usage) deps.log.info(`${label}: ${what} shows no usage.`);
  return usage;
}

/** The stream in `file`, pushed through a parser of its own; only the figures are wanted (the events were shown while the attempt ran). */
async function readStream(deps: Engine['deps'], agent: StreamAgent, file: string): Promise<{ file: string; parser: AgentStreamParser; read: PiecesRead }> {
  const parser = new AgentStreamParser(agent);
  const read = await deps.attemptFiles.readPieces(file, LOG_USAGE_MAX_BYTES, (text) => void parser.push(text));
  return { file, parser, read };
}

/** What the agent wrote to $SEQUENCER_USAGE_FILE, when it wrote a valid one; a bad one is reported and left out. */
async function usageFromFile({ deps }: Engine, paths: AttemptPaths): Promise<AttemptUsage | undefined> {
  const read = await deps.attemptFiles.read(paths.usageFile, USAGE_FILE_MAX_BYTES);
  if (read.kind === 'missing') return undefined;
  if (read.kind !== 'text') {
    deps.log.warn(`The usage file ${paths.usageFile} was not read: ${read.kind === 'too-large' ? `${read.bytes} bytes; expected at most ${USAGE_FILE_MAX_BYTES}` : read.reason}.`);
    return undefined;
  }
  const parsed = parseUsageFile(read.text);
  if (!parsed.ok) {
    deps.log.warn(`The usage file was not used: ${parsed.issues.map((i) => `${i.path} ${i.message}`).join('; ')}.`);
    return undefined;
  }
  return { ...parsed.usage, source: 'file', complete: true };
}
