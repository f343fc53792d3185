// Paths from plans are shown in comments, the job summary and the log: one line each, so a path
// cannot start a table row, a heading or a workflow command there. Validation refuses control
// characters and line breaks and names the field.
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/core/plan/validate-plan.js';
import { checkRelativePath } from '../../src/core/plan/workspace-paths.js';

const step = (extra: Record<string, unknown> = {}) => ({ title: 'A step', instruction: 'Do the thing', ...extra });
const withA = (extra: Record<string, unknown>) => ({ steps: { a: step(extra) } });

const BAD = [
  ['a newline', 'out/a.md\n|---|'],
  ['a carriage return', 'out/a.md\r::add-mask::x'],
  ['a tab', 'out\ta.md'],
  ['an escape sequence', 'out/\u001b[31ma.md'],
  ['DEL', 'out/a\u007f.md'],
  ['a C1 control', 'out/a\u0085.md'],
  ['a Unicode line separator', 'out/a\u2028.md'],
  ['a bidi override', 'out/\u202edm.a'],
] as const;

describe('plan paths are single-line', () => {
  it.each(BAD)('refuses a required output with %s, naming the field', (_what, value) => {
    expect(checkPlan(withA({ requiredOutputs: ['ok.md', value] }))).toContainEqual({
      path: 'plan.steps.a.requiredOutputs[1]',
      message: expect.stringMatching(/^must be a relative path inside the workspace, got .* \(contains a line break or control character U\+[0-9A-F]{4}\)$/s) as unknown as string,
    });
  });

  it.each([
    ['file_exists', { file_exists: { path: 'a\nb' } }, 'plan.steps.a.validate[0].file_exists.path'],
    ['file_contains', { file_contains: { path: 'a\rb', pattern: 'x' } }, 'plan.steps.a.validate[0].file_contains.path'],
    ['json_schema path', { json_schema: { path: 'a\u0000b', schema: {} } }, 'plan.steps.a.validate[0].json_schema.path'],
    ['json_schema schema file', { json_schema: { path: 'a.json', schema: 's\n.json' } }, 'plan.steps.a.validate[0].json_schema.schema'],
  ])('refuses a %s rule path with a control character, naming the field', (_what, rule, field) => {
    const issues = checkPlan(withA({ validate: [rule] }));
    expect(issues.map((i) => i.path)).toContain(field);
    expect(issues.find((i) => i.path === field)?.message).toMatch(/^must be a relative path inside the workspace, got /);
  });

  it('keeps ordinary paths, spaces and non-ASCII letters included', () => {
    for (const p of ['out/a.md', 'notes/my report.md', 'résumé/café.md', 'a-b_c.d/e']) expect(checkRelativePath(p)).toBeNull();
    expect(checkPlan(withA({ requiredOutputs: ['notes/my report.md'], validate: [{ file_exists: { path: 'résumé.md' } }] }))).toEqual([]);
  });

  it('refuses an output in the state folder, where the git store commits nothing of the agent', () => {
    for (const p of ['.sequencer', '.sequencer/issue-79/state.json', './.sequencer/x.md', 'a/../.sequencer/b']) {
      expect(checkRelativePath(p), p).toMatch(/is in the state folder \.sequencer\/, where only the sequencer writes/);
    }
    expect(checkRelativePath('.sequencer-notes/a.md')).toBeNull();
  });
});
