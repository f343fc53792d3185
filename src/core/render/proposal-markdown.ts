// The plan proposal: everything that will run once a writer approves, and nothing else (see
// "What the proposal shows, and what an approval binds to" in docs/security.md). Every step
// that can run is shown (queued steps, then the remediation steps they route to), each with its
// instruction, its own agent command, every env entry and every validation rule in full, its
// limits; then the plan-level settings and, last, the plan hash the approval binds to. A
// proposal longer than one comment is split into numbered parts, never cut.
// Its parts: the settings for every step (proposal-settings-markdown.ts), each step
// (proposal-step-markdown.ts), the blocks they are fenced and packed into (proposal-blocks.ts).
// What is posted instead of a proposal is refused-plan-markdown.ts; what an earlier proposal
// becomes once it cannot be approved, retired-proposal-markdown.ts.
import { hashPrefix } from '../tick/commands.js';
import { remediationTargets } from '../tick/remediation.js';
import type { StepChange } from '../plan/replan.js';
import type { State } from '../state/types.js';
import { marker, MAX_COMMENT_CHARS, stepTable } from './render-markdown.js';
import { countOf } from './plural.js';
import { inline } from './untrusted-text.js';
import { linesToBlocks, listBlocks, pack } from './proposal-blocks.js';
import { preambleBlocks, settingsBlock, type ProposalSettings } from './proposal-settings-markdown.js';
import { stepBlocks } from './proposal-step-markdown.js';

export { MAX_COMMENT_CHARS };

/** More parts than this is a plan nobody reviews on an issue; it is refused with a reason. */
export const MAX_PROPOSAL_PARTS = 20;
/** The step table is an overview; past this many steps the step sections say it all. */
const TABLE_MAX_STEPS = 50;

export type RenderedProposal = { parts: string[] } | { tooLarge: { chars: number; parts: number } };

/** The steps that can run: the queue in order, then every remediation step reachable from it. */
export function runnableSteps(state: State): { queued: string[]; remediation: string[]; never: string[] } {
  const queued = [...state.stepQueue];
  const inQueue = new Set(queued);
  const remediation: string[] = [];
  for (const id of queued) {
    for (const target of remediationTargets(state.plan, id)) {
      if (!inQueue.has(target) && !remediation.includes(target)) remediation.push(target);
    }
  }
  const reachable = new Set([...queued, ...remediation]);
  const never = Object.keys(state.plan.steps).filter((id) => !reachable.has(id));
  return { queued, remediation, never };
}

export function renderProposal(state: State, settings: ProposalSettings, changes: StepChange[] = []): RenderedProposal {
  const id = state.planId ?? 'plan';
  const hash = state.planHash ?? '';
  const { queued, remediation, never } = runnableSteps(state);
  const title = inline(state.plan.title ?? id);
  const counts = `${countOf(queued.length, 'step')}${remediation.length ? `, ${countOf(remediation.length, 'remediation step')}` : ''}`;

  const blocks: string[] = [
    ...changeBlocks(state, changes),
    settingsBlock(state, settings),
    ...preambleBlocks(state),
    ...(queued.length <= TABLE_MAX_STEPS ? [stepTable(state)] : []),
    `#### Steps, in the order they run`,
  ];
  queued.forEach((stepId, i) => blocks.push(...stepBlocks(state, stepId, `${i + 1}/${queued.length}`, settings)));
  if (remediation.length) {
    blocks.push('#### Remediation steps\n\nThey run only when a step whose validation failed or whose output overflowed routes to them (`onValidationFail`, `onOverflow`); then that step is retried.');
    for (const stepId of remediation) blocks.push(...stepBlocks(state, stepId, 'remediation', settings));
  }
  if (never.length)
    blocks.push(
      ...listBlocks(
        `Defined in the plan but never run (not queued, no step routes to them): `,
        never.map((s) => `\`${s}\``),
      ),
    );

  const packed = pack(blocks);
  const chars = blocks.reduce((n, b) => n + b.length + 2, 0);
  if (packed.length > MAX_PROPOSAL_PARTS) return { tooLarge: { chars, parts: packed.length } };
  const n = packed.length;
  const parts = packed.map((content, k) => {
    const head = [
      marker(id, 'proposal', k === 0 ? hash : `${hash}:part-${k + 1}`),
      `### Proposed plan: ${title} (${counts})${n > 1 ? `, part ${k + 1} of ${n}` : ''}`,
      '',
      ...(n > 1 ? [`This proposal is too long for one comment; it is split into ${n} comments. The plan hash and how to approve it are at the end of the last one.`, ''] : []),
    ];
    const tail =
      k === n - 1
        ? [
            '',
            `Plan hash: \`${hash}\``,
            '',
            `Reply **\`/approve ${hashPrefix(hash)}\`** to run exactly this plan, or **\`/approve ${hashPrefix(hash)} delay=2\`** to wait 2 minutes between steps (recommended for rate-limited APIs). A bare \`/approve\` is enough unless this issue had an earlier proposal that you may have seen instead of this one.`,
            'Only people with write access (or listed approvers) can approve, and only after this proposal was posted. Edit the plan and the proposal is posted again; this one then says it was superseded.',
          ]
        : ['', `*Continued in the next comment (part ${k + 2} of ${n}).*`];
    return [...head, content.join('\n\n'), ...tail].join('\n');
  });
  return { parts };
}

function changeBlocks(state: State, changes: StepChange[]): string[] {
  const changed = changes.filter((c) => c.change !== 'unchanged');
  if (!changed.length) return [];
  const kept = Object.entries(state.stepRuns)
    .filter(([, r]) => r.status === 'DONE' || r.status === 'SKIPPED')
    .map(([sid]) => `\`${sid}\``);
  return [
    ...linesToBlocks(['The plan changed since it was approved, so it is paused until it is approved again:', ...changed.map((c) => `- \`${c.stepId}\` ${c.change}`)]),
    ...(kept.length ? listBlocks('Finished steps kept (same id and instruction): ', kept, '.') : ['No finished step is kept.']),
  ];
}

export const TOO_LARGE_HEADING = 'Plan too large to propose';
export const TOO_LARGE_HINT = 'Split it into smaller plans, or start it from the workflow: dispatch `command: start` with the `plan` input (a dispatch by someone with write access approves it).';

/** Why a plan was not proposed: its proposal would not fit in the comments GitHub takes. */
export function tooLargeText({ parts, chars }: { parts: number; chars: number }): string {
  return `Its proposal would take ${countOf(parts, 'comment')} (${countOf(chars, 'character')}); at most ${MAX_PROPOSAL_PARTS} are posted, so nothing can be approved.`;
}
