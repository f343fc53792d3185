// Untrusted text never becomes markup. Every comment and the job summary are rendered with a real
// Markdown renderer configured the way GitHub treats comments (raw HTML allowed, bare URLs
// linked), with attacker text in every untrusted field: titles, paths, errors, agent output,
// blockers, a cancel reason, a login. Nothing may come out as an image, a link other than ours,
// an HTML element, an extra table row or cell, a live mention or a cross-reference.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { problemComment, replyComment } from '../../src/core/render/comment-markers.js';
import { blockerNotice, cancelledNotice, finalSummaryComment, jobSummary, statusComment, type Links } from '../../src/core/render/render-markdown.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import type { State } from '../../src/core/state/types.js';
import { state } from '../fakes/states.js';

const md = new MarkdownIt({ html: true, linkify: true });
type Token = ReturnType<typeof md.parse>[number];

const ATTACKS = [
  '<img src=x onerror=alert(1)>',
  '![x](http://e/x.png)',
  '[click](javascript:alert(1))',
  'https://evil.example/a',
  'www.evil.example',
  'mail me@evil.example',
  '<https://evil.example>',
  '@org/team and @octocat',
  '#1 and owner/repo#2 and GH-3',
  '| extra | row |',
  '`` ``` ````',
  '</details><details open>',
  '<!-- hidden',
  '&lt;img src=x&gt; &#64;octocat',
  '<script>alert(1)</script>',
  '**bold** _em_ ~~strike~~ $x$',
];
const ATTACK = ATTACKS.join(' ');
/** Multi-line: a new table row, a heading, a list, a fence that tries to close ours. */
const MULTILINE = `${ATTACK}\n|---|---|\n| extra | row |\n# heading\n- item\n\`\`\`\`\`\`\n</details>\n${ATTACK}`;
/** Paths are single-line (validation refuses control characters) but may hold anything else. */
const PATH = 'out/<img src=x>|x|[a](https://evil.example)@team#1 `x`.md';

const LINK_BASE = 'https://github.com/o/r/blob/abc/';
const links: Links = { file: (p) => `${LINK_BASE}${p.split('/').map(encodeURIComponent).join('/')}` };

function attacked(): State {
  const s = state(['a', 'b', 'c'], { planId: 'issue-9' }, (id) => ({ title: `${id} ${MULTILINE}`, instruction: MULTILINE, requiredOutputs: [PATH, `${id}/${ATTACK.replace(/[\\/]/g, '')}`] }));
  const attempt = (n: number) => ({ n, runId: `issue-9/b/${n}`, startedAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:01:00Z', outcome: 'failed' as const, exitCode: 1, error: MULTILINE });
  return {
    ...s,
    plan: { ...s.plan, title: MULTILINE },
    status: 'BLOCKED',
    currentStep: 1,
    stepRuns: {
      a: { status: 'DONE', tries: 1, stdout: MULTILINE, attempts: [{ ...attempt(1), outcome: 'succeeded', exitCode: 0, error: null }] },
      b: { status: 'FAILED', tries: 2, stdout: MULTILINE, error: MULTILINE, attempts: [attempt(1), attempt(2)] },
      c: { status: 'PENDING', tries: 0 },
    },
    blockers: [`b: ${MULTILINE}`],
    cancelRequested: { by: '<img src=x>@team', at: '2026-01-01T00:02:00Z', reason: MULTILINE },
    // What commands did, as the status comment lists them: who and what they wrote is inert.
    recentCommands: [{ at: '2026-01-01T00:01:00Z', by: '<img src=x>@team', command: '/retry', outcome: `Retrying b. The agent's next prompt says: ${MULTILINE}` }],
    artifacts: [PATH],
  };
}

interface Rendered {
  html: string;
  tokens: Token[];
  /** Text GitHub scans for mentions and references: everything outside code. */
  prose: string;
}

function render(markdown: string): Rendered {
  const tokens = md.parse(markdown, {});
  const prose: string[] = [];
  const walk = (list: Token[]) => {
    for (const t of list) {
      if (t.type === 'text') prose.push(t.content);
      if (t.children) walk(t.children);
    }
  };
  walk(tokens);
  return { html: md.renderer.render(tokens, md.options, {}), tokens, prose: prose.join(' ') };
}

const OURS = new Set(['h4', 'h5', 'h3', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'strong', 'code', 'pre', 'ul', 'li', 'a', 'sub', 'details', 'summary', 'blockquote']);

/** Asserts none of the attacks turned into markup in `markdown`; returns the rendering. */
function expectInert(markdown: string, opts: { ourLinks?: number; ourMentions?: string[]; tables?: Array<{ columns: number; rows: number }> } = {}): Rendered {
  const r = render(markdown);
  expect(r.html).not.toMatch(/<img/i);
  expect(r.html).not.toMatch(/<script/i);
  // The only HTML comment is our leading marker.
  expect(r.html.match(/<!--/g)?.length ?? 0).toBeLessThanOrEqual(1);
  if (r.html.includes('<!--')) expect(r.html.trimStart().startsWith('<!-- agent-step-sequencer:')).toBe(true);
  const tags = [...r.html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => m[1]!.toLowerCase());
  expect(tags.filter((t) => !OURS.has(t))).toEqual([]);
  const hrefs = [...r.html.matchAll(/<a\s+href="([^"]*)"/g)].map((m) => m[1]!);
  expect(hrefs.filter((h) => !h.startsWith(LINK_BASE))).toEqual([]);
  expect(hrefs).toHaveLength(opts.ourLinks ?? 0);
  // Raw HTML the renderer passed through would be an html_inline / html_block token.
  const raw = r.tokens.flatMap((t) => [t, ...(t.children ?? [])]).filter((t) => t.type === 'html_inline' || t.type === 'html_block');
  expect(raw.map((t) => t.content.trim()).filter((c) => !/^<!-- agent-step-sequencer:[^\n]*-->$/.test(c) && !/^<\/?(sub|details|summary)>/.test(c))).toEqual([]);
  const mentions = [...r.prose.matchAll(/(?:^|[^A-Za-z0-9`])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9-]+)?)/g)].map((m) => m[1]);
  expect(mentions).toEqual(opts.ourMentions ?? []);
  expect(r.prose).not.toMatch(/(?:^|[^A-Za-z0-9&])#\d+/);
  expect(r.prose).not.toMatch(/\bGH-\d+/i);
  expect(r.prose).not.toMatch(/[\w.-]+\/[\w.-]+#\d+/);
  // Tables keep their shape: as many rows as we wrote, each with as many cells as the header.
  const tables = tableShapes(r.tokens);
  if (opts.tables) expect(tables).toEqual(opts.tables);
  return r;
}

function tableShapes(tokens: Token[]): Array<{ columns: number; rows: number }> {
  const shapes: Array<{ columns: number; rows: number }> = [];
  let current: { columns: number; rows: number } | null = null;
  let cells = 0;
  for (const t of tokens) {
    if (t.type === 'table_open') current = { columns: 0, rows: 0 };
    else if (t.type === 'tr_open') cells = 0;
    else if (t.type === 'th_open' || t.type === 'td_open') cells++;
    else if (t.type === 'tr_close' && current) {
      if (current.columns === 0) current.columns = cells;
      else {
        expect(cells).toBe(current.columns);
        current.rows++;
      }
    } else if (t.type === 'table_close' && current) {
      shapes.push(current);
      current = null;
    }
  }
  return shapes;
}

describe('attacker text renders as text (markdown-it, html and linkify on)', () => {
  const s = attacked();

  it('the run footer and the window of a large plan keep the table whole', () => {
    const withRun: Links = {
      ...links,
      run: { runUrl: `${LINK_BASE}actions/runs/7`, logsUrl: `${LINK_BASE}actions/runs/7#artifacts`, branchUrl: `${LINK_BASE}tree/sequencer/issue-9`, branch: 'sequencer/issue-9`x' },
    };
    const ids = Array.from({ length: 60 }, (_, i) => `s${i + 1}`);
    const large = state(ids, { planId: 'issue-9', currentStep: 30, stepRuns: Object.fromEntries(ids.slice(0, 30).map((id) => [id, { status: 'DONE' as const, tries: 1 }])) }, (id) => ({
      title: `${id} ${ATTACK}`,
    }));
    const r = expectInert(statusComment(large, withRun), { ourLinks: 3, tables: [{ columns: 7, rows: 20 }] });
    expect(r.prose).toContain('20 earlier steps not shown (20 DONE).');
    expect(r.html).toContain('<sub><a href="https://github.com/o/r/blob/abc/actions/runs/7">workflow run</a>');
  });

  it('status comment', () => {
    const r = expectInert(statusComment(s, links), { ourLinks: 2, tables: [{ columns: 7, rows: 3 }] });
    expect(r.prose).toMatch(/Commands[\s\S]*by @<img src=x>@\u200d?team/);
    // The text is still there, shown literally.
    expect(r.prose).toContain('<img src=x onerror=alert(1)>');
    expect(r.prose).toContain('| extra | row |');
  });

  it('blocker notice', () => {
    // Two attempts that failed the same way are one row.
    // The approver ('tester') is the one mention: they hear that the plan needs them.
    const r = expectInert(blockerNotice(s, 'b', MULTILINE), { tables: [{ columns: 5, rows: 1 }], ourMentions: ['tester'] });
    // The last error and the end of the output are quoted whole, in code blocks no content can close.
    const fences = r.tokens.filter((t) => t.type === 'fence');
    expect(fences).toHaveLength(2);
    for (const f of fences) expect(f.content).toContain('</details>');
    // The output sits in our one collapsed block, which the text inside cannot end early.
    expect(r.tokens.filter((t) => t.type === 'html_block' && t.content.startsWith('<details>'))).toHaveLength(1);
  });

  it('blocker notice with hostile text on both streams', () => {
    // The agent's stderr is shown too: it gets the same fence as stdout, whatever it holds.
    const both: State = { ...s, stepRuns: { ...s.stepRuns, b: { ...s.stepRuns.b!, stderr: MULTILINE } } };
    const r = expectInert(blockerNotice(both, 'b', MULTILINE), { tables: [{ columns: 5, rows: 1 }], ourMentions: ['tester'] });
    const fences = r.tokens.filter((t) => t.type === 'fence');
    expect(fences).toHaveLength(3);
    for (const f of fences) expect(f.content).toContain('</details>');
    expect(r.tokens.filter((t) => t.type === 'html_block' && t.content.startsWith('<details>'))).toHaveLength(1);
  });

  it('final summary', () => {
    expectInert(finalSummaryComment(s, links), { ourLinks: 3, tables: [{ columns: 7, rows: 3 }] });
    expectInert(finalSummaryComment(s), { tables: [{ columns: 7, rows: 3 }] });
  });

  it('cancelled notice names who cancelled without pinging them', () => {
    const r = expectInert(cancelledNotice(s, 'b', links), { ourLinks: 2, tables: [{ columns: 7, rows: 3 }] });
    expect(r.prose).toContain('<img src=x>');
  });

  it('job summary', () => {
    // The step's output in the table and again in the list of every output.
    const r = expectInert(jobSummary({ ...s, status: 'IN_PROGRESS' }, links), { ourLinks: 3, tables: [{ columns: 7, rows: 3 }] });
    const mermaid = r.tokens.find((t) => t.type === 'fence' && t.info === 'mermaid');
    // One node per step, each on its own line with its label quoted once.
    expect(mermaid!.content.split('\n').filter((l) => /^ {2}s\d+\["[^"]*"\]:::\w+$/.test(l))).toHaveLength(3);
  });

  it('proposal', () => {
    const rendered = renderProposal({ ...s, status: 'AWAITING_APPROVAL', stepRuns: {} }, { agentCommand: `claude -p ${MULTILINE}`, limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in rendered)) throw new Error('the proposal did not fit');
    for (const part of rendered.parts) {
      const r = expectInert(part);
      // The step table keeps its shape: one row per step, whatever the titles hold.
      expect(tableShapes(r.tokens).filter((t) => t.rows === 3)).not.toEqual([]);
    }
  });

  it('command reply and problem notice', () => {
    expectInert(replyComment(5, 'alice', `/retry ${MULTILINE}`, `Plan is BLOCKED; blocked: ${MULTILINE}`), { ourMentions: ['alice'] });
    expectInert(problemComment('issue-9', MULTILINE));
  });
});
