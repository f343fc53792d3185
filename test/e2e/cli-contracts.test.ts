// Step contracts end to end through the bundled CLI: a real `command` rule (a script in the
// workspace) fails the first attempt, the retry prompt carries the rule's failure, the second
// attempt passes; a json_schema rule reads a schema file; the payload reaches the next step
// through a placeholder and $SEQUENCER_INPUT_FILE. Run inside an Actions step, neither the agent
// nor the check command gets the runner's command files (GITHUB_OUTPUT and the rest). The files
// the sequencer writes beside an attempt's log never follow a link an earlier attempt planted.
import { chmod, lstat, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyTree, makeTempDir, output, readAgentCalls, readState, removeTempDirs, runCli, writeAgent, writeJson } from './helpers.js';
import { node24Binary } from './node24.js';

afterEach(removeTempDirs);

/** Records each call, then acts per step and attempt (see the plan below). */
const AGENT = `#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
const env = process.env;
const prompt = process.argv[process.argv.length - 1];
const ws = env.SEQUENCER_WORKSPACE;
fs.appendFileSync(env.CALLS, JSON.stringify({ step: env.SEQUENCER_STEP_ID, attempt: env.SEQUENCER_ATTEMPT, prompt, input: env.SEQUENCER_INPUT_FILE ?? null }) + '\\n');
// Inside an Actions step: the runner's command files, read back once the step ends.
for (const name of ['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY']) if (process.env[name]) fs.appendFileSync(process.env[name], 'forged=by-the-agent\\n');
if (env.SEQUENCER_STEP_ID === 'draft') {
  const sources = env.SEQUENCER_ATTEMPT === '1' ? '' : '\\n## Sources\\n- the zoo\\n';
  fs.writeFileSync(path.join(ws, 'report.md'), '# Otters\\n' + sources);
  fs.writeFileSync(path.join(ws, 'meta.json'), JSON.stringify({ topic: 'otters', sections: 2 }));
  fs.writeFileSync(env.SEQUENCER_PAYLOAD_FILE, JSON.stringify({ topic: 'otters', sections: 2 }));
} else {
  fs.writeFileSync(path.join(ws, 'published.json'), fs.readFileSync(env.SEQUENCER_INPUT_FILE, 'utf8'));
}
`;

/** The plan's own check: exit 1 with a reason unless the report has its Sources section. */
const CHECK = `import fs from 'node:fs';
for (const name of ['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY']) if (process.env[name]) fs.appendFileSync(process.env[name], 'forged=by-the-agent\\n');
const text = fs.readFileSync('report.md', 'utf8');
if (!/^## Sources/m.test(text)) {
  console.error('report.md has no "## Sources" section');
  process.exit(1);
}
console.log('report ok for step ' + process.env.SEQUENCER_STEP_ID);
`;

describe('step contracts through the CLI', () => {
  it('a failing command rule is retried with its failure in the prompt, then the payload flows on', async () => {
    const ws = await makeTempDir('contracts-ws-');
    const tools = await makeTempDir('contracts-tools-');
    const agent = path.join(tools, 'agent.mjs');
    await writeFile(agent, AGENT);
    await chmod(agent, 0o755);
    await writeFile(path.join(ws, 'check-report.mjs'), CHECK);
    await writeJson(path.join(ws, 'meta.schema.json'), { type: 'object', required: ['topic', 'sections'], properties: { sections: { type: 'integer', minimum: 1 } } });
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, {
      title: 'Contracts',
      steps: {
        draft: {
          title: 'Draft the report',
          instruction: 'Write report.md with a Sources section.',
          requiredOutputs: ['report.md'],
          expectPayload: true,
          validate: [
            { command: { argv: ['node', 'check-report.mjs'], timeoutSeconds: 30 } },
            { json_schema: { path: 'meta.json', schema: 'meta.schema.json' } },
            { payload_value_matches: { key: 'topic', pattern: '^[a-z]+$' } },
          ],
        },
        publish: {
          title: 'Publish',
          instruction: 'Publish the report on {{steps.draft.payload.topic}}.',
          requiredOutputs: ['published.json'],
          inheritPayload: true,
        },
      },
    });
    const calls = path.join(tools, 'calls.jsonl');
    const runnerFiles = Object.fromEntries(['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'].map((name) => [name, path.join(tools, name)]));
    for (const file of Object.values(runnerFiles)) await writeFile(file, '');
    const r = await runCli(['run', '--plan', planFile], { cwd: ws, env: { STEP_AGENT_CMD: agent, CALLS: calls, ...runnerFiles } });
    expect(r.code, output(r)).toBe(0);
    for (const [name, file] of Object.entries(runnerFiles)) expect(await readFile(file, 'utf8'), name).toBe('');
    // The final summary also lists what the plan wrote without declaring it (meta.json).
    expect(r.stdout).toContain('Other files the plan created or changed (1):\n  - meta.json\n');

    const made = (await readFile(calls, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { step: string; attempt: string; prompt: string; input: string | null });
    expect(made.map((c) => `${c.step}#${c.attempt}`)).toEqual(['draft#1', 'draft#2', 'publish#1']);
    expect(made[1]!.prompt).toMatch(
      /\n\nStep draft failed \(tries: 1\)\. Previous run ended with: Validation failed: command\(node check-report\.mjs\): exited with code 1: report\.md has no "## Sources" section\. Please troubleshoot and retry: Write report\.md with a Sources section\.$/,
    );
    // After the autonomy preamble: the instruction with the payload placeholder filled in.
    expect(made[2]!.prompt.split('\n\n').pop()).toBe('Publish the report on otters.');
    expect(made[2]!.input).toMatch(/publish[/\\]attempt-1\.input\.json$/);
    expect(JSON.parse(await readFile(path.join(ws, 'published.json'), 'utf8'))).toEqual({ draft: { topic: 'otters', sections: 2 } });

    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.status).toBe('DONE');
    expect(state.stepRuns.draft).toMatchObject({ status: 'DONE', tries: 2, payload: { topic: 'otters', sections: 2 } });
    expect(state.stepRuns.draft?.attempts?.[0]).toMatchObject({ outcome: 'failed', exitCode: 0, failedRules: ['command(node check-report.mjs)'] });
    // The check's own output is kept beside the attempt log.
    const checkLog = path.join(ws, '.sequencer', 'plan', 'state.json.logs', 'draft', 'attempt-2.check-1.log');
    expect(await readFile(checkLog, 'utf8')).toBe('report ok for step draft\n');
  });
});

/**
 * Attempt 1 plants a symlink at every name the next attempt's files get beside its log, each
 * pointing at a file elsewhere, and fails; attempt 2 does the work. The check command reports
 * that the files it sees are the sequencer's own.
 */
const PLANTING_AGENT = `#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
const env = process.env;
const dir = path.dirname(env.SEQUENCER_POLICY_FILE);
if (env.SEQUENCER_ATTEMPT === '1') {
  for (const name of JSON.parse(env.PLANTED)) fs.symlinkSync(path.join(env.VICTIMS, name), path.join(dir, name));
  console.log('planted');
  process.exit(1);
}
fs.writeFileSync(path.join(env.SEQUENCER_WORKSPACE, 'report.md'), '# Report\\n');
console.log('attempt 2 wrote the report');
`;

describe('files beside the attempt log', () => {
  it('are created new: links an earlier attempt planted at their names are replaced, and the files they point at stay as they were', async () => {
    const ws = await makeTempDir('planted-ws-');
    const tools = await makeTempDir('planted-tools-');
    const victims = path.join(tools, 'victims');
    await mkdir(victims);
    const agent = path.join(tools, 'agent.mjs');
    await writeFile(agent, PLANTING_AGENT);
    await chmod(agent, 0o755);
    await writeFile(path.join(ws, 'check.mjs'), "console.log('check ok');\n");
    // Everything the sequencer writes beside attempt 2's log.
    const planted = [
      'attempt-2.log',
      'attempt-2.log.pid',
      'attempt-2.policy.json',
      'attempt-2.claude-settings.json',
      'attempt-2.input.json',
      'attempt-2.stop',
      'attempt-2.commands.jsonl',
      'attempt-2.check-1.log',
      'attempt-2.check-1.log.pid',
    ];
    for (const name of planted) await writeFile(path.join(victims, name), `victim ${name}\n`);
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, {
      title: 'Planted links',
      steps: { only: { title: 'Write the report', instruction: 'Write report.md', requiredOutputs: ['report.md'], inheritPayload: true, validate: [{ command: { argv: ['node', 'check.mjs'] } }] } },
    });
    const r = await runCli(['run', '--plan', planFile], { cwd: ws, env: { STEP_AGENT_CMD: agent, VICTIMS: victims, PLANTED: JSON.stringify(planted) } });
    expect(r.code, output(r)).toBe(0);

    const overwritten: string[] = [];
    for (const name of planted) if ((await readFile(path.join(victims, name), 'utf8')) !== `victim ${name}\n`) overwritten.push(name);
    expect(overwritten, 'files elsewhere written through the planted links').toEqual([]);
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.only).toMatchObject({ status: 'DONE', tries: 2 });
    // The sequencer's own files stand at those names now, not the links.
    const logs = path.join(ws, '.sequencer', 'plan', 'state.json.logs', 'only');
    for (const name of ['attempt-2.log', 'attempt-2.policy.json', 'attempt-2.claude-settings.json', 'attempt-2.input.json', 'attempt-2.check-1.log']) {
      expect((await lstat(path.join(logs, name))).isFile(), name).toBe(true);
    }
    expect(await readFile(path.join(logs, 'attempt-2.log'), 'utf8')).toContain('attempt 2 wrote the report');
    expect(await readFile(path.join(logs, 'attempt-2.check-1.log'), 'utf8')).toBe('check ok\n');
  });
});

describe('a validation rule cannot hang the tick', () => {
  it('^(a+)+$ against a long run of a\'s and a "!" fails the step at once with a clear message', async () => {
    const ws = await makeTempDir('redos-ws-');
    const tools = await makeTempDir('redos-tools-');
    const agent = path.join(tools, 'agent.mjs');
    await writeFile(
      agent,
      `#!/usr/bin/env node
import fs from 'node:fs';
fs.writeFileSync('out.txt', 'a'.repeat(100000) + '!');
// A payload holds at most 64 KiB; 60,000 a's are as hopeless for backtracking.
fs.writeFileSync(process.env.SEQUENCER_PAYLOAD_FILE, JSON.stringify({ text: 'a'.repeat(60000) + '!' }));
`,
    );
    await chmod(agent, 0o755);
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, {
      title: 'ReDoS',
      steps: {
        only: {
          title: 'Write a long line',
          instruction: 'Write out.txt.',
          maxAttempts: 1,
          validate: [{ file_contains: { path: 'out.txt', pattern: '^(a+)+$' } }, { payload_value_matches: { key: 'text', pattern: '^(a+)+$' } }],
        },
      },
    });
    // Within the helper's time limit (the CLI is killed after 30 s); a backtracking engine never ends.
    const r = await runCli(['run', '--plan', planFile], { cwd: ws, env: { STEP_AGENT_CMD: agent }, timeoutMs: 30_000 });
    expect(r.signal, output(r)).toBeNull();
    expect(r.code, output(r)).toBe(1);
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.status).toBe('BLOCKED');
    expect(state.stepRuns.only?.error).toBe(`Validation failed: file_contains(out.txt, /^(a+)+$/): no match; payload_value_matches(text, /^(a+)+$/): value "${'a'.repeat(56)}... does not match`);
  });

  it('a json_schema rule with uniqueItems over 20,000 objects is stopped at the time limit, naming the rule, the file and the limit', async () => {
    const ws = await makeTempDir('unique-ws-');
    const tools = await makeTempDir('unique-tools-');
    const agent = path.join(tools, 'agent.mjs');
    await writeFile(
      agent,
      `#!/usr/bin/env node
import fs from 'node:fs';
// Every pair of 20,000 objects is compared: many seconds of work for the schema check.
fs.writeFileSync('items.json', JSON.stringify(Array.from({ length: 20000 }, (_, i) => ({ id: i, name: 'item-' + i }))));
`,
    );
    await chmod(agent, 0o755);
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, {
      title: 'Unique items',
      steps: { only: { title: 'List items', instruction: 'Write items.json.', maxAttempts: 1, validate: [{ json_schema: { path: 'items.json', schema: { type: 'array', uniqueItems: true } } }] } },
    });
    // The check runs in the bundle's worker thread (dist/rule-check-worker.js), which is ended at the limit.
    const r = await runCli(['run', '--plan', planFile], { cwd: ws, env: { STEP_AGENT_CMD: agent, SEQUENCER_RULE_CHECK_SECONDS: '1' } });
    expect(r.code, output(r)).toBe(1);
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.status).toBe('BLOCKED');
    expect(state.stepRuns.only?.error).toBe(
      "Validation failed: json_schema(items.json): validating items.json took longer than 1 s, the time limit of a rule's check (SEQUENCER_RULE_CHECK_SECONDS), and was stopped",
    );
  });

  it('a bundle copied without its rule-check worker checks no content rule in line: the step stops before any attempt, naming the missing file', async () => {
    const ws = await makeTempDir('no-worker-ws-');
    const copy = await makeTempDir('no-worker-dist-');
    await copyTree([path.join(REPO_ROOT, 'dist')], path.join(copy, 'dist'));
    await rm(path.join(copy, 'dist', 'rule-check-worker.js'));
    const tools = await makeTempDir('no-worker-tools-');
    const agent = await writeAgent(tools);
    const calls = path.join(tools, 'calls.jsonl');
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, {
      title: 'No worker',
      steps: {
        only: { title: 'List items', instruction: 'Write items.json.', validate: [{ file_exists: { path: 'items.json' } }, { json_schema: { path: 'items.json', schema: { type: 'array' } } }] },
      },
    });
    const r = await runCli(['run', '--plan', planFile], { cwd: ws, cli: path.join(copy, 'dist', 'cli.js'), env: { STEP_AGENT_CMD: agent, AGENT_LOG: calls } });
    expect(r.code, output(r)).toBe(2);
    expect(output(r)).toContain(
      `plan.steps.only.validate[1].json_schema: content rules (file_contains, json_schema) cannot be checked: the bundle's ${path.join(copy, 'dist', 'rule-check-worker.js')} is missing (it ships beside cli.js and index.js: install or copy the whole dist/ folder)`,
    );
    // No attempt was spent on a set-up that cannot judge it.
    expect(await readAgentCalls(calls)).toEqual([]);
    expect((await readState(path.join(ws, '.sequencer', 'plan', 'state.json'))).stepRuns.only).toBeUndefined();
  });

  it('a pattern RE2 cannot express is refused before anything runs, naming the field, the pattern and why', async () => {
    const ws = await makeTempDir('redos-ws-');
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, { steps: { only: { title: 'T', instruction: 'I', validate: [{ file_contains: { path: 'a.md', pattern: '^(\\w+)\\s\\1$' } }] } } });
    const r = await runCli(['validate', planFile], { cwd: ws });
    expect(r.code, output(r)).toBe(2);
    expect(r.stderr).toContain(
      'plan.steps.only.validate[0].file_contains.pattern: must be a regular expression in RE2 syntax (a subset of JavaScript\'s), got "^(\\\\w+)\\\\s\\\\1$": backreferences (\\1) are not supported',
    );
  });
});

/** Writes data/app.db with as many rows as its attempt number (run by Node 24, which has node:sqlite). */
const DB_AGENT = `import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
const env = process.env;
fs.appendFileSync(env.CALLS, JSON.stringify({ attempt: env.SEQUENCER_ATTEMPT, prompt: process.argv[process.argv.length - 1] }) + '\\n');
const file = path.join(env.SEQUENCER_WORKSPACE, 'data', 'app.db');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.rmSync(file, { force: true });
const db = new DatabaseSync(file);
db.exec('CREATE TABLE items (n INTEGER)');
for (let i = 0; i < Number(env.SEQUENCER_ATTEMPT) + 1; i++) db.exec('INSERT INTO items VALUES (' + i + ')');
db.close();
// The items' provenance: the first attempt's second item was fetched 30 days ago.
const age = (days) => new Date(Date.now() - days * 86400000).toISOString();
const items = [{ sourceUrl: 'https://example.com/a', retrievedAt: age(1) }, { sourceUrl: 'https://example.com/b', retrievedAt: age(env.SEQUENCER_ATTEMPT === '1' ? 30 : 2) }];
fs.writeFileSync(env.SEQUENCER_PAYLOAD_FILE, JSON.stringify({ items }));
`;

describe('db_query and payload_provenance rules through the CLI', () => {
  it('under Node 24 a query on the SQLite file the agent wrote and the age of its payload items decide the step; under Node 20 the step stops before any attempt, naming the requirement', async () => {
    const node24 = await node24Binary();
    const tools = await makeTempDir('db-tools-');
    const agent = path.join(tools, 'db-agent.mjs');
    await writeFile(agent, DB_AGENT);
    const plan = {
      title: 'Database',
      steps: {
        store: {
          title: 'Store three items',
          instruction: 'Write three rows into data/app.db.',
          validate: [
            { db_query: { path: 'data/app.db', query: 'SELECT count(*) FROM items', expect: 3 } },
            { db_query: { path: 'data/app.db', query: 'SELECT n FROM items WHERE n = 2' } },
            { payload_provenance: { key: 'items', maxAgeDays: 7 } },
          ],
        },
      },
    };
    const calls = path.join(tools, 'calls.jsonl');

    const ws = await makeTempDir('db-ws-');
    await writeJson(path.join(ws, 'plan.json'), plan);
    const r = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, node: node24, env: { STEP_AGENT_CMD: `${node24} ${agent}`, CALLS: calls } });
    expect(r.code, output(r)).toBe(0);
    const made = (await readFile(calls, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { attempt: string; prompt: string });
    expect(made.map((c) => c.attempt)).toEqual(['1', '2']);
    expect(made[1]!.prompt).toContain(
      'Previous run ended with: Validation failed: db_query(data/app.db, "SELECT count(*) FROM items" = 3): got 2 (a number), expected 3 (a number); db_query(data/app.db, "SELECT n FROM items WHERE n = 2"): the query returned no row; payload_provenance(items, at most 7 days old): 1 of 2 items fails: items[1] was retrieved ',
    );
    expect(made[1]!.prompt).toMatch(/items\[1\] was retrieved \S+Z, 30 days ago \(at most 7 days\)\. Please troubleshoot/);
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.store).toMatchObject({ status: 'DONE', tries: 2 });

    const old = await makeTempDir('db-ws-old-');
    await writeJson(path.join(old, 'plan.json'), plan);
    const r20 = await runCli(['run', '--plan', 'plan.json'], { cwd: old, env: { STEP_AGENT_CMD: `${node24} ${agent}`, CALLS: path.join(tools, 'calls-old.jsonl') } });
    expect(r20.code, output(r20)).toBe(2);
    expect(output(r20)).toContain(
      `plan.steps.store.validate[0].db_query: db_query rules need node:sqlite, in Node.js 22.13 or newer (22.5 to 22.12 behind a flag the sequencer adds; the Action runs on Node 24); this runs on Node ${process.versions.node}.`,
    );
    const stopped = await readState(path.join(old, '.sequencer', 'plan', 'state.json'));
    expect(stopped.stepRuns.store?.tries ?? 0).toBe(0);
  }, 240_000);
});

describe('the outcome an agent declares', () => {
  it('a declared failure with exit 0 and every output present is retried with its reason; a later attempt that declares nothing is judged as before', async () => {
    const ws = await makeTempDir('declared-ws-');
    const agent = await writeAgent(ws);
    await writeJson(path.join(ws, 'plan.json'), { title: 'Declared', steps: { fetch: { title: 'Fetch', instruction: 'Fetch the data into data.md', requiredOutputs: ['data.md'] } } });
    const log = path.join(ws, 'calls.jsonl');
    const r = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_LOG: log, AGENT_WRITE_OUTPUTS: '1', AGENT_DECLARE_FAILED_CALLS: '1' } });
    expect(r.code, output(r)).toBe(0);
    const calls = await readAgentCalls(log);
    expect(calls).toHaveLength(2);
    // Locally the person at the keyboard both asked for and approved the plan.
    expect(calls.map((c) => [c.requester, c.approver])).toEqual(Array(2).fill([os.userInfo().username, os.userInfo().username]));
    expect(calls[1]!.argv.at(-1)).toContain('Previous run ended with: the agent declared the attempt failed: no data on call 1 see the log. Please troubleshoot');
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.fetch?.attempts?.map((a) => [a.outcome, a.exitCode, a.declared])).toEqual([
      ['failed', 0, { status: 'failed', reason: 'no data on call 1 see the log' }],
      ['succeeded', 0, undefined],
    ]);
  });
});

describe('outputTolerance', () => {
  it('one of five outputs missing is done with a warning; two missing is a retry whose prompt names them', async () => {
    const ws = await makeTempDir('tolerance-ws-');
    const agent = await writeAgent(ws);
    const five = (dir: string) => ['a', 'b', 'c', 'd', 'e'].map((n) => `${dir}/${n}.md`);
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Tolerance',
      steps: {
        one: { title: 'One', instruction: 'Write five files in one/', requiredOutputs: five('one'), outputTolerance: 0.2 },
        two: { title: 'Two', instruction: 'Write five files in two/', requiredOutputs: five('two'), outputTolerance: 0.2 },
      },
    });
    const log = path.join(ws, 'calls.jsonl');
    const r = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_LOG: log, AGENT_WRITE_OUTPUTS: '1', AGENT_SKIP_FIRST: 'one/c.md,two/b.md,two/c.md' } });
    expect(r.code, output(r)).toBe(0);
    expect(output(r)).toContain('one attempt 1 is done without 1 of its 5 required outputs (outputTolerance 0.2): one/c.md.');
    const calls = await readAgentCalls(log);
    expect(calls.map((c) => `${c.step}#${c.attempt}`)).toEqual(['one#1', 'two#1', 'two#2']);
    expect(calls[2]!.argv.at(-1)).toContain('Previous run ended with: Missing required outputs: two/b.md, two/c.md (2 of 5; outputTolerance 0.2 allows 1). Please troubleshoot');
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.one?.attempts?.[0]).toMatchObject({ outcome: 'succeeded', missingOutputs: ['one/c.md'] });
    expect(state.artifacts).not.toContain('one/c.md');
    expect(state.status).toBe('DONE');
  });
});

describe('preflight checks', () => {
  it('an unset variable and a failing command stop the run before any attempt, naming both; once they pass, the step runs', async () => {
    const ws = await makeTempDir('preflight-ws-');
    const agent = await writeAgent(ws);
    await writeFile(path.join(ws, 'service-check.mjs'), "import fs from 'node:fs';\nif (!fs.existsSync('service.up')) { console.error('the service is down'); process.exit(1); }\n");
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Preflight',
      preflight: { tools: ['node'], env: ['PREFLIGHT_TOKEN'] },
      steps: { fetch: { title: 'Fetch', instruction: 'Fetch the report', requiredOutputs: ['report.md'], preflight: { commands: [['node', 'service-check.mjs']] } } },
    });
    const log = path.join(ws, 'calls.jsonl');
    const env = { STEP_AGENT_CMD: agent, AGENT_LOG: log, AGENT_WRITE_OUTPUTS: '1' };
    const stopped = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env });
    expect(stopped.code, output(stopped)).toBe(2);
    expect(output(stopped)).toContain('preflight: the environment variable PREFLIGHT_TOKEN is not set\npreflight: the command node service-check.mjs exited with code 1: the service is down');
    expect(await readAgentCalls(log)).toEqual([]);
    expect((await readState(path.join(ws, '.sequencer', 'plan', 'state.json'))).stepRuns.fetch?.tries ?? 0).toBe(0);

    await writeFile(path.join(ws, 'service.up'), '');
    const ran = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env: { ...env, PREFLIGHT_TOKEN: 'set' } });
    expect(ran.code, output(ran)).toBe(0);
    expect((await readAgentCalls(log)).map((c) => c.step)).toEqual(['fetch']);
  });
});

/** Floods its output on a step's first attempt (until its stop file appears); otherwise writes its output quietly. */
const FLOOD_AGENT = `#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
const env = process.env;
fs.appendFileSync(env.CALLS, JSON.stringify({ step: env.SEQUENCER_STEP_ID, attempt: env.SEQUENCER_ATTEMPT, prompt: process.argv.at(-1) }) + '\\n');
const flood = env.SEQUENCER_STEP_ID !== 'shrink' && env.SEQUENCER_ATTEMPT === '1';
if (!flood) {
  for (const out of JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS)) fs.writeFileSync(path.join(env.SEQUENCER_WORKSPACE, out), 'short\\n');
  process.exit(0);
}
const timer = setInterval(() => {
  if (fs.existsSync(env.SEQUENCER_STOP_FILE)) { clearInterval(timer); process.exit(0); }
  process.stdout.write('log line '.repeat(100) + '\\n');
}, 5);
`;

describe('output limits and overflow', () => {
  it('an agent that prints past maxOutputBytes is stopped as overflow; the retry prompt asks for smaller pieces, and onOverflow detours through a remediation step', async () => {
    const ws = await makeTempDir('overflow-ws-');
    const tools = await makeTempDir('overflow-tools-');
    const agent = path.join(tools, 'agent.mjs');
    await writeFile(agent, FLOOD_AGENT);
    await chmod(agent, 0o755);
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Overflow',
      steps: {
        read: { title: 'Read the log', instruction: 'Summarize the log into summary.md', requiredOutputs: ['summary.md'], maxOutputBytes: 8192 },
        scan: { title: 'Scan', instruction: 'Scan the data into scan.md', requiredOutputs: ['scan.md'], maxOutputBytes: 8192, onOverflow: 'shrink' },
        shrink: { title: 'Shrink', instruction: 'Slice the data into parts/', requiredOutputs: ['parts.md'] },
      },
    });
    const calls = path.join(tools, 'calls.jsonl');
    const r = await runCli(['run', '--plan', 'plan.json', '--stop-grace', '5'], { cwd: ws, env: { STEP_AGENT_CMD: agent, CALLS: calls } });
    expect(r.code, output(r)).toBe(0);
    const made = (await readFile(calls, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { step: string; attempt: string; prompt: string });
    expect(made.map((c) => `${c.step}#${c.attempt}`)).toEqual(['read#1', 'read#2', 'scan#1', 'shrink#1', 'scan#2']);
    expect(made[1]!.prompt).toMatch(
      /Step read overflowed \(tries: 1\): the agent's output passed the step's limit of 8192 bytes \(maxOutputBytes\): it printed at least \d+ bytes and was stopped\. Do the step again in smaller pieces: print little, keep large data in files instead of printing it, split the work, and write only the required outputs \(summary\.md\)\. The step: Summarize the log into summary\.md$/,
    );
    expect(made[3]!.prompt).toContain("This is a remediation step for step scan (Scan), whose attempt 1 failed: the agent's output passed the step's limit of 8192 bytes");
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.read?.attempts?.map((a) => [a.outcome, a.stoppedBy])).toEqual([
      ['overflow', 'agent'],
      ['succeeded', undefined],
    ]);
    expect(state.stepRuns.scan?.remediation).toMatchObject({ step: 'shrink', forAttempt: 1, status: 'DONE' });
    expect(state.status).toBe('DONE');
  });
});

describe('steps that run a command', () => {
  it('a run step runs its argv in the workspace (no prompt, no agent), with the attempt environment, and its contract decides', async () => {
    const ws = await makeTempDir('run-step-ws-');
    const agent = await writeAgent(ws);
    const log = path.join(ws, 'calls.jsonl');
    await writeFile(
      path.join(ws, 'count.mjs'),
      "import fs from 'node:fs';\nconst lines = fs.readFileSync('notes.md', 'utf8').split('\\n').length;\nfs.writeFileSync('count.txt', `${process.env.SEQUENCER_STEP_ID} ${process.argv.slice(2).join(' ')}: ${lines} lines\\n`);\n",
    );
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Agent then command',
      steps: {
        write: { title: 'Write notes', instruction: 'Write notes.md', requiredOutputs: ['notes.md'] },
        count: {
          title: 'Count the lines',
          run: ['node', 'count.mjs', 'the', 'notes'],
          requiredOutputs: ['count.txt'],
          validate: [{ file_contains: { path: 'count.txt', pattern: '^count the notes: \\d+ lines$', flags: 'm' } }],
        },
      },
    });
    const r = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_LOG: log, AGENT_WRITE_OUTPUTS: '1' } });
    expect(r.code, output(r)).toBe(0);
    // Only the agent step called the agent.
    expect((await readAgentCalls(log)).map((c) => c.step)).toEqual(['write']);
    expect(await readFile(path.join(ws, 'count.txt'), 'utf8')).toMatch(/^count the notes: \d+ lines\n$/);
    expect(output(r)).toContain('Runs: node count.mjs the notes (timeout 60 min; attempt 1 of 3)');
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.count).toMatchObject({ status: 'DONE', tries: 1 });
  });
});

describe('step groups and routes', () => {
  it('a failing step with retry: group runs its group again from the start; a route on a passed rule sends the plan back once', async () => {
    const ws = await makeTempDir('flow-ws-');
    const agent = await writeAgent(ws);
    const log = path.join(ws, 'calls.jsonl');
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Groups and routes',
      groups: { research: { steps: ['collect', 'summarize'], maxAttempts: 2 } },
      steps: {
        collect: { title: 'Collect', instruction: 'Collect sources into sources.md', requiredOutputs: ['sources.md'] },
        summarize: { title: 'Summarize', instruction: 'Summarize into summary.md', requiredOutputs: ['summary.md'], retry: 'group' },
        review: {
          title: 'Review',
          instruction: 'Review into review.md',
          requiredOutputs: ['review.md'],
          validate: [{ file_exists: { path: 'review.md' } }],
          routes: [{ when: { rule: 0, passes: true }, goto: 'collect', max: 1 }],
        },
        publish: { title: 'Publish', instruction: 'Publish report.md', requiredOutputs: ['report.md'] },
      },
    });
    const r = await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_LOG: log, AGENT_WRITE_OUTPUTS: '1', AGENT_SKIP_FIRST: 'summary.md' } });
    expect(r.code, output(r)).toBe(0);
    const calls = await readAgentCalls(log);
    expect(calls.map((c) => `${c.step}#${c.attempt}`)).toEqual(['collect#1', 'summarize#1', 'collect#2', 'summarize#2', 'review#1', 'collect#3', 'summarize#3', 'review#2', 'publish#1']);
    expect(calls[2]!.argv.at(-1)).toContain('step summarize of group research failed; the group runs again from collect (group attempt 2 of 2): Missing required outputs: summary.md');
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state).toMatchObject({ status: 'DONE', groupRuns: { research: { tries: 2 } }, routeCounts: { 'review#0': 1 } });
  });
});
