// action.yml as GitHub and the Marketplace read it: valid for GitHub's own action schema (a
// Feather icon and a colour the Marketplace offers), with a name, description, author and
// branding, every input and output described; and the README's input and output tables say
// exactly what action.yml says, so neither can change without the other.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NoOperationTraceWriter } from '@actions/workflow-parser';
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/helpers.js';

interface ActionYml {
  name?: string;
  description?: string;
  author?: string;
  branding?: { icon?: string; color?: string };
  inputs: Record<string, { description?: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description?: string }>;
  runs: { using: string; main: string };
}

/** Errors from GitHub's action schema and the conversion after it. */
function schemaErrors(content: string): string[] {
  const parsed = parseAction({ name: 'action.yml', content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (errors.length || !parsed.value) return errors.length ? errors : ['nothing parsed'];
  convertActionTemplate(parsed.context, parsed.value);
  return parsed.context.errors.getErrors().map((e) => e.message);
}

/** Table cell text: a pipe would end the cell, *TOKEN* would be emphasis and <plan-id> an HTML tag. */
const cell = (text: string) => text.replace(/[|*]/g, '\\$&').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The README's inputs table as action.yml defines it. */
function inputsTable(action: ActionYml): string {
  const rows = Object.entries(action.inputs).map(([name, i]) => `| \`${name}\` | ${i.default ? `\`${i.default}\`` : ''} | ${cell(i.description ?? '')} |`);
  return ['| Input | Default | Description |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README's outputs table as action.yml defines it. */
function outputsTable(action: ActionYml): string {
  const rows = Object.entries(action.outputs).map(([name, o]) => `| \`${name}\` | ${cell(o.description ?? '')} |`);
  return ['| Output | Description |', '| --- | --- |', ...rows].join('\n');
}

/** The Markdown table that starts with `header` in the text, or null. */
function tableAfter(text: string, header: string): string | null {
  const lines = text.split('\n');
  const start = lines.indexOf(header);
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

async function actionText(): Promise<string> {
  return readFile(path.join(REPO_ROOT, 'action.yml'), 'utf8');
}

describe('action.yml', () => {
  it('passes GitHub’s action schema, which refuses an icon or colour the Marketplace does not offer (the check can fail)', async () => {
    const text = await actionText();
    expect(schemaErrors(text)).toEqual([]);
    const broken = text.replace('icon: list', 'icon: rocket-ship').replace('color: purple', 'color: pink');
    const errors = schemaErrors(broken).join('\n');
    expect(errors).toMatch(/rocket-ship/);
    expect(errors).toMatch(/pink/);
  });

  it('has what the Marketplace lists: name, a short description, author and branding; runs on node24 from dist/', async () => {
    const action = parseYaml(await actionText()) as ActionYml;
    expect(action.name).toBe('Agent Step Sequencer');
    expect(action.description?.length).toBeGreaterThan(20);
    // The Marketplace shows the description on a card: it must fit there.
    expect(action.description?.length).toBeLessThanOrEqual(125);
    expect(action.author).toBe('Agent Step Sequencer contributors');
    expect(action.branding).toEqual({ icon: expect.any(String), color: expect.any(String) });
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('describes every input and output; no input is required (each has a default or is optional)', async () => {
    const action = parseYaml(await actionText()) as ActionYml;
    const undescribed = [...Object.entries(action.inputs), ...Object.entries(action.outputs)].filter(([, v]) => !(v.description ?? '').trim()).map(([k]) => k);
    expect(undescribed).toEqual([]);
    expect(
      Object.entries(action.inputs)
        .filter(([, v]) => v.required)
        .map(([k]) => k),
    ).toEqual([]);
  });
});

describe('the README’s input and output tables', () => {
  it('say what action.yml says, input by input and output by output, in its order', async () => {
    const [readme, action] = await Promise.all([readFile(path.join(REPO_ROOT, 'README.md'), 'utf8'), actionText().then((t) => parseYaml(t) as ActionYml)]);
    expect(tableAfter(readme, '| Input | Default | Description |'), 'README.md has the inputs table').toBe(inputsTable(action));
    expect(tableAfter(readme, '| Output | Description |'), 'README.md has the outputs table').toBe(outputsTable(action));
  });

  it('the comparison notices an input missing, a default or a description changed (the check can fail)', async () => {
    const action = parseYaml(await actionText()) as ActionYml;
    const table = inputsTable(action);
    const fewer: ActionYml = { ...action, inputs: Object.fromEntries(Object.entries(action.inputs).slice(1)) };
    const otherDefault: ActionYml = { ...action, inputs: { ...action.inputs, 'max-attempts': { ...action.inputs['max-attempts'], default: '5' } } };
    const otherText: ActionYml = { ...action, inputs: { ...action.inputs, plan: { ...action.inputs.plan, description: 'Something else.' } } };
    for (const changed of [fewer, otherDefault, otherText]) expect(inputsTable(changed)).not.toBe(table);
    expect(table).toContain("| `state-branch` |  | Work branches holding each plan's state");
    expect(table).toContain('ends in &lt;plan-id&gt;');
  });
});
