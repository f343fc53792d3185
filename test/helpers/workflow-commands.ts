// What the Actions runner would do with a step's output: which lines it acts on as workflow
// commands. Mirrors the runner's ActionCommandManager: a line (split at \n, \r\n or \r) is a
// command when, after leading whitespace, it starts with `::name ...::`, or when it holds the
// legacy `##[name ...]` form anywhere; `::stop-commands::<token>` pauses all of that until a line
// `::<token>::`.

export interface RunnerCommand {
  name: string;
  /** `key=value` properties as written (`file=x.js,line=1`), or ''. */
  properties: string;
  data: string;
  line: string;
}

const V2 = /^::([^\s:]+)(?: ([^:]*))?::(.*)$/;
const LEGACY = /##\[([^\]\s]+)(?: ([^\]]*))?\](.*)$/;
/** The characters .NET's TrimStart removes (char.IsWhiteSpace), beyond JavaScript's \s. */
const LEADING_SPACE = /^[\s\u0085]+/;

/** The commands the runner would process in `output`, in order; stop/resume pairs excluded. */
export function runnerCommands(output: string): RunnerCommand[] {
  const commands: RunnerCommand[] = [];
  let stopToken: string | null = null;
  for (const raw of output.split(/\r\n|\n|\r/)) {
    const line = raw.replace(LEADING_SPACE, '');
    const match = V2.exec(line) ?? LEGACY.exec(raw);
    if (!match) continue;
    const [, name = '', properties = '', data = ''] = match;
    if (stopToken !== null) {
      if (name.toLowerCase() === stopToken.toLowerCase()) stopToken = null;
      continue;
    }
    if (name.toLowerCase() === 'stop-commands') {
      stopToken = data;
      continue;
    }
    commands.push({ name: name.toLowerCase(), properties, data, line: raw });
  }
  return commands;
}
