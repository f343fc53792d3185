// A dispatched command reaches a plan's inbox only as the command it names: a value that is not
// one of the steering commands is refused with its name and the allowed ones, never read as
// another command (it used to become `resume`).
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { steeringCommand } from '../../src/action/steering.js';

describe('steeringCommand', () => {
  it('maps each steering command to its inbox command', () => {
    expect(steeringCommand('cancel', 'ana', undefined)).toEqual({ kind: 'cancel', by: 'ana' });
    expect(steeringCommand('retry', 'ana', 'step-2')).toEqual({ kind: 'retry', by: 'ana', step: 'step-2' });
    expect(steeringCommand('skip', 'ana', undefined)).toEqual({ kind: 'skip', by: 'ana' });
    expect(steeringCommand('status', 'ana', undefined)).toEqual({ kind: 'status', by: 'ana' });
    expect(steeringCommand('resume', 'ana', undefined)).toEqual({ kind: 'resume', by: 'ana' });
    expect(steeringCommand('restart', 'ana', 'step-2')).toEqual({ kind: 'restart', by: 'ana', step: 'step-2' });
  });

  it('refuses any other value, naming it and the allowed commands', () => {
    for (const command of ['approve', 'Resume', 'tick', '']) {
      const run = () => steeringCommand(command, 'ana', undefined);
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(`Invalid input 'command': "${command}". Expected one of resume, cancel, retry, skip, status, restart to steer a plan.`);
    }
  });
});
