// The comments posted instead of a proposal: a plan that sets what runs from someone without
// write access or from a bot, and a request with no plan from someone who cannot have one drafted.
import { describeExecution, type StepExecution } from '../plan/execution-fields.js';
import type { State } from '../state/types.js';
import { isBot, type PlanAuthor } from '../trust/authorize.js';
import { marker, type Links } from './render-markdown.js';
import { footer } from './comment-markers.js';
import { inline } from './untrusted-text.js';

/** Why a plan was not proposed: who wrote it, what it sets, and what a maintainer can do. */
export function refusedPlanComment(state: State, author: PlanAuthor, found: StepExecution[], links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const listed = describeExecution(found);
  const sets = `it sets what runs: ${listed.length > 3000 ? `${listed.slice(0, 3000)}…` : listed}.`;
  const rest = 'the agent command, environment and check commands come from the workflow and from people with write access. **Nothing from this plan can be approved or run.**';
  // Write permission does not make a bot a writer: an App files issues with text others gave it.
  const why = isBot(author)
    ? [
        `This plan comes from the bot ${codeLogin(author.login)}, and ${sets}`,
        '',
        `A bot files issues with text others gave it, so its plan may only describe the work (${DESCRIBING}), whatever the bot's permission; ${rest}`,
      ]
    : [
        `This plan comes from ${codeLogin(author.login)}, who does not have write access to this repository, and ${sets}`,
        '',
        `A plan from someone without write access may only describe the work (${DESCRIBING}); ${rest}`,
      ];
  return [
    marker(id, 'refused', state.planHash),
    `### ⛔ Plan not proposed: ${inline(state.plan.title ?? id)}`,
    '',
    ...why,
    '',
    'To run it, a maintainer can post the plan in an issue of their own, or set `allow-untrusted-plan-commands: true` in the workflow, after which such plans are proposed with every command shown.',
    ...footer(links),
  ].join('\n');
}

const DESCRIBING = 'titles, instructions, required outputs, file and payload checks';

/** A login as inert code: GitHub's login characters only, and an App's `[bot]` suffix. */
function codeLogin(login: string): string {
  const suffix = /\[bot\]$/i.exec(login)?.[0] ?? '';
  return `\`${login.slice(0, login.length - suffix.length).replace(/[^A-Za-z0-9-]/g, '')}${suffix}\``;
}

/** A request (no plan block) from someone who cannot have the agent draft a plan: how to go on. */
export function draftHintComment(planId: string, links: Links = {}): string {
  return [
    marker(planId, 'request'),
    '### No plan yet',
    '',
    'This issue has no plan block, so it is a request. Drafting a plan from it runs the agent, which only someone with write access can start: **a maintainer can reply `/draft`** to have a plan drafted and proposed here.',
    '',
    'Or add the plan yourself as a fenced ```json or ```yaml block with `"steps"`.',
    ...footer(links),
  ].join('\n');
}
