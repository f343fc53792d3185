// The job summary of a run that proposed a plan (or could not): what the issue now shows and
// what a person does next, on the run page as on the issue.
import type { State } from '../state/types.js';
import { issueLine, stepTable, type IssueLink } from './render-markdown.js';
import { fence, inline } from './untrusted-text.js';
import { countOf } from './plural.js';

export interface ProposalOutcome {
  state: State | null;
  /** Why nothing was proposed. */
  problem?: string;
  /** The proposal comment, once posted. */
  proposalUrl?: string;
}

export function proposalJobSummary(planId: string, issue: IssueLink, o: ProposalOutcome): string {
  const head = issueLine(planId, issue);
  const s = o.state;
  if (!s || o.problem) return [...head, '### No plan proposed', '', fence(o.problem ?? 'no plan was found', 3000)].join('\n');
  const title = inline(s.plan.title ?? planId);
  const steps = countOf(s.stepQueue.length, 'step');
  if (s.status !== 'AWAITING_APPROVAL' || s.gate) return [...head, `### ${title}: ${s.status}`, '', `Nothing new to propose: the plan of ${steps} is unchanged (\`${s.planHash ?? ''}\`).`].join('\n');
  const proposal = o.proposalUrl ? `[The proposal](${o.proposalUrl})` : 'The proposal';
  return [
    ...head,
    `### Proposed: ${title} (${steps})`,
    '',
    `${proposal} of plan \`${s.planHash ?? ''}\` awaits \`/approve\` on the issue from someone with write access. Nothing runs before that.`,
    '',
    stepTable(s, {}, false),
  ].join('\n');
}
