import { describe, expect, it } from 'vitest';
import { describeExecution, executionFields } from '../../src/core/plan/execution-fields.js';
import type { Plan } from '../../src/core/state/types.js';

describe('executionFields', () => {
  it('names each step that sets an agent, env or a check command, remediation steps included', () => {
    const plan: Plan = {
      steps: {
        plain: { title: 'P', instruction: 'p', requiredOutputs: ['a.md'], validate: [{ file_exists: { path: 'a.md' } }], maxAttempts: 2 },
        agent: { title: 'A', instruction: 'a', agent: 'my-agent --fast' },
        env: { title: 'E', instruction: 'e', env: {} },
        checked: {
          title: 'C',
          instruction: 'c',
          onValidationFail: 'fix',
          validate: [{ file_exists: { path: 'x' } }, { command_output_contains: { argv: ['npm', 'test'], text: 'ok' } }, { command: { argv: ['true'] } }],
        },
        fix: { title: 'F', instruction: 'f', agent: 'fixer', env: { A: '1' }, validate: [{ command: { argv: ['make', 'check'] } }] },
      },
      stepQueue: ['plain', 'agent', 'env', 'checked'],
    };
    const found = executionFields(plan);
    expect(found).toEqual([
      { stepId: 'agent', fields: ['agent'] },
      { stepId: 'env', fields: ['env'] },
      { stepId: 'checked', fields: ['command', 'command_output_contains'] },
      { stepId: 'fix', fields: ['agent', 'env', 'command'] },
    ]);
    expect(describeExecution(found)).toBe('`agent` sets `agent`; `env` sets `env`; `checked` sets `command`, `command_output_contains`; `fix` sets `agent`, `env`, `command`');
  });

  it('finds nothing in a plan of instructions and file checks', () => {
    expect(executionFields({ steps: { a: { title: 'A', instruction: 'a', validate: [{ file_contains: { path: 'a', pattern: 'command' } }] } } })).toEqual([]);
  });
});
