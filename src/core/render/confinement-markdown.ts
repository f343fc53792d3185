// What a person reads when apply left some of the agent's changes out of a step's commit (the
// isolated layout, docs/security.md): which paths and why. Paths and link targets are the
// agent's words: shown as inert text.
import type { Notice } from '../tick/notices.js';
import type { State } from '../state/types.js';
import { countOf } from './plural.js';
import { marker, runFooter, type Links } from './render-markdown.js';
import { inline } from './untrusted-text.js';

type ChangesRefused = Extract<Notice, { kind: 'changes-refused' }>;

export function refusedChangesNotice(state: State, n: ChangesRefused, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const more = n.total > n.refused.length ? [`- … and ${countOf(n.total - n.refused.length, 'more change')}`] : [];
  return [
    // One notice per attempt: a later attempt that tries again is told again.
    marker(id, 'confined', `${n.stepId}-${n.attempt}`),
    `### 🛡️ Changes left out of \`${n.stepId}\` attempt ${n.attempt}`,
    '',
    `The agent's attempt changed ${countOf(n.total, 'path')} that a step may not change. They were not committed; the rest of its work was checked and recorded as usual.`,
    '',
    ...n.refused.map((r) => `- ${inline(r.path, 300)}: ${inline(r.reason, 300)}`),
    ...more,
    ...(links.run ? ['', ...runFooter(links)] : []),
  ].join('\n');
}
