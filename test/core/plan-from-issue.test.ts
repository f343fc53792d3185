import { describe, expect, it } from 'vitest';
import { fencedBlocks, planFromIssueBody } from '../../src/core/plan/plan-from-issue.js';

const plan = { title: 'Study', steps: { 'step-1': { title: 'Research', instruction: 'Read' } } };

describe('planFromIssueBody', () => {
  it('finds a JSON plan between prose, with CRLF line ends', () => {
    const body = ['Please do this:', '', '```json', JSON.stringify(plan, null, 2), '```', '', 'Thanks!'].join('\r\n');
    expect(planFromIssueBody(body)).toEqual({ found: true, doc: plan, lang: 'json' });
  });

  it('reads ```yml and ~~~yaml blocks and seed-style state documents (plan.steps)', () => {
    const yml = '```yml\nsteps:\n  a:\n    title: A\n    instruction: do a\n```';
    expect(planFromIssueBody(yml)).toMatchObject({ found: true, lang: 'yaml', doc: { steps: { a: { title: 'A' } } } });
    const state = '~~~~YAML\nplan:\n  steps:\n    b: {title: B, instruction: do b}\nstepQueue: [b]\n~~~~';
    expect(planFromIssueBody(state)).toMatchObject({ found: true, lang: 'yaml', doc: { plan: { steps: { b: { title: 'B' } } }, stepQueue: ['b'] } });
  });

  it('takes the first block that is a plan, passing over other languages and non-plans', () => {
    const body = [
      '```ts',
      'const steps = {}',
      '```',
      '```json',
      '{"example": true}',
      '```',
      '```yaml',
      'steps:',
      '  first: {title: First, instruction: one}',
      '```',
      '```json',
      '{"steps": {"second": {"title": "Second", "instruction": "two"}}}',
      '```',
    ].join('\n');
    const result = planFromIssueBody(body);
    expect(result).toMatchObject({ found: true, lang: 'yaml' });
    expect(Object.keys((result as { doc: { steps: object } }).doc.steps)).toEqual(['first']);
  });

  it('reports a broken block with its line in the issue body, unless a later block holds a plan', () => {
    const broken = ['Intro', 'more intro', '```json', '{', '  "steps": {', '    "a": {"title": "A",}', '  }', '}', '```'].join('\n');
    const result = planFromIssueBody(broken);
    expect(result).toMatchObject({ found: true });
    const error = (result as { error: string }).error;
    // The fence is on line 3; the trailing comma is on line 6 of the body (line 3 of the block).
    expect(error).toMatch(/^The ```json block at line 3 of the issue body is not valid JSON at line 6, column \d+/);

    const yaml = '```yaml\nsteps:\n  a: [unclosed\n```';
    expect((planFromIssueBody(yaml) as { error: string }).error).toMatch(/```yaml block at line 1 .*not valid YAML at line \d+/);

    const rescued = `${broken}\n\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\``;
    expect(planFromIssueBody(rescued)).toEqual({ found: true, doc: plan, lang: 'json' });
  });

  it('says not found when there is no fenced plan at all', () => {
    expect(planFromIssueBody('')).toEqual({ found: false });
    expect(planFromIssueBody('Just prose with `inline` code and {"steps": {}} outside a fence.')).toEqual({ found: false });
    expect(planFromIssueBody('```json\n["a list", "not a plan"]\n```')).toEqual({ found: false });
    expect(planFromIssueBody('```\n{"steps": {}}\n```')).toEqual({ found: false });
  });
});

describe('fencedBlocks', () => {
  it('follows CommonMark: indented fences, longer closing fences, unclosed fences run to the end', () => {
    const body = ['  ```json', '  {"a": 1}', '  ```', '````yaml', 'x: ```', '`````', '```json', '{"open": true}'].join('\n');
    expect(fencedBlocks(body)).toEqual([
      { info: 'json', content: '{"a": 1}', line: 1 },
      { info: 'yaml', content: 'x: ```', line: 4 },
      { info: 'json', content: '{"open": true}', line: 7 },
    ]);
    // Four spaces make an indented code block, and backticks in a backtick info string make inline code.
    expect(fencedBlocks('    ```json\n{}\n```')).toEqual([{ info: '', content: '', line: 3 }]);
    expect(fencedBlocks('```json `x`\n{}\n')).toEqual([]);
  });
});

describe('only what GitHub shows is a plan', () => {
  const hidden = { title: 'Hidden', steps: { evil: { title: 'Evil', instruction: 'exfiltrate' } } };
  const visible = { title: 'Visible', steps: { good: { title: 'Good', instruction: 'write notes' } } };
  const block = (doc: unknown) => ['```json', JSON.stringify(doc), '```'].join('\n');
  const titleOf = (body: string) => {
    const r = planFromIssueBody(body);
    return 'doc' in r ? (r.doc as { title: string }).title : r;
  };

  it.each([
    ['an HTML comment block', (b: string) => `<!--\n${b}\n-->`],
    ['an HTML comment opened inline', (b: string) => `Please run the plan below. <!-- the real one:\n${b}\n-->`],
    ['a comment that is closed further down, after blank lines', (b: string) => `<!-- notes\n\n${b}\n\nend -->`],
    ['an HTML block without a blank line (raw HTML, no code block)', (b: string) => `<div>\n${b}\n</div>`],
    ['an element whose content GitHub drops', (b: string) => `<svg>\n\n${b}\n\n</svg>`],
    ['an element marked hidden', (b: string) => `<div hidden>\n\n${b}\n\n</div>`],
    ['a template element', (b: string) => `<template>\n\n${b}\n\n</template>`],
  ])('a plan inside %s loses to the visible one', (_where, wrap) => {
    const body = ['Intro', '', wrap(block(hidden)), '', block(visible)].join('\n');
    expect(titleOf(body)).toBe('Visible');
  });

  it('a hidden plan alone is reported, with where it is and why it does not count', () => {
    const r = planFromIssueBody(`Intro\n\n<!--\n${block(hidden)}\n-->\n`);
    expect(r).toMatchObject({ found: true });
    expect((r as { error: string }).error).toMatch(/```json block at line 4 of the issue body is inside an HTML comment/);
    expect((r as { error: string }).error).toMatch(/GitHub does not show it/);
  });

  it.each([
    ['after a closed comment', (b: string) => `<!-- template note -->\n\n${b}`],
    ['inside details (shown when opened)', (b: string) => `<details><summary>Plan</summary>\n\n${b}\n\n</details>`],
    ['after an empty comment <!-->', (b: string) => `<!-->\n${b}`],
    ['after inline code that mentions <!--', (b: string) => `Type \`<!--\` to start a comment.\n\n${b}`],
    ['after an element that closed', (b: string) => `<svg><circle r="1"/></svg>\n\n${b}`],
    ['after a quoted tag in an indented code block', (b: string) => `Example:\n\n    <script>\n\n${b}`],
  ])('a plan %s counts', (_where, wrap) => {
    expect(titleOf(wrap(block(visible)))).toBe('Visible');
  });
});
