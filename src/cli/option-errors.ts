// Node's parseArgs errors in the CLI's words: the option as given, the command it was given to,
// and where that command's options are listed, instead of the whole usage text.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../core/errors.js';
import { nearestName } from '../core/plan/field-checks.js';
import { COMMANDS, OPTION_HELP } from './usage.js';

export function optionError(err: unknown, argv: string[], options: NonNullable<ParseArgsConfig['options']>): ConfigError {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  const command = commandOf(argv, options);
  const hint = command ? `\`agent-step-sequencer ${command} --help\` lists its options.` : '`agent-step-sequencer --help` lists the commands and their options.';
  const forCommand = command ? ` for ${command}` : '';
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown?.[1]) {
    const given = unknown[1];
    // The nearest among the options this command reads, so the suggestion is one it takes.
    const known = command ? [...(COMMANDS[command]?.options ?? []), 'help'] : Object.keys(options);
    const near = given.startsWith('--') ? nearestName(given.slice(2), known) : undefined;
    return new ConfigError(`unknown option ${given}${forCommand}${near ? `; did you mean --${near}?` : ''}`, hint);
  }
  const option = /^Option '(-[\w-]+|--[\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const form = OPTION_HELP[option.replace(/^-+/, '')]?.[0] ?? option;
    if (/argument missing/.test(message)) return new ConfigError(`${option}${forCommand}: expected a value, as in ${form}`, hint);
    if (/does not take an argument/.test(message)) return new ConfigError(`${option}${forCommand} takes no value`, hint);
    if (/ambiguous/.test(message)) return new ConfigError(`${option}${forCommand}: expected a value, got an option; to give a value that starts with "-", write ${option}=VALUE`, hint);
  }
  return new ConfigError(message, hint);
}

/** The command word of an argument list parseArgs refused: read again without refusing anything. */
function commandOf(argv: string[], options: NonNullable<ParseArgsConfig['options']>): string | undefined {
  let first: string | undefined;
  try {
    first = parseArgs({ args: argv, allowPositionals: true, strict: false, options }).positionals[0];
  } catch {
    first = argv[0];
  }
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? first : undefined;
}
