// A plan written into an issue body: the first fenced ```json / ```yaml block that GitHub shows
// and that parses to a plan (`steps`) or a state of the original step-sequencer (`plan.steps`).
// Issues mix prose, examples
// and logs, so blocks that parse to something else are passed over; a block that does not parse,
// or a plan GitHub hides, is reported (with the line in the issue body) only when no other block
// holds a plan.
import { PlanError } from '../errors.js';
import { isRecord } from './field-checks.js';
import { parsePlanText } from './plan-text.js';
import { issueFences } from './visible-fences.js';

export type PlanFromIssue = { found: true; doc: unknown; lang: 'json' | 'yaml' } | { found: false } | { found: true; error: string };

export interface FencedBlock {
  /** Lower-cased first word of the info string (`json`, `yaml`, `ts`, …). */
  info: string;
  content: string;
  /** 1-based line of the opening fence in the body. */
  line: number;
}

const LANGS: Record<string, 'json' | 'yaml'> = { json: 'json', yaml: 'yaml', yml: 'yaml' };

export function planFromIssueBody(body: string): PlanFromIssue {
  let firstError: string | undefined;
  let firstHidden: string | undefined;
  for (const block of issueFences(body)) {
    const lang = LANGS[block.info];
    if (!lang) continue;
    let doc: unknown;
    try {
      doc = parsePlanText(block.content, lang === 'json' ? 'block.json' : 'block.yaml');
    } catch (err) {
      if (!(err instanceof PlanError)) throw err;
      if (!block.hiddenBy) firstError ??= describeBlockError(block, err);
      continue;
    }
    if (!looksLikePlan(doc)) continue;
    // What the maintainer cannot see is not what they approve.
    if (block.hiddenBy) {
      firstHidden ??= `The \`\`\`${block.info} block at line ${block.line} of the issue body is inside ${block.hiddenBy}, so GitHub does not show it as code and it is not used as the plan. Put the plan in a visible fenced block.`;
      continue;
    }
    return { found: true, doc, lang };
  }
  const error = firstError ?? firstHidden;
  return error ? { found: true, error } : { found: false };
}

function looksLikePlan(doc: unknown): boolean {
  return isRecord(doc) && (Object.hasOwn(doc, 'steps') || (isRecord(doc.plan) && Object.hasOwn(doc.plan, 'steps')));
}

/** Line numbers from the parser count from the block's first line; people see the issue's. */
function describeBlockError(block: FencedBlock, err: PlanError): string {
  const messages = err.issues.map((i) => i.message.replace(/\bline (\d+)/g, (_m, n: string) => `line ${Number(n) + block.line}`));
  return `The \`\`\`${block.info} block at line ${block.line} of the issue body ${messages.join('; ')}`;
}

/**
 * CommonMark fenced code blocks: up to 3 spaces of indent, 3+ backticks or tildes, closed by a
 * fence of the same character at least as long; an unclosed fence runs to the end of the text.
 */
export function fencedBlocks(body: string): FencedBlock[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = readFence(lines, i);
    if (!fence) continue;
    blocks.push(fence.block);
    i = fence.end;
  }
  return blocks;
}

/** The fenced block opening at `lines[i]`, and the index of its closing line (or the last line). */
export function readFence(lines: string[], i: number): { block: FencedBlock; end: number } | null {
  const open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[i] ?? '');
  if (!open) return null;
  const [, indent = '', fence = '', rest = ''] = open;
  // A backtick fence's info string may not contain backticks (that is inline code).
  if (fence[0] === '`' && rest.includes('`')) return null;
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
  const content: string[] = [];
  let j = i + 1;
  for (; j < lines.length && !closing.test(lines[j] ?? ''); j++) {
    content.push(stripIndent(lines[j] ?? '', indent.length));
  }
  return { block: { info: (rest.trim().split(/\s+/, 1)[0] ?? '').toLowerCase(), content: content.join('\n'), line: i + 1 }, end: Math.min(j, lines.length - 1) };
}

function stripIndent(line: string, width: number): string {
  let n = 0;
  while (n < width && line[n] === ' ') n++;
  return line.slice(n);
}
