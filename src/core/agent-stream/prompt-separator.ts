// Whether the prompt appended to an agent command would be read as an option's value instead of
// the prompt. Claude Code's `--allowedTools <tools...>` (and its other variadic options) takes
// every word up to the next option, so `claude -p --allowedTools Bash` + prompt runs with the
// prompt as a tool name and no prompt at all; an option with an optional value (`--debug`) takes
// the prompt too. Codex's `-i/--image <FILE>...` does the same. Both read every word after `--`
// as an argument, so `--` before the prompt keeps it the prompt (checked with the real binaries:
// Claude Code 2.1.332 says "was read as a value of --allowedTools, not as a prompt · put a prompt
// before --allowedTools or after --"; Codex 0.171.0 reads the image and then asks stdin for a
// prompt). An attached value (`--allowedTools=Bash`, `-ishot.png`) ends the option.
//
// Gemini CLI needs nothing and gets nothing: its list options take one word each (yargs
// `nargs: 1`), its `-p` is meant to take the prompt as its value, and after `--` it reads no
// prompt at all ("No input provided via stdin"). Other programs are left as written: what `--`
// means to them is unknown.
//
// A command that ends with an option taking one value (`claude -p --model`) cannot be helped:
// that option takes `--` as its value just as it would take the prompt. The agent command's
// parser refuses it (promptProblem), before a plan with it is proposed or a step runs, and a
// Gemini CLI command whose -p is not its last word (`gemini -p --yolo`) the same way: Gemini CLI
// takes only the word right after -p as the prompt, so the command must end with it.
import { showValue } from '../errors.js';
import { agentNamed, agentOptionsAt } from './agent-names.js';
import type { StreamAgent } from './types.js';

/** How an option takes its value: one word after it, any words up to the next option, or the next word unless it is an option. */
type Takes = 'one' | 'many' | 'maybe' | 'none';

interface Options {
  long: Readonly<Record<string, Takes>>;
  short: Readonly<Record<string, Takes>>;
}

/** Each group is the options' names, separated by spaces. */
function table(groups: Record<Takes, string>): Options {
  const long: Record<string, Takes> = {};
  const short: Record<string, Takes> = {};
  for (const [takes, names] of Object.entries(groups) as Array<[Takes, string]>) {
    for (const name of names.split(/\s+/).filter(Boolean)) {
      if (name.startsWith('--')) long[name] = takes;
      else short[name.slice(1)] = takes;
    }
  }
  return { long, short };
}

/** Claude Code 2.1.332: its --help, and the hidden options people use (`--max-turns`, `--system-prompt-file`, …). */
const CLAUDE = table({
  many: `--add-dir --allowedTools --allowed-tools --betas --channels --dangerously-load-development-channels --disallowedTools --disallowed-tools
    --file --mcp-config --tools`,
  maybe: '--cloud --remote -d --debug --from-pr --prompt-suggestions --rc --remote-control -r --resume --teleport -w --worktree',
  one: `--agent --agents --append-system-prompt --append-system-prompt-file --autocompact --debug-file --effort --environment --fallback-model
    --input-format --json-schema --max-budget-usd --max-turns --model -n --name --output-format --permission-mode --permission-prompt-tool
    --permission-prompts --plugin-dir --plugin-url --remote-control-session-name-prefix --session-id --setting-sources --settings --system-prompt
    --system-prompt-file --system-prompt-snapshot`,
  none: `--allow-dangerously-skip-permissions --ax-screen-reader --bg --background --bare --brief --chrome -c --continue --dangerously-skip-permissions
    --desktop --disable-slash-commands --exclude-dynamic-system-prompt-sections --fork-session --forward-subagent-text -h --help --ide
    --include-hook-events --include-partial-messages --no-chrome --no-session-persistence -p --print --replay-user-messages --restricted
    --safe-mode --strict-mcp-config --tmux --verbose -v --version`,
});

/** `codex exec` 0.171.0 (its --help). */
const CODEX_EXEC = table({
  many: '-i --image',
  maybe: '',
  one: `-c --config --enable --disable --remote --remote-auth-token-env -m --model --local-provider -p --profile -s --sandbox -C --cd --add-dir
    --thread-source --cyber-access-program --output-schema --color -o --output-last-message`,
  none: `--strict-config --oss --approve-for-me --dangerously-bypass-approvals-and-sandbox --dangerously-bypass-hook-trust --worktree
    --skip-git-repo-check --trust --ephemeral --ignore-user-config --ignore-rules --json --experimental-json -h --help -V --version`,
});

const OPTIONS: Partial<Record<StreamAgent, Options>> = { claude: CLAUDE, codex: CODEX_EXEC };

/**
 * Gemini CLI 0.61.0 (its --help): the options that take the next word as their value (yargs
 * string and array options, one word each), but for -p/--prompt, whose value the prompt is meant
 * to be. Its boolean options take no prompt; one it does not list is left alone.
 */
const GEMINI = table({
  many: '',
  maybe: '',
  one: `-m --model -w --worktree --approval-mode --policy --admin-policy --allowed-mcp-server-names --allowed-tools -e --extensions -r --resume
    --session-file --session-id --delete-session --include-directories -o --output-format`,
  none: '',
});

/**
 * The option that would take a prompt appended to `args` (the agent's options: after `claude`,
 * after `codex exec`) as its value, as written (`--allowedTools`); null when the prompt would be
 * read as the prompt, or when `--` would not help (Gemini CLI, an option missing its one value).
 * An option we do not know might take several values, so it counts as one that would: `--` costs
 * nothing to these agents.
 */
export function optionTakingPrompt(agent: StreamAgent, args: readonly string[]): string | null {
  const options = OPTIONS[agent];
  const open = options ? openAtEnd(options, args) : null;
  return open && open.takes !== 'one' ? open.option : null;
}

/** The option whose value words are still being read after the last of `args`; null after `--`. */
function openAtEnd(options: Options, args: readonly string[]): { option: string; takes: Takes } | null {
  /** The option whose value words are being read, and how many it takes. */
  let open: { option: string; takes: Takes } | null = null;
  for (const word of args) {
    if (open?.takes === 'one') {
      // A required value is the next word, whatever it looks like.
      open = null;
      continue;
    }
    if (word === '--') return null;
    if (word.length > 1 && word.startsWith('-')) {
      open = word.startsWith('--') ? longOption(options, word) : shortOptions(options, word);
      continue;
    }
    // A word that is no option: a value of the open option, or an argument of the agent's own.
    if (open?.takes !== 'many') open = null;
  }
  return open;
}

/**
 * Why the prompt appended to `args` (the words after the agent program `name`) would not reach
 * the agent as its prompt where `--` cannot help, or null. The command ends with an option that
 * takes one value (`claude -p --model`, `codex exec -m`, `gemini -m`): the prompt becomes that
 * value, and `--` would be taken as the value just the same (Claude Code 2.1.332 then warns it
 * "doesn't recognize the model" named like the prompt and stops, "Input must be provided";
 * Codex 0.171.0 reads stdin for a prompt; Gemini CLI 0.61.0 says "No input provided via stdin").
 * Or Gemini CLI's -p (--prompt) is not the last word: Gemini CLI takes only the word right after
 * it as the prompt, and stops before asking its model when that word is an option ("Not enough
 * arguments following: p") or when -p has a value and the prompt comes after it ("Cannot use
 * both a positional prompt and the --prompt (-p) flag together").
 */
export function promptProblem(name: string, args: readonly string[]): string | null {
  const agent = agentNamed(name);
  const at = agent ? agentOptionsAt(agent, args) : null;
  if (agent === null || at === null) return null;
  const own = args.slice(at);
  if (agent === 'gemini') {
    const problem = geminiPromptProblem(own);
    if (problem) return problem;
  }
  const open = openAtEnd(agent === 'gemini' ? GEMINI : (OPTIONS[agent] as Options), own);
  if (open?.takes !== 'one') return null;
  return `ends with ${open.option}, which takes the prompt (added as the last argument) as its value; give ${open.option} a value (${open.option} <value>) or leave it out`;
}

/** Gemini CLI's -p (--prompt) anywhere but last: why the prompt would not reach it, or null. */
function geminiPromptProblem(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    const attached = /^(--prompt|-p)=/.exec(word);
    if (attached) {
      return `gives ${attached[1]} a value of its own (${showValue(word)}) while the prompt is added as the last argument, and Gemini CLI refuses both ("Cannot use both a positional prompt and the --prompt (-p) flag together"); end the command with ${attached[1]}, without a value`;
    }
    // `-yp`: flags bundled, -p last among them.
    const prompt = word === '--prompt' ? word : /^-[A-Za-z]*p$/.test(word) ? '-p' : null;
    const next = args[i + 1];
    if (prompt === null || next === undefined) continue;
    if (next.startsWith('-')) {
      return `has ${prompt} followed by ${showValue(next)}, and Gemini CLI takes only the word right after ${prompt} as the prompt (it stops with "Not enough arguments following: p" when that word is an option); the prompt is added as the last argument, so move ${prompt} to the end of the command`;
    }
    return `gives ${prompt} a value of its own (${showValue(next)}) while the prompt is added as the last argument, and Gemini CLI refuses both ("Cannot use both a positional prompt and the --prompt (-p) flag together"); end the command with ${prompt}, without a value`;
  }
  return null;
}

function longOption(options: Options, word: string): { option: string; takes: Takes } | null {
  if (word.includes('=')) return null;
  const takes = options.long[word] ?? 'many';
  return takes === 'none' ? null : { option: word, takes };
}

/** `-pd`: flags bundled, the last one perhaps taking values; `-ishot.png`: a value attached. */
function shortOptions(options: Options, word: string): { option: string; takes: Takes } | null {
  for (let i = 1; i < word.length; i++) {
    const letter = word[i] as string;
    const takes = options.short[letter] ?? 'many';
    if (takes === 'none') continue;
    return i === word.length - 1 ? { option: `-${letter}`, takes } : null;
  }
  return null;
}
