// The tool-hook protocols of the agent CLIs we can guard, as pure translations: their hook
// payload (JSON on stdin) into a ToolCall, and our decision into what they read on stdout.
// - Claude Code: PreToolUse / PostToolUse; deny = hookSpecificOutput.permissionDecision "deny"
//   with a reason (shown to the model), exit 0; allow = exit 0 with no output.
// - Codex CLI: the same PreToolUse / PostToolUse protocol (hooks.json); only its shell tool (and
//   in newer versions apply_patch and MCP tools) reaches the hook.
// - Gemini CLI: BeforeTool / AfterTool; deny = {"decision":"deny","reason":…}, exit 0; allow = {}.
import { commandLine, type ToolCall } from './tool-policy.js';

export const HOOK_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

export type HookEvent =
  | { kind: 'pre'; call: ToolCall; id?: string }
  | { kind: 'post'; tool: string; id?: string; exitCode?: number | null }
  /** An event we do not act on (another hook event wired to the same command): allowed, not logged. */
  | { kind: 'other'; name: string };

const PRE: Record<HookAgent, string> = { claude: 'PreToolUse', codex: 'PreToolUse', gemini: 'BeforeTool' };
const POST: Record<HookAgent, string> = { claude: 'PostToolUse', codex: 'PostToolUse', gemini: 'AfterTool' };

/** What a tool acts on, in the order tools name it: a command first, then a path, URL or query. */
const SUBJECT_FIELDS = ['command', 'file_path', 'absolute_path', 'notebook_path', 'url', 'query', 'pattern', 'path', 'dir_path', 'description', 'prompt'] as const;

/** The event in a hook payload; throws an Error naming the problem when it is not one. */
export function parseHookPayload(agent: HookAgent, text: string): HookEvent {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`the hook input is not JSON (${(err as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error('the hook input is not a JSON object');
  const d = doc as Record<string, unknown>;
  const event = typeof d.hook_event_name === 'string' ? d.hook_event_name : '';
  const tool = typeof d.tool_name === 'string' && d.tool_name !== '' ? d.tool_name : undefined;
  const id = typeof d.tool_use_id === 'string' && d.tool_use_id !== '' ? d.tool_use_id : undefined;
  if (event === PRE[agent]) {
    if (!tool) throw new Error(`a ${event} input without "tool_name"`);
    return { kind: 'pre', call: { tool, subject: toolSubject(d.tool_input) }, ...(id ? { id } : {}) };
  }
  if (event === POST[agent]) {
    if (!tool) throw new Error(`a ${event} input without "tool_name"`);
    const exitCode = exitCodeOf(d.tool_response);
    return { kind: 'post', tool, ...(id ? { id } : {}), ...(exitCode !== undefined ? { exitCode } : {}) };
  }
  return { kind: 'other', name: event || '(none)' };
}

/** What a tool call acts on, from its input: the command, path, URL or query, or empty. */
export function toolSubject(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const fields = input as Record<string, unknown>;
  for (const name of SUBJECT_FIELDS) {
    const v = fields[name];
    if (typeof v === 'string' && v !== '') return v;
    // Codex may give a command as argv.
    if (Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === 'string')) return commandLine(v);
  }
  return '';
}

/** The exit status a tool response reports, when it reports one. */
function exitCodeOf(response: unknown): number | null | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const r = response as Record<string, unknown>;
  for (const name of ['exit_code', 'exitCode', 'returncode', 'code']) {
    const v = r[name];
    if (typeof v === 'number' && Number.isInteger(v)) return v;
  }
  if (r.interrupted === true) return null;
  return undefined;
}

/** What the hook prints for a decision (empty: nothing). The reason reaches the model. */
export function hookAnswer(agent: HookAgent, decision: 'allow' | 'deny', reason?: string): string {
  if (agent === 'gemini') return decision === 'deny' ? JSON.stringify({ decision: 'deny', reason: reason ?? 'denied' }) : '{}';
  if (decision === 'allow') return '';
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason ?? 'denied' } });
}

/**
 * A Claude Code settings file that sends every tool call through `<cli> hook claude` (before it
 * runs, and after, for the log). `cli` is the argv that starts this CLI; Claude Code runs hook
 * commands through a shell, so every word is quoted.
 */
export function claudeSettingsText(cli: readonly string[]): string {
  const command = commandLine([...cli, 'hook', 'claude']);
  const wire = [{ matcher: '*', hooks: [{ type: 'command', command }] }];
  return `${JSON.stringify({ hooks: { PreToolUse: wire, PostToolUse: wire } }, null, 2)}\n`;
}
