// An earlier proposal comment, read back by its marker and rewritten once nothing can be approved
// from it: superseded by the proposal of another plan, or withdrawn.
import { marker, type Links } from './render-markdown.js';
import { footer } from './comment-markers.js';

/** A proposal comment's marker, read back: its plan hash and part (1 for the first). */
export function proposalMarker(planId: string, leading: string): { planHash: string; part: number } | null {
  const found = /^<!-- agent-step-sequencer:proposal:([^:\s]+):(sha256:[0-9a-f]{64})(?::part-([1-9]\d{0,2}))? -->$/.exec(leading);
  if (!found || found[1] !== planId) return null;
  return { planHash: found[2]!, part: found[3] ? Number(found[3]) : 1 };
}

/**
 * What an earlier proposal comment says once nothing can be approved from it: superseded by the
 * proposal of another plan (linked), or withdrawn. Short, without the plan and without any
 * approve command, under the same marker, so a later run still finds it (and shows the plan
 * again if the issue goes back to it).
 */
export function retiredProposalComment(planId: string, old: { planHash: string; part: number }, by: { planHash: string; url: string } | { withdrawn: string }, links: Links = {}): string {
  const part = old.part > 1 ? ` (part ${old.part})` : '';
  const plan = `plan \`${old.planHash}\``;
  const text =
    'withdrawn' in by
      ? [`### Withdrawn proposal${part}`, '', `This proposal of ${plan} was withdrawn: ${by.withdrawn}. It can no longer be approved.`]
      : [
          `### Superseded proposal${part}`,
          '',
          `This proposal of ${plan} was replaced by ${linked(`the proposal of plan \`${by.planHash}\``, by.url)} when the plan in the issue changed. It can no longer be approved: review the newer proposal and approve that one.`,
        ];
  return [marker(planId, 'proposal', old.part > 1 ? `${old.planHash}:part-${old.part}` : old.planHash), ...text, ...footer(links)].join('\n');
}

/** A Markdown link to a comment GitHub gave us the address of; the text alone if it looks like no such address. */
function linked(text: string, url: string): string {
  return /^https:\/\/[^\s()<>[\]]+$/.test(url) ? `[${text}](${url})` : text;
}
