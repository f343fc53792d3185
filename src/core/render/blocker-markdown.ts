// The notice posted when a step blocks the plan: why, its attempts, the end of the last one's
// output, where the logs are, and the replies that let the plan go on.
import { formatDuration, sameAttempts } from './render.js';
import { lastAttempt, roundOf, stepRun } from '../state/step-view.js';
import type { Attempt, State, StepRun } from '../state/types.js';
import { fence, inline } from './untrusted-text.js';
import { attemptsText } from './attempt-words.js';
import { attemptTokens, usageLine } from './usage-report.js';
import { formatUsd } from '../agent-stream/render-event.js';
import { budgetAmount, budgetName } from '../tick/budget.js';
import { link, marker, runFooter, type Links } from './comment-frame.js';
import { approverMention } from './mentions.js';

export function blockerNotice(state: State, stepId: string, reason: string, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const run = state.stepRuns[stepId];
  const all = run?.attempts ?? [];
  // The tool-call column appears only when some attempt's calls were logged (hooks or exec), the
  // usage columns only when some attempt recorded usage.
  const tools = all.some((a) => a.toolCalls);
  const usage = all.some((a) => a.usage);
  const usageCells = (a: Attempt) => (usage ? ` ${a.usage ? attemptTokens(a.usage) : '-'} | ${a.usage?.costUsd !== undefined ? formatUsd(a.usage.costUsd) : '-'} |` : '');
  // The round column appears once a /retry gave the step a second round.
  const rounds = all.some((a) => typeof a.round === 'number' && a.round > 1);
  // Attempts that ended the same way are one row with a count (each keeps its row when each has its usage).
  const groups = usage ? all.map((a) => ({ first: a, last: a, count: 1, duration: typeof a.durationMs === 'number' ? a.durationMs : null })) : sameAttempts(all);
  const rows = groups.map(({ first, last, count, duration }) => {
    const which = count > 1 ? `${first.n}–${last.n}` : String(first.n);
    const error = first.error ? `${inline(first.error, 160)}${count > 1 ? ` (${count}×)` : ''}` : '';
    return `| ${which} |${rounds ? ` ${typeof first.round === 'number' ? first.round : 1} |` : ''} ${first.outcome ?? '-'} | ${first.exitCode ?? '-'} | ${duration !== null ? formatDuration(duration) : '-'} |${tools ? ` ${count > 1 ? '-' : toolCallsText(first.toolCalls)} |` : ''}${usageCells(first)} ${error} |`;
  });
  const raise = budgetRaiseLines(state);
  const used = usageLine(state);
  // One notice per blocked episode: a new attempt or a new round (a /retry, a changed plan) makes a
  // new one, also when the step blocks again before it runs (a spent budget, a failed preflight).
  const round = run ? roundOf(run) : 1;
  const episode = `${stepId}-${run?.attempts?.length ?? run?.tries ?? 0}${round > 1 ? `-r${round}` : ''}`;
  return [
    marker(id, 'blocked', episode),
    `### ⛔ Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    '',
    ...(approverMention(state) ? [`${approverMention(state)}: the plan you approved needs you.`, ''] : []),
    `**Why:** ${inline(reason, 300)}`,
    '',
    ...(rows.length
      ? [
          `**Attempts:** ${attemptsText(run)}`,
          '',
          `| attempt |${rounds ? ' round |' : ''} outcome | exit | duration |${tools ? ' tool calls |' : ''}${usage ? ' tokens | cost |' : ''} error |`,
          `|---|${rounds ? '---|' : ''}---|---|---|${tools ? '---|' : ''}${usage ? '---|---|' : ''}---|`,
          ...rows,
          '',
        ]
      : []),
    ...(used ? [`**Plan usage so far:** ${used}.`, ''] : []),
    // A step blocked before it ran (a spent budget) has no error: **Why:** says why.
    ...(run?.error ? ['**Last error:**', fence(run.error, 3000), ''] : []),
    ...outputTail(run),
    ...logsLine(state, stepId, links),
    'To continue, reply with one of:',
    ...raise,
    `- \`/retry\`: run \`${stepId}\` again, with a new round of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    '- `/cancel`: stop the plan',
    ...(links.run ? ['', ...runFooter(links)] : []),
  ].join('\n');
}

/** Where the attempts' full logs are: the run's artifact (when this run ran one) and its log groups. */
function logsLine(state: State, stepId: string, links: Links): string[] {
  const r = links.run;
  const last = lastAttempt(stepRun(state, stepId));
  if (!r?.logsUrl || !last) return [];
  const position = `${state.stepQueue.indexOf(stepId) + 1}/${state.stepQueue.length}`;
  return [
    `**Logs:** the full output of attempt ${last.n} is \`${stepId}/attempt-${last.n}.log\` in ${link('the attempt logs', r.logsUrl)} of ${link('this workflow run', r.runUrl)}, and in the run's log under \`(${position}) ${stepId} …: attempt ${last.n}\`.`,
    '',
  ];
}

/** Lines of output a blocker notice shows at most: the end, where the cause usually is. */
export const OUTPUT_TAIL_LINES = 40;
const OUTPUT_TAIL_CHARS = 4000;

/**
 * The end of what the last attempt printed on stdout and on stderr (the state keeps a bounded,
 * scrubbed copy of each), collapsed. The summary says how much of each stream it shows: a state
 * written before stderr was kept has none, and "all of it" would then hide the agent's errors.
 */
function outputTail(run: StepRun | undefined): string[] {
  const streams = [streamTail('stdout', run?.stdout), streamTail('stderr', run?.stderr)];
  const shown = streams.filter((s) => s.tail);
  if (!shown.length) return [];
  const n = lastAttempt(run!)?.n;
  const extent = streams.map((s) => `${s.name}: ${s.extent}`).join('; ');
  return [
    '<details><summary>End of the output' + (n !== undefined ? ` of attempt ${n}` : '') + ` (${extent})</summary>`,
    '',
    ...shown.flatMap((s) => [`${s.name}:`, fence(s.tail, OUTPUT_TAIL_CHARS + 10), '']),
    '</details>',
    '',
  ];
}

/** The omission marker of a kept head and tail (bounded-text.ts): the middle is only in the full log. */
const OMITTED = /\n…\[\d+ bytes omitted[^\n]*\]…\n/;

/** The end of one kept stream, and how much of it that is. */
function streamTail(name: string, kept: string | null | undefined): { name: string; tail: string; extent: string } {
  if (typeof kept !== 'string') return { name, tail: '', extent: 'not kept' };
  const text = kept.replace(/\s+$/, '');
  if (!text) return { name, tail: '', extent: 'empty' };
  const lines = text.split('\n');
  let tail = lines.slice(-OUTPUT_TAIL_LINES).join('\n');
  let extent = lines.length > OUTPUT_TAIL_LINES ? `last ${OUTPUT_TAIL_LINES} lines` : OMITTED.test(text) ? 'its start and end' : 'all of it';
  if (tail.length > OUTPUT_TAIL_CHARS) {
    tail = `…${tail.slice(-OUTPUT_TAIL_CHARS)}`;
    extent = `last ${OUTPUT_TAIL_CHARS} characters`;
  }
  return { name, tail, extent };
}

/** `12 (3 denied)`, or `-` when the attempt logged no calls. */
export function toolCallsText(calls: { calls: number; denied: number } | undefined): string {
  if (!calls) return '-';
  return calls.denied ? `${calls.calls} (${calls.denied} denied)` : String(calls.calls);
}

/** A blocker notice for a spent budget: the command that raises it, with the figures. */
function budgetRaiseLines(state: State): string[] {
  const b = state.budgetBlock;
  if (!b || state.status !== 'BLOCKED') return [];
  const example = b.kind === 'costUsd' ? `$${Math.max(1, Math.ceil(b.spent * 2))}` : String(Math.max(1000, Math.ceil((b.spent * 2) / 1000) * 1000));
  return [`- \`/approve budget=${example}\`: raise ${budgetName(b)} (${budgetAmount(b.kind, b.spent)} used of ${budgetAmount(b.kind, b.limit)}) to the amount given, above what was used, and go on`];
}
