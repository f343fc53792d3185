// What a person reads when the base branch does not merge into the work branch: which files
// conflict, that nothing was changed, and the two ways on (resolve on the branch, or turn the sync
// off). File names come from the repository, which the agent and anyone with push access write:
// they are shown as inert text (Markdown) or stripped of control sequences (terminal).
import { countOf } from './plural.js';
import type { Notice } from '../tick/notices.js';
import type { State } from '../state/types.js';
import { marker, runFooter, type Links } from './render-markdown.js';
import { inline } from './untrusted-text.js';
import { terminalLine } from './terminal-text.js';

type BaseConflict = Extract<Notice, { kind: 'base-conflict' }>;

/** Files listed by name; a merge that conflicts in more says how many more. */
export const LISTED_CONFLICTS = 50;

export interface BaseConflictWording {
  /** How to turn the sync off where this plan runs: the Action's input or the CLI's flag. */
  offSetting: string;
  /** How to go on once resolved: `/resume` on the issue, `resume` at the CLI. */
  resume: string;
}

export const ACTION_WORDING: BaseConflictWording = { offSetting: 'the input `sync-base: off`', resume: '`/resume`' };
export const CLI_WORDING: BaseConflictWording = { offSetting: '--sync-base off', resume: 'resume' };

export function baseConflictNotice(state: State, n: BaseConflict, links: Links = {}, wording: BaseConflictWording = ACTION_WORDING): string {
  const id = state.planId ?? 'plan';
  const branch = links.run?.branch;
  const shown = n.files.slice(0, LISTED_CONFLICTS).map((f) => `- ${inline(f, 300)}`);
  const more = n.files.length > LISTED_CONFLICTS ? [`- … and ${countOf(n.files.length - LISTED_CONFLICTS, 'more file')}`] : [];
  const where = branch ? `the work branch ${inline(branch)}` : 'the work branch';
  return [
    // One notice per base commit: a new conflict after a fix on the base branch is a new episode.
    marker(id, 'blocked', `base-${n.stepId}-${n.baseCommit.slice(0, 12)}`),
    `### ⛔ Blocked before \`${n.stepId}\`: the base branch does not merge`,
    '',
    `The base branch ${inline(n.base)} has changes that conflict with ${where}, so they were not merged and \`${n.stepId}\` did not run. The merge was aborted: the work branch and its files are as they were.`,
    '',
    `**Conflicting files** (${n.files.length}):`,
    ...(shown.length ? [...shown, ...more] : ['- (git named none)']),
    '',
    'To continue, either:',
    `- resolve it on the work branch: merge ${inline(n.base)} into it, fix the conflicts, push, then reply ${wording.resume}; or`,
    `- set ${wording.offSetting} (the plan then runs without the base branch's later changes), then reply ${wording.resume}.`,
    '',
    'Or `/cancel` to stop the plan.',
    ...(links.run ? ['', ...runFooter(links)] : []),
  ].join('\n');
}

/** The same for a terminal (the CLI). */
export function baseConflictReport(n: BaseConflict, wording: BaseConflictWording = CLI_WORDING): string {
  const files = n.files.slice(0, LISTED_CONFLICTS).map((f) => `  ${terminalLine(f)}`);
  const more = n.files.length > LISTED_CONFLICTS ? [`  … and ${n.files.length - LISTED_CONFLICTS} more`] : [];
  return [
    `Blocked before ${n.stepId}: the base branch ${terminalLine(n.base)} does not merge cleanly into the work branch; the merge was aborted and nothing changed.`,
    `Conflicting files (${n.files.length}):`,
    ...files,
    ...more,
    `To continue: merge ${terminalLine(n.base)} into the work branch yourself, resolve the conflicts and push, then ${wording.resume}; or run with ${wording.offSetting}, then ${wording.resume}.`,
  ].join('\n');
}
