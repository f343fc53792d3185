// The Actions runner reads every line a step prints as a possible workflow command:
// `::add-mask::`, `::set-output`, `::warning file=…`, `::stop-commands::` (after leading
// whitespace; .NET trims more characters than JavaScript's \s) and the legacy `##[…]` form
// anywhere in a line. Text from the agent, a check command, a plan, a comment or the issue must
// never be read that way, so it is printed between `::stop-commands::<token>` and `::<token>::`:
// the runner ignores every command in between. The token is drawn at random for each use by the
// caller, so no text can end the pause early.

/** Whether the runner could read a command in `text` (it splits lines at \n, \r\n and \r). */
export function mayHoldWorkflowCommand(text: string): boolean {
  return text.includes('::') || text.includes('##[');
}

/** `text` as lines the runner prints without acting on; unchanged when it holds no command. */
export function guardWorkflowCommands(text: string, token: string): string {
  if (!mayHoldWorkflowCommand(text)) return text;
  if (!/^[0-9a-f]{16,}$/i.test(token) || text.toLowerCase().includes(token.toLowerCase())) {
    throw new Error('guardWorkflowCommands needs a fresh random hex token that does not occur in the text');
  }
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}
