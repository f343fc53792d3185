// The commands a dispatch sends to one plan's inbox, as an issue comment would (`/cancel`, ...).
import type { Command } from '../core/tick/commands.js';
import { actionInput } from '../wiring/checks.js';

export const STEERING_COMMANDS = ['resume', 'cancel', 'retry', 'skip', 'status', 'restart'] as const;

/** The inbox command for a dispatched `command`; any other value is refused, never read as another command. */
export function steeringCommand(command: string, by: string, step: string | undefined): Command {
  switch (command) {
    case 'cancel':
      return { kind: 'cancel', by };
    case 'retry':
    case 'skip':
    case 'restart':
      return step ? { kind: command, by, step } : { kind: command, by };
    case 'status':
      return { kind: 'status', by };
    case 'resume':
      return { kind: 'resume', by };
    default:
      throw actionInput('command').invalid(command, `one of ${STEERING_COMMANDS.join(', ')} to steer a plan`);
  }
}
