// Content rules' checks in a worker thread (the real worker, bundled from the sources as
// dist/ bundles it): a schema check that would take many seconds on the tick's own thread is
// stopped at the time limit with a message naming the rule, the file and the limit, or at once by
// a cancel; the tick's timers keep firing meanwhile, and the next check gets a fresh thread. A
// bundle without its worker checks none in line; the sources do, saying so once.
import { copyFile, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsVerifier } from '../../src/adapters/fs/fs-verifier.js';
import { RULE_CHECK_WORKER, RuleCheckThread, ruleCheckLimitMs } from '../../src/adapters/fs/rule-check-thread.js';
import { ruleCheckWorkerFile, withRuleChecks } from '../../src/adapters/fs/rule-check-site.js';
import { evaluateRules } from '../../src/core/tick/rules.js';
import type { ValidationRule } from '../../src/core/state/types.js';
import { bundleRuleCheckWorker } from '../helpers/bundle-adapters.js';

let dir: string;
let root: string;
let workerFile: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'rule-check-thread-')));
  root = path.join(dir, 'ws');
  await mkdir(root);
  workerFile = await bundleRuleCheckWorker(dir);
  // 20,000 different objects: `uniqueItems` compares every pair, which takes seconds.
  const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item-${i}`, tags: ['a', 'b'] }));
  await writeFile(path.join(root, 'items.json'), JSON.stringify(items));
  await writeFile(path.join(root, 'small.json'), JSON.stringify([{ id: 1 }, { id: 2 }]));
  await writeFile(path.join(root, 'notes.md'), '# Notes\n## Sources\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const unique = (file: string): ValidationRule => ({ json_schema: { path: file, schema: { type: 'array', uniqueItems: true } } });
const context = (verifier: FsVerifier) => ({ verifier, payload: undefined, payloadOf: () => undefined });

describe('RuleCheckThread', () => {
  it('stops a check at the time limit, naming the rule, the file and the limit, while the tick stays responsive', async () => {
    const thread = new RuleCheckThread(workerFile, 1000);
    const verifier = new FsVerifier({ env: process.env, root, ruleChecks: thread });
    try {
      // While the check runs, the tick's timers fire: on the tick's own thread the check would
      // run to its end first (and settle), and only then would a timer get its turn.
      let settled = false;
      const pending = evaluateRules([unique('items.json')], context(verifier)).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      const results = await pending;
      expect(results).toEqual([
        {
          rule: 'json_schema(items.json)',
          ok: false,
          reason: "validating items.json took longer than 1 s, the time limit of a rule's check (SEQUENCER_RULE_CHECK_SECONDS), and was stopped",
        },
      ]);

      // The next checks get a new thread: a passing and a failing schema, a pattern.
      const after = await evaluateRules(
        [unique('small.json'), { json_schema: { path: 'small.json', schema: { type: 'object' } } }, { file_contains: { path: 'notes.md', pattern: '^## Sources', flags: 'm' } }],
        context(verifier),
      );
      expect(after).toEqual([
        { rule: 'json_schema(small.json)', ok: true },
        { rule: 'json_schema(small.json)', ok: false, reason: '1 schema error: /: must be object' },
        { rule: 'file_contains(notes.md, /^## Sources/m)', ok: true },
      ]);
    } finally {
      await thread.close();
    }
  });

  it('a cancel ends a check under way with its thread at once, and no later rule is checked; the next check gets a new thread', async () => {
    const thread = new RuleCheckThread(workerFile, 60_000);
    const verifier = new FsVerifier({ env: process.env, root, ruleChecks: thread });
    try {
      const cancel = new AbortController();
      const began = Date.now();
      // items.json takes many seconds to validate; the cancel comes after 300 ms.
      const pending = evaluateRules([unique('items.json'), unique('small.json')], { ...context(verifier), signal: cancel.signal });
      setTimeout(() => cancel.abort(), 300);
      expect(await pending).toEqual([{ rule: 'json_schema(items.json)', ok: false, reason: 'could not be checked: the check was stopped by a cancel request' }]);
      expect(Date.now() - began).toBeLessThan(3000);
      expect(await evaluateRules([unique('small.json')], context(verifier))).toEqual([{ rule: 'json_schema(small.json)', ok: true }]);
    } finally {
      await thread.close();
    }
  });

  it('reports a thread that cannot start as a rule that could not be checked', async () => {
    const thread = new RuleCheckThread(path.join(dir, 'no-such-worker.mjs'), 5000);
    const results = await evaluateRules([unique('small.json')], context(new FsVerifier({ env: process.env, root, ruleChecks: thread })));
    expect(results).toEqual([{ rule: 'json_schema(small.json)', ok: false, reason: expect.stringMatching(/^could not be checked: .*no-such-worker\.mjs/) }]);
  });
});

describe('ruleCheckLimitMs', () => {
  it.each([
    [undefined, 60_000],
    ['', 60_000],
    ['5', 5_000],
    ['3600', 3_600_000],
  ])('SEQUENCER_RULE_CHECK_SECONDS=%s → %s ms', (raw, ms) => {
    expect(ruleCheckLimitMs(raw === undefined ? {} : { SEQUENCER_RULE_CHECK_SECONDS: raw })).toBe(ms);
  });

  it.each(['0', '-1', 'soon', '3601'])('refuses %s, naming the variable, the value and what is expected', (raw) => {
    expect(() => ruleCheckLimitMs({ SEQUENCER_RULE_CHECK_SECONDS: raw })).toThrow(
      `SEQUENCER_RULE_CHECK_SECONDS is "${raw}"; expected a number of seconds from 1 to 3600 (default 60), the time limit of a content rule's check.`,
    );
  });
});

describe('ruleCheckWorkerFile', () => {
  it('is the worker beside the bundled entry point, and nothing for other entry points', async () => {
    const dist = path.join(dir, 'dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.js'), '');
    await writeFile(path.join(dist, 'cli.js'), '');
    expect(ruleCheckWorkerFile(path.join(dist, 'index.js'))).toBeUndefined();
    await writeFile(path.join(dist, RULE_CHECK_WORKER), '');
    expect(ruleCheckWorkerFile(path.join(dist, 'index.js'))).toBe(path.join(dist, RULE_CHECK_WORKER));
    expect(ruleCheckWorkerFile(path.join(dist, 'cli.js'))).toBe(path.join(dist, RULE_CHECK_WORKER));
    expect(ruleCheckWorkerFile(path.join(dir, 'vitest.mjs'))).toBeUndefined();
    expect(ruleCheckWorkerFile(undefined)).toBeUndefined();
  });
});

describe('withRuleChecks', () => {
  const warnings = () => {
    const lines: string[] = [];
    return { lines, log: { warn: (m: string) => void lines.push(m) } };
  };

  it('the bundle without its worker checks no content rule: each fails and the preflight problem names the missing file', async () => {
    const dist = path.join(dir, 'copied-dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'cli.js'), '');
    const { lines, log } = warnings();
    const verifier = new FsVerifier({ env: process.env, root, ...withRuleChecks({ log, env: {}, entry: path.join(dist, 'cli.js'), bundled: true }) });
    const problem = `content rules (file_contains, json_schema) cannot be checked: the bundle's ${path.join(dist, RULE_CHECK_WORKER)} is missing (it ships beside cli.js and index.js: install or copy the whole dist/ folder); on the tick's own thread an agent-written file could hold the tick up past every time limit`;
    expect(verifier.contentRuleProblem()).toBe(problem);
    // Not checked in line, where nothing could stop it: the rule fails, saying why.
    expect(await evaluateRules([unique('small.json'), { file_exists: { path: 'small.json' } }], context(verifier))).toEqual([
      { rule: 'json_schema(small.json)', ok: false, reason: `could not be checked: ${problem}` },
      { rule: 'file_exists(small.json)', ok: true },
    ]);
    expect(lines).toEqual([]);
  });

  it('bundled code started from another file than dist/cli.js or dist/index.js names that file', () => {
    const verifier = new FsVerifier({ env: process.env, root, ...withRuleChecks({ log: warnings().log, env: {}, entry: path.join(dir, 'vitest.mjs'), bundled: true }) });
    expect(verifier.contentRuleProblem()).toMatch(
      new RegExp(
        `^content rules \\(file_contains, json_schema\\) cannot be checked: they run in rule-check-worker\\.js beside the bundle's cli\\.js or index\\.js, and this process was started from ".*vitest\\.mjs" \\(run dist/cli\\.js or dist/index\\.js itself\\)`,
      ),
    );
  });

  it('the sources check content rules in line, and say once in the log that they run without their time limit', async () => {
    const { lines, log } = warnings();
    const verifier = new FsVerifier({ env: process.env, root, ...withRuleChecks({ log, env: {}, entry: path.join(dir, 'vitest.mjs'), bundled: false }) });
    expect(verifier.contentRuleProblem()).toBeNull();
    const rules = [unique('small.json'), { file_contains: { path: 'notes.md', pattern: '^## Sources', flags: 'm' } }];
    expect((await evaluateRules(rules, context(verifier))).map((r) => r.ok)).toEqual([true, true]);
    expect((await evaluateRules(rules, context(verifier))).map((r) => r.ok)).toEqual([true, true]);
    expect(lines).toEqual([
      "Content rules (file_contains, json_schema) are checked on the tick's own thread, without their time limit (SEQUENCER_RULE_CHECK_SECONDS): this runs from the sources, where no rule-check-worker.js is built (the bundle in dist/ checks them in that worker).",
    ]);
  });

  it('the bundle with its worker checks in the thread, under the limit of SEQUENCER_RULE_CHECK_SECONDS', async () => {
    const dist = path.join(dir, 'whole-dist');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.js'), '');
    await copyFile(workerFile, path.join(dist, RULE_CHECK_WORKER));
    const { ruleChecks } = withRuleChecks({ log: warnings().log, env: { SEQUENCER_RULE_CHECK_SECONDS: '7' }, entry: path.join(dist, 'index.js'), bundled: true });
    expect(ruleChecks).toBeInstanceOf(RuleCheckThread);
    expect((ruleChecks as RuleCheckThread).limitMs).toBe(7000);
    const verifier = new FsVerifier({ env: process.env, root, ruleChecks });
    try {
      expect(await evaluateRules([unique('small.json')], context(verifier))).toEqual([{ rule: 'json_schema(small.json)', ok: true }]);
    } finally {
      await (ruleChecks as RuleCheckThread).close();
    }
  });
});
