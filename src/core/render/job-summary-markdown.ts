// The run page's job summary: the plan's issue, its status, every output (the page has room a
// comment lacks) and the queue as a Mermaid chart.
import { resumeLines, stepRows, type StepRow } from './render.js';
import type { State } from '../state/types.js';
import { fence } from './untrusted-text.js';
import { link, outputText, type Links } from './comment-frame.js';
import { statusComment } from './status-markdown.js';

/** Mermaid flowchart of the queue, coloured by status, for the job summary. */
export function mermaidQueue(state: State): string {
  const rows = stepRows(state);
  const nodeId = (i: number) => `s${i}`;
  // Inside a quoted Mermaid label only these could end the label, the node or the code block.
  const label = (r: StepRow) => `${r.id}: ${r.title}`.replace(/["[\]{}()<>|#;`&\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').slice(0, 60);
  const lines = ['```mermaid', 'flowchart LR'];
  rows.forEach((r, i) => lines.push(`  ${nodeId(i)}["${label(r)}"]:::${r.status.toLowerCase()}`));
  for (let i = 1; i < rows.length; i++) lines.push(`  ${nodeId(i - 1)} --> ${nodeId(i)}`);
  lines.push(
    '  classDef done fill:#d4f7d4,stroke:#2da44e',
    '  classDef skipped fill:#eeeeee,stroke:#999999',
    '  classDef failed fill:#ffd7d5,stroke:#cf222e',
    '  classDef cancelled fill:#eeeeee,stroke:#cf222e',
    '  classDef in_progress fill:#fff2c2,stroke:#bf8700',
    '  classDef pending fill:#ffffff,stroke:#8c959f',
    '```',
  );
  return lines.join('\n');
}

/** The run page's summary: the status, every output (it has room a comment lacks), the queue as a chart. */
export function jobSummary(state: State, links: Links = {}, issue?: IssueLink): string {
  const big = state.stepQueue.length > 200;
  // Markdown for people: the log's `[Resume]` tag says nothing here.
  const resumed = resumeLines(state, 20, false);
  const outputs = state.artifacts ?? [];
  return [
    ...issueLine(state.planId ?? 'plan', issue),
    statusComment(state, links).replace(/^<!--.*-->\n/, ''),
    '',
    ...(outputs.length ? [`**Outputs** (${outputs.length})`, '', ...outputs.map((o) => `- ${outputText(o, links, true)}`), ''] : []),
    big ? '' : mermaidQueue(state),
    ...(resumed.length ? ['', '<details><summary>Finished steps</summary>', '', fence(resumed.join('\n'), 20_000), '', '</details>'] : []),
  ].join('\n');
}

/** The plan's issue, for the run page. */
export interface IssueLink {
  number: number;
  url: string;
}

/** `Plan issue-7 of issue #7`, linked, above a job summary. */
export function issueLine(planId: string, issue: IssueLink | undefined): string[] {
  return issue ? [`Plan \`${planId.replace(/`/g, '')}\` of ${link(`issue #${issue.number}`, issue.url)}.`, ''] : [];
}
