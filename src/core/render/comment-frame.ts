// What every comment the sequencer posts shares: its hidden marker (read back by
// comment-markers.ts), the links to the run that wrote it, GitHub's size limit and the shapes a
// notice is fitted into so that it stays under it.
import { inline } from './untrusted-text.js';
import { countOf } from './plural.js';

/** GitHub refuses comment and pull request bodies longer than this. */
export const MAX_COMMENT_CHARS = 65_536;
/** Outputs a final summary or gate notice lists by name; the rest are counted and on the work branch. */
export const LISTED_OUTPUTS = 100;
const LISTED_OUTPUTS_MAX = LISTED_OUTPUTS;

export type MarkerKind = 'status' | 'proposal' | 'blocked' | 'summary' | 'cancelled' | 'refused' | 'request' | 'confined';

/** The hidden marker that makes a comment findable (and so never posted twice). */
export function marker(planId: string, kind: MarkerKind, episode?: string): string {
  return `<!-- agent-step-sequencer:${kind}:${planId}${episode ? `:${episode}` : ''} -->`;
}

export interface Links {
  /** URL of a file at a commit, e.g. `https://github.com/o/r/blob/<sha>/<path>`. */
  file?: (path: string) => string;
  /** Where the comment came from: the workflow run that wrote it, its logs, the work branch. */
  run?: RunLinks;
  /** URL of a file kept beside the state on the work branch (an attempt's command log), by its path relative to the state's folder. */
  record?: (path: string) => string;
}

export interface RunLinks {
  /** `<server>/<owner>/<repo>/actions/runs/<id>`. */
  runUrl: string;
  /** Where the run's attempt logs can be downloaded (the run page's artifacts section); absent when the run ran no attempt. */
  logsUrl?: string;
  /** `<server>/<owner>/<repo>/tree/<branch>`; absent when the plan has no work branch (yet). */
  branchUrl?: string;
  branch?: string;
}

/** One line naming the run that wrote a comment and, where they exist, its attempt logs and the work branch. */
export function runFooter(links: Links): string[] {
  const r = links.run;
  if (!r) return [];
  const parts = [link('workflow run', r.runUrl)];
  if (r.logsUrl) parts.push(link('attempt logs', r.logsUrl));
  if (r.branchUrl && r.branch) parts.push(`work branch ${link(`\`${r.branch.replace(/`/g, '')}\``, r.branchUrl)}`);
  return [`<sub>${parts.join(' · ')}</sub>`];
}

/** A link to one of our own URLs; characters that could end the destination early are encoded. */
export function link(text: string, url: string): string {
  return `[${text}](${url.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29')).replace(/[\s<>\\]/g, encodeURIComponent)})`;
}

/** An output path: inert text, linked to the file at the commit that produced it when known. */
export function outputText(path: string, links: Links, linked: boolean): string {
  return links.file && linked ? link(inline(path), links.file(path)) : inline(path);
}

/** What a comment may use; the rest is kept for the pull request line a final summary may gain. */
const COMMENT_BUDGET = MAX_COMMENT_CHARS - 1_000;

/** How a comment is rendered, from the fullest to the barest. */
export interface Shape {
  fileLinks: boolean;
  tableOutputs: boolean;
  /** Outputs listed by name (summary, gate notice). */
  listed: number;
  /** Characters of the status comment's collapsed list of finished steps. */
  finishedChars: number;
}

const SHAPES: Shape[] = [
  { fileLinks: true, tableOutputs: true, listed: LISTED_OUTPUTS_MAX, finishedChars: 24_000 },
  { fileLinks: false, tableOutputs: true, listed: LISTED_OUTPUTS_MAX, finishedChars: 24_000 },
  { fileLinks: false, tableOutputs: true, listed: 10, finishedChars: 8_000 },
  { fileLinks: false, tableOutputs: false, listed: 10, finishedChars: 2_000 },
  { fileLinks: false, tableOutputs: false, listed: 0, finishedChars: 0 },
];

/**
 * The first rendering, fullest first, that fits GitHub's limit. Plan paths and titles have no
 * length limit of their own, so a table of long output paths could otherwise be refused (422).
 */
export function fittedNotice(links: Links, render: (links: Links, shape: Shape) => string): string {
  let body = '';
  for (const shape of SHAPES) {
    const { file: _file, ...bare } = links;
    body = render(shape.fileLinks ? links : bare, shape);
    if (body.length <= COMMENT_BUDGET) return body;
  }
  return body;
}

/** Lines listing the first `max` outputs by name, then a count of the rest and where they are. */
export function outputList(outputs: string[], links: Links, max: number): string[] {
  const shown = outputs.slice(0, Math.min(max, LISTED_OUTPUTS));
  const rest = outputs.length - shown.length;
  const where = links.run?.branchUrl ? link('work branch', links.run.branchUrl) : 'see the work branch';
  return [...shown.map((o) => `- ${outputText(o, links, true)}`), ...(rest > 0 ? [`- … and ${countOf(rest, shown.length ? 'more output' : 'output')}: ${where}`] : [])];
}
