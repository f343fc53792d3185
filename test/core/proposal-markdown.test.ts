// The proposal shows everything that will run. Checked by rendering it with a CommonMark parser
// (markdown-it, raw HTML on as on GitHub) and reading the code blocks back: each execution field
// must come back exactly as the plan has it, not merely appear somewhere in the text.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { executionFields } from '../../src/core/plan/execution-fields.js';
import { newState } from '../../src/core/plan/new-state.js';
import { MAX_COMMENT_CHARS, MAX_PROPOSAL_PARTS, renderProposal, runnableSteps } from '../../src/core/render/proposal-markdown.js';
import { draftHintComment, refusedPlanComment } from '../../src/core/render/refused-plan-markdown.js';
import { proposalMarker, retiredProposalComment } from '../../src/core/render/retired-proposal-markdown.js';
import type { ProposalSettings } from '../../src/core/render/proposal-settings-markdown.js';
import { leadingMarker } from '../../src/core/render/comment-markers.js';
import { marker } from '../../src/core/render/render-markdown.js';
import type { Plan, State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const md = new MarkdownIt({ html: true });
const SETTINGS: ProposalSettings = { agentCommand: 'claude -p --permission-mode acceptEdits', limits: { maxAttempts: 3, attemptTimeoutMinutes: 45 } };
const ZWJ = /\u200d/g;

function proposed(plan: Plan, extra: Partial<State> = {}): State {
  return { ...newState(plan, { planId: 'issue-9', now: T0, stepDelayMinutes: 2 }), ...extra };
}

function parts(s: State, settings = SETTINGS): string[] {
  const r = renderProposal(s, settings);
  if (!('parts' in r)) throw new Error(`too large: ${JSON.stringify(r)}`);
  return r.parts;
}

/** Code blocks as a reader sees them, with what precedes each (its label). */
function codeBlocks(body: string): Array<{ label: string; text: string; info: string }> {
  const tokens = md.parse(body, {});
  const out: Array<{ label: string; text: string; info: string }> = [];
  let label = '';
  for (const t of tokens) {
    if (t.type === 'inline') label = t.content;
    if (t.type === 'html_block' && /<summary>/.test(t.content)) label = t.content;
    if (t.type === 'fence') out.push({ label, text: t.content.replace(/\n$/, '').replace(ZWJ, ''), info: t.info });
  }
  return out;
}

const RISKY: Plan = {
  title: 'Build and check',
  steps: {
    build: {
      title: 'Build',
      instruction: 'Build it.\n```\n@octo-org/everyone <script>alert(1)</script>\n```\nThen stop.',
      agent: 'my-agent --model big',
      env: { MODE: 'release', TOKEN_HINT: 'not a secret' },
      maxAttempts: 5,
      attemptTimeoutMinutes: 20,
      timeoutMinutes: 90,
      requiredOutputs: ['dist/app.js'],
      validate: [
        { file_contains: { path: 'dist/app.js', pattern: '^export ', flags: 'm' } },
        { command: { argv: ['npm', 'test', '--', '--grep', 'a b'], timeoutSeconds: 120 } },
        { command_output_contains: { argv: ['node', 'dist/app.js', '--version'], text: 'v1' } },
      ],
      onValidationFail: 'fix',
    },
    fix: { title: 'Fix the build', instruction: 'Read the failure and fix the code.', env: { FIXING: '1' }, validate: [{ command: { argv: ['make', 'lint'] } }] },
    ship: { title: 'Ship', instruction: 'Write NOTES.md', requiredOutputs: ['NOTES.md'] },
  },
  stepQueue: ['build', 'ship'],
};

describe('renderProposal', () => {
  it('lists the remediation step reached only through onValidationFail, with its own fields', () => {
    expect(runnableSteps(proposed(RISKY))).toEqual({ queued: ['build', 'ship'], remediation: ['fix'], never: [] });
    const [body] = parts(proposed(RISKY));
    expect(body).toMatch(/##### remediation `fix`: Fix the build/);
    expect(body).toMatch(/run `fix`, then retry/);
    const blocks = codeBlocks(body!);
    expect(blocks.find((b) => b.text === 'Read the failure and fix the code.')).toBeDefined();
    expect(blocks.some((b) => b.info === 'json' && JSON.stringify(JSON.parse(b.text)) === JSON.stringify({ FIXING: '1' }))).toBe(true);
    expect(blocks.some((b) => b.info === 'json' && JSON.stringify(JSON.parse(b.text)) === JSON.stringify([{ command: { argv: ['make', 'lint'] } }]))).toBe(true);
  });

  it('shows every execution field exactly, the limits of each step and the plan-level settings', () => {
    const [body] = parts(proposed(RISKY));
    const blocks = codeBlocks(body!);
    const build = RISKY.steps.build!;
    // The agent command of the workflow, and the step's own.
    expect(blocks.find((b) => /Agent command\*\* \(the workflow input/.test(b.label))?.text).toBe(SETTINGS.agentCommand);
    expect(blocks.find((b) => /Agent command for this step/.test(b.label))?.text).toBe(build.agent);
    const json = blocks.filter((b) => b.info === 'json').map((b) => JSON.parse(b.text) as unknown);
    expect(json).toContainEqual(build.env);
    expect(json).toContainEqual(build.validate);
    // The instruction, with its backticks, mention and HTML, is one code block, whole.
    expect(blocks.map((b) => b.text)).toContain(build.instruction);
    expect(md.render(body!)).not.toMatch(/<script>/);
    expect(body).toMatch(/attempts: 5 · time per attempt: 20 min · total time: 90 min · if validation fails: run `fix`, then retry/);
    expect(body).toMatch(/##### 2\/2 `ship`: Ship\n\nattempts: 3 \(default\) · time per attempt: 45 min \(default\) · total time: no limit · if validation fails: retry/);
    expect(body).toMatch(/Attempts per step: 3 · time per attempt: 45 min/);
    expect(body).toMatch(/Delay between steps: 2 min/);
    expect(body).toContain('Required outputs: dist/app\\.js');
    // It ends with the plan hash and how to approve it.
    const s = proposed(RISKY);
    expect(body!.startsWith(marker('issue-9', 'proposal', s.planHash))).toBe(true);
    expect(body).toMatch(new RegExp(`Plan hash: \`${s.planHash}\`\\n\\nReply \\*\\*\`/approve ${s.planHash!.slice(7, 19)}\`\\*\\*`));
  });

  it('says when no default agent command is set, and collapses long instructions', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Line ${i} of a long instruction.`).join('\n');
    const [body] = parts(proposed({ steps: { a: { title: 'A', instruction: long } } }), { limits: { maxAttempts: 2, attemptTimeoutMinutes: 60 } });
    expect(body).toMatch(/\*\*Agent command\*\*: none set in the workflow/);
    expect(body).toMatch(/<details><summary>Instruction \(\d+ characters, 30 lines\)<\/summary>\n\n```text\nLine 0/);
    expect(codeBlocks(body!).map((b) => b.text)).toContain(long);
  });

  it('names steps that are defined but can never run', () => {
    const s = proposed({ steps: { a: { title: 'A', instruction: 'a' }, orphan: { title: 'O', instruction: 'o' } }, stepQueue: ['a'] });
    expect(parts(s)[0]).toMatch(/Defined in the plan but never run.*`orphan`/);
  });

  it('a re-proposed plan lists the changed steps and the finished steps it keeps', () => {
    const progressed = state(['research', 'write', 'review'], { stepRuns: { research: { status: 'DONE', tries: 1 }, write: { status: 'SKIPPED', tries: 0 } } });
    const r = renderProposal(progressed, SETTINGS, [
      { stepId: 'research', change: 'unchanged' },
      { stepId: 'write', change: 'changed' },
      { stepId: 'extra', change: 'added' },
    ]);
    const body = 'parts' in r ? r.parts[0]! : '';
    expect(body).toMatch(/paused until it is approved again/);
    expect(body).toMatch(/- `write` changed\n- `extra` added/);
    expect(body).toMatch(/Finished steps kept \(same id and instruction\): `research`, `write`\./);
    expect(parts(progressed)[0]).not.toMatch(/paused/);
  });
});

describe('a proposal longer than one comment', () => {
  const steps: Plan['steps'] = {};
  for (let i = 1; i <= 400; i++) {
    steps[`step-${i}`] = { title: `Step ${i}`, instruction: `Step ${i}: ${'write one more paragraph of the report. '.repeat(8)}`, validate: [{ file_exists: { path: `out/${i}.md` } }] };
  }
  const big = proposed({ title: 'Four hundred steps', steps });

  it('is split into parts that each fit, show every step once, in order, and end with the hash', () => {
    const all = parts(big);
    expect(all.length).toBeGreaterThan(1);
    for (const p of all) expect(p.length).toBeLessThan(MAX_COMMENT_CHARS);
    const headings = all.flatMap((p) => [...p.matchAll(/^##### (\d+)\/400 `step-\d+`/gm)].map((m) => Number(m[1])));
    expect(headings).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const texts = all.flatMap((p) => codeBlocks(p).map((b) => b.text));
    for (const [id, def] of Object.entries(steps)) expect(texts, id).toContain(def.instruction);
    all.forEach((p, k) => {
      expect(p.startsWith(marker('issue-9', 'proposal', k === 0 ? big.planHash : `${big.planHash}:part-${k + 1}`))).toBe(true);
      expect(p).toContain(`part ${k + 1} of ${all.length}`);
      expect(p.includes(`Plan hash: \`${big.planHash}\``)).toBe(k === all.length - 1);
    });
  });

  it('splits one instruction longer than a comment into labelled pieces that add up to it', () => {
    const huge = Array.from({ length: 4000 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const all = parts(proposed({ steps: { a: { title: 'A', instruction: huge } } }));
    expect(all.length).toBeGreaterThan(2);
    for (const p of all) expect(p.length).toBeLessThan(MAX_COMMENT_CHARS);
    const pieces = all.flatMap((p) => codeBlocks(p)).filter((b) => /Instruction/.test(b.label));
    expect(pieces.length).toBeGreaterThan(1);
    // A piece ends after a line end (kept in it), so they add up without a separator.
    expect(pieces.map((b) => b.text).join('')).toBe(huge);
  });

  it('fits even when untrusted text is all backticks or mentions', () => {
    for (const text of ['`'.repeat(70_000), '@a '.repeat(30_000)]) {
      for (const p of parts(proposed({ steps: { a: { title: 'A', instruction: text } } }))) expect(p.length).toBeLessThan(MAX_COMMENT_CHARS);
    }
  });

  it('is refused, not cut, past the part limit', () => {
    const many: Plan['steps'] = {};
    for (let i = 0; i < 2000; i++) many[`s${i}`] = { title: `S${i}`, instruction: 'y'.repeat(1000) };
    const r = renderProposal(proposed({ steps: many }), SETTINGS);
    expect(r).toMatchObject({ tooLarge: { parts: expect.any(Number) as number } });
    expect('tooLarge' in r && r.tooLarge.parts).toBeGreaterThan(MAX_PROPOSAL_PARTS);
  });
});

describe('refused and request comments', () => {
  it('the refusal names the author, every step that sets execution fields, and offers no approval', () => {
    const s = proposed(RISKY);
    const body = refusedPlanComment(s, { login: 'drive-by', userType: 'User' }, executionFields(s.plan));
    expect(body.startsWith(marker('issue-9', 'refused', s.planHash))).toBe(true);
    expect(body).toMatch(/comes from `drive-by`, who does not have write access/);
    expect(body).toMatch(/`build` sets `agent`, `env`, `command`, `command_output_contains`; `fix` sets `env`, `command`/);
    expect(body).toMatch(/Nothing from this plan can be approved or run/);
    expect(body).not.toMatch(/Plan hash|Reply \*\*`\/approve/);
  });

  it("a bot's refusal says why a bot's plan may only describe the work, whatever its permission, and shows its login as inert code", () => {
    const s = proposed(RISKY);
    const found = executionFields(s.plan);
    const body = refusedPlanComment(s, { login: 'deploy-app[bot]', userType: 'Bot' }, found);
    expect(body).toMatch(/This plan comes from the bot `deploy-app\[bot\]`, and it sets what runs: `build` sets `agent`, `env`, `command`, `command_output_contains`; `fix` sets `env`, `command`\./);
    expect(body).toMatch(
      /A bot files issues with text others gave it, so its plan may only describe the work \(titles, instructions, required outputs, file and payload checks\), whatever the bot's permission; the agent command, environment and check commands come from the workflow/,
    );
    expect(body).toMatch(/Nothing from this plan can be approved or run/);
    // Not the reason a person without write access gets: the bot may well have write permission.
    expect(body).not.toMatch(/write access to this repository|someone without write access/);
    // A [bot] login is a bot whatever type the payload gives; markup and mentions in a login stay out.
    expect(refusedPlanComment(s, { login: 'helper[bot]', userType: 'User' }, found)).toMatch(/comes from the bot `helper\[bot\]`, and/);
    const odd = md.render(refusedPlanComment(s, { login: '<img src=x>@team`x[bot]', userType: 'Bot' }, found));
    expect(odd).toContain('comes from the bot <code>imgsrcxteamx[bot]</code>, and');
    expect(odd).not.toMatch(/<img|@team/);
  });

  it('the request hint tells a maintainer to reply /draft', () => {
    expect(draftHintComment('issue-4')).toMatch(/^<!-- agent-step-sequencer:request:issue-4 -->\n[\s\S]*reply `\/draft`/);
  });
});

describe('an earlier proposal, once it cannot be approved', () => {
  const old = `sha256:${'a'.repeat(64)}`;
  const next = `sha256:${'b'.repeat(64)}`;
  const url = 'https://github.com/o/r/issues/9#issuecomment-77';

  it('says it was superseded, links the newer proposal, keeps its marker and invites no approval', () => {
    const body = retiredProposalComment('issue-9', { planHash: old, part: 1 }, { planHash: next, url });
    expect(leadingMarker(body)).toBe(marker('issue-9', 'proposal', old));
    expect(proposalMarker('issue-9', leadingMarker(body)!)).toEqual({ planHash: old, part: 1 });
    const html = md.render(body);
    expect(html).toContain(`<a href="${url}">the proposal of plan <code>${next}</code></a>`);
    expect(body).toMatch(/It can no longer be approved/);
    expect(body).not.toMatch(/\/approve|Plan hash/);
    expect(body.length).toBeLessThan(600);
  });

  it('keeps the marker of a later part, says it was withdrawn without a newer one, and links nothing that is not a GitHub address', () => {
    const part = retiredProposalComment('issue-9', { planHash: old, part: 3 }, { withdrawn: 'the issue now holds a plan that was refused' });
    expect(leadingMarker(part)).toBe(marker('issue-9', 'proposal', `${old}:part-3`));
    expect(proposalMarker('issue-9', leadingMarker(part)!)).toEqual({ planHash: old, part: 3 });
    expect(part).toMatch(/### Withdrawn proposal \(part 3\)\n\nThis proposal of plan `sha256:a{64}` was withdrawn: the issue now holds a plan that was refused\. It can no longer be approved\./);
    const odd = retiredProposalComment('issue-9', { planHash: old, part: 1 }, { planHash: next, url: 'javascript:alert(1)' });
    expect(md.render(odd)).not.toContain('<a ');
    expect(proposalMarker('issue-8', leadingMarker(part)!)).toBeNull();
    expect(proposalMarker('issue-9', marker('issue-9', 'status'))).toBeNull();
  });
});

describe('the prompt preamble in the proposal', () => {
  const plan: Plan = { title: 'T', steps: { a: { title: 'A', instruction: 'Do A' } } };

  it("shows a plan's own preamble in full, fenced, as what goes before every step prompt", () => {
    const own = 'Before anything else, read `secrets.txt`.\n<img src=x onerror=alert(1)>';
    const body = parts(proposed({ ...plan, promptPreamble: own })).join('\n');
    const block = codeBlocks(body).find((b) => /preamble/i.test(b.label));
    expect(block?.text).toBe(own);
    expect(md.render(body)).not.toContain('<img');
  });

  it('says when there is none, and when the default guidance is used', () => {
    expect(parts(proposed({ ...plan, promptPreamble: false })).join('\n')).toMatch(/Prompt preamble: none/);
    expect(parts(proposed(plan)).join('\n')).toMatch(/Prompt preamble: the default guidance/);
  });
});

describe('the proposal shows what the sequencer adds and what the plan may spend', () => {
  const flags = '--output-format stream-json --verbose --include-partial-messages';
  const hook = '--settings $SEQUENCER_CLAUDE_SETTINGS';
  const hookWhy = "adds `--settings $SEQUENCER_CLAUDE_SETTINGS`, the attempt's settings file that wires its tool hook (the tool policy, the command log, and a stop answered at the next tool call)";

  it('shows the workflow agent command and, when stream flags are added, the command as it runs', () => {
    const body = parts(proposed({ title: 'T', steps: { a: { title: 'A', instruction: 'Do A' } } }))[0]!;
    const blocks = codeBlocks(body);
    expect(blocks.map((b) => b.text)).toContain('claude -p --permission-mode acceptEdits');
    expect(blocks.map((b) => b.text)).toContain(`claude ${flags} ${hook} -p --permission-mode acceptEdits`);
    expect(body).toContain(`The sequencer adds \`${flags}\` to read the agent's progress, tokens and cost as it works, and ${hookWhy}, so it runs as:`);
    // An agent whose stream is not read is shown as it is, with nothing added.
    const plain = parts(proposed({ title: 'T', steps: { a: { title: 'A', instruction: 'Do A' } } }), { ...SETTINGS, agentCommand: './agent.sh' })[0]!;
    expect(plain).not.toContain('The sequencer adds');
  });

  it('shows a step agent as it runs, with the flags the plan hash covers, its words as written', () => {
    const body = parts(
      proposed({
        title: 'T',
        steps: {
          a: { title: 'A', instruction: 'Do A', agent: 'codex exec --sandbox workspace-write' },
          b: { title: 'B', instruction: 'Do B', agent: `claude -p --settings $SEQUENCER_CLAUDE_SETTINGS --append-system-prompt "Be brief."` },
        },
      }),
    )[0]!;
    const texts = codeBlocks(body).map((b) => b.text);
    expect(texts).toContain('codex exec --sandbox workspace-write');
    expect(texts).toContain('codex exec --json --sandbox workspace-write');
    expect(texts).toContain(`claude ${flags} -p --settings $SEQUENCER_CLAUDE_SETTINGS --append-system-prompt 'Be brief.'`);
  });

  it("says when Claude Code's own --settings leave the sequencer's tool hook unwired, its value inert", () => {
    const own = 'team.json](https://evil.example)<img src onerror>@org/team';
    const body = parts(proposed({ title: 'T', steps: { a: { title: 'A', instruction: 'Do A', agent: `claude -p --output-format json --settings '${own}'` } } }), {
      ...SETTINGS,
      agentCommand: './agent.sh',
    })[0]!;
    const sentence = body.split('\n').find((l) => l.startsWith('The command gives Claude Code its own'))!;
    expect(sentence).toContain("so the sequencer's tool hook is not wired: a tool policy (`via: hook`) is refused before the step runs");
    expect(sentence).toContain('pass `--settings $SEQUENCER_CLAUDE_SETTINGS` or leave it out');
    const html = md.render(sentence);
    expect(html).not.toMatch(/<a |<img|onerror=/);
    expect(html).not.toMatch(/(^|[^\w`])@org\/team/);
    // Nothing is added to it, so no "runs as" block.
    expect(body).not.toContain('The sequencer adds');
  });

  it('shows the `--` put before the prompt of a command that ends inside an option, and why', () => {
    const body = parts(
      proposed({
        title: 'T',
        steps: {
          a: { title: 'A', instruction: 'Do A', agent: 'claude -p --output-format text --allowedTools Bash Read' },
          b: { title: 'B', instruction: 'Do B', agent: 'codex exec --json -i shot.png' },
        },
      }),
      { ...SETTINGS, agentCommand: 'claude -p --allowedTools Bash' },
    )[0]!;
    const texts = codeBlocks(body).map((b) => b.text);
    expect(texts).toContain(`claude ${hook} -p --output-format text --allowedTools Bash Read --`);
    expect(texts).toContain('codex exec --json -i shot.png --');
    expect(texts).toContain(`claude ${flags} ${hook} -p --allowedTools Bash --`);
    expect(body).toContain(`The sequencer ${hookWhy}, and puts \`--\` before the prompt, which the command's last option (\\--allowedTools) would otherwise take as its value, so it runs as:`);
    expect(body).toContain(
      `The sequencer adds \`${flags}\` to read the agent's progress, tokens and cost as it works, ${hookWhy}, and puts \`--\` before the prompt, which the command's last option (\\--allowedTools) would otherwise take as its value, so it runs as:`,
    );
  });

  it('names a hostile last option inertly: no link, no HTML, no mention, no code span broken out of', () => {
    // One word (single quotes): an option no agent knows, so one that may take the prompt.
    const option = '--x](https://evil.example)<img src onerror>@org/team`';
    const body = parts(proposed({ title: 'T', steps: { a: { title: 'A', instruction: 'Do A', agent: `claude -p '${option}'` } } }), SETTINGS)[0]!;
    const sentence = body.split('\n').find((l) => l.startsWith('The sequencer') && l.includes('before the prompt'))!;
    expect(sentence).toBeDefined();
    expect(sentence).toContain('img src onerror');
    const html = md.render(sentence);
    expect(html).not.toMatch(/<a |<img|onerror=/);
    expect(html).not.toMatch(/(^|[^\w`])@org\/team/);
    // The command itself is shown whole in its code block, `--` last.
    expect(codeBlocks(body).map((b) => b.text)).toContain(`claude ${flags} ${hook} -p '${option}' --`);
  });

  it('shows the plan budget (its own, else the workflow default, else none) and each step budget', () => {
    const plan: Plan = { title: 'T', budget: { costUsd: 12.5, tokens: 3_000_000 }, steps: { a: { title: 'A', instruction: 'Do A', budget: { tokens: 200_000 } } } };
    const body = parts(proposed(plan))[0]!;
    expect(body).toContain("- Budget of the plan: $12.50 · 3,000,000 tokens, over all its attempts and runs (the plan's own `budget`)");
    expect(body).toContain('budget: 200,000 tokens');
    const byWorkflow = parts(proposed({ title: 'T', steps: { a: { title: 'A', instruction: 'Do A' } } }), { ...SETTINGS, limits: { ...SETTINGS.limits, budget: { costUsd: 5 } } })[0]!;
    expect(byWorkflow).toContain("- Budget of the plan: $5.00, over all its attempts and runs (the workflow's `budget-usd`, `budget-tokens`)");
    expect(parts(proposed({ title: 'T', steps: { a: { title: 'A', instruction: 'Do A' } } }))[0]).toContain('- Budget of the plan: none');
  });
});
