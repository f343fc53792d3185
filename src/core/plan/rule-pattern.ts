// The patterns of `file_contains` and `payload_value_matches` (and the `pattern` keywords of a
// `json_schema` rule's schema) come from the plan or from files the agent wrote, and they are
// matched against text the agent wrote. JavaScript's RegExp backtracks: `^(a+)+$` against
// 100,000 a's and a `!` runs for longer than the job may live, and a match never yields, so not
// even /cancel could stop the tick. RE2 (re2js, a pure-JS port) matches in time linear in the
// text, so patterns use RE2 syntax: JavaScript's, without backreferences and lookaround.
import { RE2JS } from 're2js';

/** Flags a plan may give: JavaScript's, except `v` (Unicode sets), which RE2 cannot express. */
const PATTERN_FLAGS = 'dgimsuy';

export interface LinearPattern {
  /** Whether the pattern matches somewhere in `text` (anchored at its start with `y`). */
  test(text: string): boolean;
}

export type CompiledPattern =
  | { ok: true; pattern: LinearPattern }
  /** `field` says which setting is to blame; `problem` says why and what to write instead. */
  | { ok: false; field: 'pattern' | 'flags'; problem: string };

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

// A plan compiles the same few patterns on every load of its state: keep the outcomes.
const compiled = new Map<string, CompiledPattern>();
const MAX_REMEMBERED = 1000;

/**
 * Compiles a rule's pattern and JavaScript-style flags for RE2: `i`, `m` and `s` map onto RE2's
 * flags; `u` is implied (RE2 always matches code points); `g` and `d` mean nothing for a yes/no
 * test; `y` (sticky, from index 0) anchors the match at the start of the text.
 */
export function compilePattern(pattern: string, flags = ''): CompiledPattern {
  const key = `${flags}/${pattern}`;
  const known = compiled.get(key);
  if (known) return known;
  const result = compileUncached(pattern, flags);
  if (compiled.size >= MAX_REMEMBERED) compiled.clear();
  compiled.set(key, result);
  return result;
}

function compileUncached(pattern: string, flags: string): CompiledPattern {
  const flagProblem = checkFlags(flags);
  if (flagProblem) return { ok: false, field: 'flags', problem: flagProblem };
  let bits = 0;
  for (const f of flags) bits |= FLAG_BITS[f] ?? 0;
  try {
    const re = RE2JS.compile(pattern, bits);
    // `\A(?:…)` rather than `^…`: with `m`, `^` would also match after every newline.
    const sticky = flags.includes('y') ? RE2JS.compile(`\\A(?:${pattern})`, bits) : re;
    return { ok: true, pattern: { test: (text) => sticky.test(text) } };
  } catch (err) {
    return { ok: false, field: 'pattern', problem: explainSyntaxError(pattern, err) };
  }
}

function checkFlags(flags: string): string | null {
  for (const [i, f] of [...flags].entries()) {
    if (f === 'v') return 'v (Unicode sets) has no RE2 equivalent; use u, which RE2 always applies';
    if (!PATTERN_FLAGS.includes(f)) return `${JSON.stringify(f)} is not a flag`;
    if (flags.indexOf(f) !== i) return `the ${f} flag is given twice`;
  }
  return null;
}

/** RE2's parser error, with what to write instead for the JavaScript features RE2 lacks. */
function explainSyntaxError(pattern: string, err: unknown): string {
  const message = (err instanceof Error ? err.message : String(err)).replace(/^error parsing regexp: /, '');
  const input = typeof (err as { input?: unknown }).input === 'string' ? (err as { input: string }).input : '';
  const hint = hintFor(pattern, input, message);
  return hint ? `${hint} (RE2: ${message})` : `RE2 cannot parse it: ${message}`;
}

function hintFor(pattern: string, input: string, message: string): string | null {
  if (/^\\[1-9k]/.test(input)) {
    return `backreferences (${input.slice(0, 2)}) are not supported: RE2 matches in linear time and cannot refer back to what a group matched; spell out the alternatives (e.g. (a|b)\\1 as aa|bb) or check it with a command rule`;
  }
  if (input.startsWith('(?=') || input.startsWith('(?!')) {
    return `lookahead (${input.slice(0, 3)}) is not supported by RE2; match the following text as part of the pattern (e.g. foo(?=bar) as foobar), or check what must (not) follow with a second rule`;
  }
  if (input.startsWith('(?<=') || input.startsWith('(?<!')) {
    return `lookbehind (${input.slice(0, 4)}) is not supported by RE2; match the preceding text as part of the pattern (e.g. (?<=\\$)\\d+ as \\$\\d+), or check it with a second rule`;
  }
  if (input.startsWith('\\u')) return 'RE2 has no \\u escape: write a code point as \\x{00E9} (or the character itself)';
  if (input.startsWith('\\c')) return 'RE2 has no \\c escape: write a control character as \\x{01}';
  if (pattern.includes('[^]') && message.startsWith('missing closing ]')) return 'RE2 has no [^] (any character): use [\\s\\S], or . with the s flag';
  if (message.startsWith('invalid repeat count')) return 'RE2 allows at most 1000 repetitions in a {n,m} count; use + or * for more';
  return null;
}
