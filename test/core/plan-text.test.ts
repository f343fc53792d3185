import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PlanError } from '../../src/core/errors.js';
import { extractPlan, loadPlanText, parsePlanText } from '../../src/core/plan/plan-text.js';

const plansDir = new URL('../fixtures/plans/', import.meta.url);
const read = (name: string) => readFile(new URL(name, plansDir), 'utf8');

function planError(fn: () => unknown): PlanError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlanError) return err;
    throw err;
  }
  throw new Error('expected a PlanError');
}

describe('parsePlanText and extractPlan on fixture files', () => {
  it('reads a bare JSON plan, keeping x- extension fields', async () => {
    const { plan, stepQueue } = loadPlanText(await read('research.json'), 'research.json');
    expect(Object.keys(plan.steps)).toEqual(['research', 'fix-summary', 'write']);
    expect(plan.stepQueue).toEqual(['research', 'write']);
    expect(plan['x-owner']).toBe('docs-team');
    expect(plan.steps.write?.['x-notes']).toContain('kept as written');
    expect(stepQueue).toBeUndefined();
  });

  it('reads a YAML plan with every rule kind and normalizes required_outputs', async () => {
    const { plan } = loadPlanText(await read('workflow.yaml'), 'workflow.yaml');
    expect(plan.title).toBe('Release notes');
    expect(plan.steps.collect?.requiredOutputs).toEqual(['notes/prs.json']);
    expect(plan.steps.collect).not.toHaveProperty('required_outputs');
    const kinds = Object.values(plan.steps).flatMap((s) => (s.validate ?? []).map((r) => Object.keys(r)[0]));
    expect(new Set(kinds).size).toBe(8);
    expect(plan.steps.collect?.validate?.[3]).toEqual({ payload_value_matches: { key: 'tag', pattern: '^v\\d+\\.\\d+\\.\\d+$' } });
    expect(plan.steps.draft?.env).toEqual({ NOTES_FORMAT: 'markdown' });
  });

  it('reads a .yml plan', async () => {
    const { plan } = loadPlanText(await read('minimal.yml'), 'minimal.yml');
    expect(plan.steps.only?.instruction).toBe('Write hello.txt containing "hello".');
  });

  it('reads a whole seed state.json: the plan, its queue and its step delay', async () => {
    const result = loadPlanText(await read('seed-state.json'), 'seed-state.json');
    expect(Object.keys(result.plan.steps)).toEqual(['step-1', 'step-2']);
    expect(result.stepQueue).toEqual(['step-1', 'step-2']);
    expect(result.stepDelayMinutes).toBe(0);
    expect(result.plan.steps['step-1']?.requiredOutputs).toEqual(['study/summary.md']);
  });

  it('rejects every invalid fixture with a PlanError naming the file', async () => {
    const names = await readdir(new URL('invalid/', plansDir));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const text = await read(`invalid/${name}`);
      const real = planError(() => loadPlanText(text, name));
      expect(real.source).toBe(name);
      expect(real.issues.length, name).toBeGreaterThan(0);
      expect(
        real.issues.every((i) => i.path.startsWith('plan')),
        name,
      ).toBe(true);
    }
  });
});

describe('syntax errors', () => {
  it('reports the line and column of a JSON error', () => {
    const text = '{\n  "steps": {\n    "a": { "title": "A", }\n  }\n}';
    const err = planError(() => parsePlanText(text, 'plans/bad.json'));
    expect(err.source).toBe('plans/bad.json');
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.path).toBe('plans/bad.json');
    expect(err.issues[0]?.message).toMatch(/^is not valid JSON at line 3, column 26: unexpected "}"$/);
    expect(err.message).toContain('Invalid plans/bad.json (1 problem)');
  });

  it('reports truncated JSON at its end', () => {
    const err = planError(() => parsePlanText('{"steps":\n', 'x.json'));
    expect(err.issues[0]?.message).toMatch(/^is not valid JSON at line 2, column 1: unexpected end of input$/);
  });

  it('reports the line and column of a YAML error', () => {
    const text = 'steps:\n  a:\n    title: A\n    instruction: [unclosed\n';
    const err = planError(() => parsePlanText(text, 'plan.yaml'));
    expect(err.issues[0]?.path).toBe('plan.yaml');
    expect(err.issues[0]?.message).toMatch(/^is not valid YAML at line \d+, column \d+: \S/);
    expect(err.issues[0]?.message).not.toContain('\n');
  });

  it('rejects duplicate YAML keys instead of silently keeping the last', () => {
    const err = planError(() => parsePlanText('steps:\n  a: {title: A, instruction: I}\n  a: {title: B, instruction: J}\n', 'dup.yml'));
    expect(err.issues[0]?.message).toMatch(/line 3, column 3: .*unique/i);
  });

  it('refuses YAML that expands aliases without bound', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    const err = planError(() => parsePlanText(lines.join('\n'), 'bomb.yaml'));
    expect(err.issues[0]?.message).toMatch(/^cannot be read as YAML: /);
  });

  it('accepts a UTF-8 byte order mark before JSON', () => {
    expect(parsePlanText('\uFEFF{"steps":{}}', 'bom.json')).toEqual({ steps: {} });
  });

  it('keeps YAML scalars like "yes" and dates as strings (YAML 1.2 core schema)', () => {
    expect(parsePlanText('a: yes\nb: 2025-01-01\nc: 010\n', 'x.yaml')).toEqual({ a: 'yes', b: '2025-01-01', c: 10 });
  });
});

describe('files with another extension', () => {
  it('parses JSON content as JSON', () => {
    expect(parsePlanText('{"steps": {"a": 1}}', 'PLAN')).toEqual({ steps: { a: 1 } });
  });

  it('falls back to YAML', () => {
    expect(parsePlanText('steps:\n  a: 1\n', 'plan.txt')).toEqual({ steps: { a: 1 } });
  });

  it('gives the JSON error for broken text that looks like JSON', () => {
    const err = planError(() => parsePlanText('{"steps": [1,, 2]}', 'issue #42'));
    expect(err.issues[0]?.message).toMatch(/^is not valid JSON at line 1, column 14: unexpected ","$/);
  });

  it('gives the YAML error for broken text that does not look like JSON', () => {
    const err = planError(() => parsePlanText('steps:\n  a: [\n', 'issue #42'));
    expect(err.issues[0]?.message).toMatch(/^is not valid YAML/);
  });
});

describe('extractPlan', () => {
  it('rejects a document that is neither a plan nor a state', () => {
    const err = planError(() => extractPlan({ tasks: [] }, 'tasks.json'));
    expect(err.issues).toEqual([{ path: 'plan', message: 'must be a plan (an object with "steps") or a state document (an object with "plan.steps"), got {"tasks":[]}' }]);
    expect(planError(() => extractPlan(null, 'empty.yaml')).issues[0]?.message).toContain('got null');
  });

  it('reports plan and queue problems of a state document at once', () => {
    const doc = {
      plan: { steps: { a: { title: 'A' }, b: { title: 'B', instruction: 'I' } } },
      stepQueue: ['a', 'c'],
      stepDelayMinutes: -1,
    };
    const err = planError(() => extractPlan(doc, 'state.json'));
    expect(err.issues.map((i) => i.path)).toEqual(['plan.steps.a.instruction', 'stepQueue[1]', 'stepDelayMinutes']);
  });

  it('reports a state document whose plan has no steps under plan.steps', () => {
    const err = planError(() => extractPlan({ plan: {}, stepQueue: [] }, 'state.json'));
    expect(err.issues.map((i) => i.path)).toEqual(['plan.steps', 'stepQueue']);
  });

  it('does not mutate the document', () => {
    const doc = { plan: { steps: { a: { title: 'A', instruction: 'I', required_outputs: ['x'] } } }, stepQueue: ['a'] };
    const before = structuredClone(doc);
    const result = extractPlan(doc, 'state.json');
    expect(doc).toEqual(before);
    result.stepQueue?.push('b');
    expect(doc.stepQueue).toEqual(['a']);
  });
});
