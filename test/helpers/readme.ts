// The README as its commands and examples: what a newcomer copies, read the way GitHub shows it
// (markdown-it, CommonMark), so the tests run exactly what the page shows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { REPO_ROOT } from '../e2e/helpers.js';

export interface ReadmeBlock {
  info: string;
  content: string;
  /** 1-based line of the fence. */
  line: number;
  /** The `##` section it is in. */
  section: string;
}

export const README = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

const tokens = new MarkdownIt().parse(README, {});

/** Every fenced block, with the section it stands in. */
export function readmeBlocks(): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = [];
  let section = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'heading_open' && t.tag === 'h2') section = tokens[i + 1]?.content ?? '';
    if (t.type === 'fence') blocks.push({ info: t.info.trim(), content: t.content, line: (t.map?.[0] ?? 0) + 1, section });
  }
  return blocks;
}

/** Every heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces to dashes. */
export function readmeAnchors(): Set<string> {
  const anchors = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'heading_open') continue;
    const text = (tokens[i + 1]?.children ?? []).map((c) => c.content).join('');
    anchors.add(
      text
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- _]/gu, '')
        .replace(/ /g, '-'),
    );
  }
  return anchors;
}

/** The commands of a shell block: one per line, comments and blank lines left out. */
export function commandsOf(block: ReadmeBlock): string[] {
  return block.content
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
