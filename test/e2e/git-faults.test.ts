// Fault injection against the git store (DESIGN §5–§6), with the bundled CLI, real processes and
// real git: a bare repository stands in for GitHub and every run gets a fresh clone, as an
// ephemeral runner would. Everything is judged from the remote's branch history, which is all a
// later run can see.
//
// Kill moments and start offsets come from a seeded generator: GIT_FAULTS_SEED=<printed seed>
// replays the same schedule (process timing still varies from run to run). The kill and race
// campaigns run one representative plan in `npm test` and at full strength (200 kills, five
// rounds of 8 racing ticks) under `npm run test:faults` (test/helpers/fault-campaigns.ts).
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from '../../src/core/state/types.js';
import {
  agentAlive,
  branchHistory,
  checkHistory,
  freshClone,
  g,
  git,
  installHook,
  isolateGitConfig,
  makeRemote,
  makeTools,
  outputsOf,
  readExecutions,
  remoteState,
  stepIdsOf,
  tipOf,
  type Tools,
} from './git-remote.js';
import { copyTree, makeTempDir, output, removeTempDirs, runCli, startCli, waitFor, type CliResult } from './helpers.js';
import { seededRandom } from '../fakes/seeded-random.js';
import { FAULT_CAMPAIGN, strength } from '../helpers/fault-campaigns.js';

const seed = Number(process.env.GIT_FAULTS_SEED ?? Date.now() % 2 ** 31);
const rnd = seededRandom(seed);
let restoreGitConfig = () => {};

beforeAll(async () => {
  restoreGitConfig = await isolateGitConfig(await makeTempDir('git-faults-config-'));
  console.log(`git-faults: seed ${seed} (replay with GIT_FAULTS_SEED=${seed})`);
});
afterAll(async () => {
  restoreGitConfig();
  await removeTempDirs();
});

const between = ([lo, hi]: readonly [number, number]) => Math.floor(lo + rnd() * (hi - lo + 1));

const PLAN_ID = 'p';
const branchOf = (planId: string) => `sequencer/${planId}`;
const statePathOf = (planId: string) => `.sequencer/${planId}/state.json`;
// The CLI caps attempts per step at 100 (MAX_ATTEMPTS); every kill mid-step costs one.
const MAX_ATTEMPTS = '100';

// ---------------------------------------------------------------------------------------------
// 1. kill -9 of `run` at random moments, a fresh clone for every restart

const KILLS_WANTED = strength(5, 200);
const CRASH_STEPS = strength(4, 10);
/** Plans crashed side by side, each on its own remote (the machine has 2 cores). */
const LANES = strength(1, 2);
/** Kills per plan at most; then a run is let finish (a plan also ends on its own when runs get through). */
const KILLS_PER_PLAN = strength<readonly [number, number]>([5, 5], [40, 60]);
/**
 * Kill moments are drawn from [start, start + KILL_SPAN_MS]. `run` takes ~250 ms to reach its
 * first write on an idle machine (much longer on a busy one), then ~280 ms per step; `start`
 * follows the start-up time (up after a kill that landed in start-up, down otherwise), so about a
 * quarter of the kills hit start-up and the rest spread over checkpoints, agents, commits and
 * pushes however loaded the machine is. The few kills of `npm test` follow it in bigger steps.
 */
const KILL_SPAN_MS = 500;
const KILL_START_MS = { initial: 150, min: 20, max: 5_000, up: strength(120, 30), down: 10 } as const;

type Phase = 'start-up' | 'state written, not committed' | 'committed, push not on remote' | 'attempt in flight' | 'between writes';

/**
 * Where a kill landed, read from what it left behind. Approximate: git children of the killed
 * run keep going (only the CLI process is killed), so a push may still land after this look.
 */
async function killPhase(ws: string, remote: string, pid: number): Promise<Phase> {
  const branch = await git(['symbolic-ref', '-q', '--short', 'HEAD'], { cwd: ws, allowFail: true });
  if (branch.stdout.trim() !== branchOf(PLAN_ID)) return 'start-up';
  const revisionIn = (text: string | null): number | null => {
    if (text === null) return null;
    try {
      return (JSON.parse(text) as State).revision ?? 0;
    } catch {
      return -1; // caught halfway through writing it
    }
  };
  const workingRev = revisionIn(await readFile(path.join(ws, statePathOf(PLAN_ID)), 'utf8').catch(() => null));
  const committed = await git(['show', `HEAD:${statePathOf(PLAN_ID)}`], { cwd: ws, allowFail: true });
  const committedRev = revisionIn(committed.code === 0 ? committed.stdout : null);
  if (workingRev !== committedRev) return 'state written, not committed';
  const onRemote = await remoteState(remote, branchOf(PLAN_ID), statePathOf(PLAN_ID));
  if ((committedRev ?? 0) > (onRemote?.revision ?? 0)) return 'committed, push not on remote';
  const current = onRemote?.stepQueue[onRemote.currentStep];
  const run = current ? onRemote?.stepRuns[current] : undefined;
  const last = run?.attempts?.at(-1);
  if (run?.status === 'IN_PROGRESS' && last?.owner?.kind === 'local' && last.owner.pid === pid) return 'attempt in flight';
  return 'between writes';
}

interface CrashTotals {
  kills: number;
  runs: number;
  commits: number;
  plans: number;
  extraStarts: number;
  extraCompleted: number;
  interrupted: number;
  phases: Record<string, number>;
}

/** Crashes one plan until it is DONE, with at most `maxKills` kills; returns how many it made. */
async function crashOnePlan(lane: number, maxKills: number, totals: CrashTotals): Promise<number> {
  const dir = await makeTempDir(`git-crash-${lane}-`);
  const remote = await makeRemote(dir);
  const tools = await makeTools(CRASH_STEPS, 'Crash safety on git');
  const planNo = ++totals.plans;
  const args = (ws: string) => [
    'run',
    '--plan',
    tools.planFile,
    '--store',
    'git',
    '--workspace',
    ws,
    '--plan-id',
    PLAN_ID,
    '--agent',
    tools.agent,
    '--max-attempts',
    MAX_ATTEMPTS,
    '--grace',
    '1',
    '--quiet',
  ];
  const budget = Math.min(between(KILLS_PER_PLAN), maxKills);
  let kills = 0;
  let killStart: number = KILL_START_MS.initial;
  for (let cycle = 1; ; cycle++) {
    if ((await remoteState(remote, branchOf(PLAN_ID), statePathOf(PLAN_ID)))?.status === 'DONE') break;
    expect(cycle, `plan ${planNo}: still not DONE after ${kills} kills`).toBeLessThanOrEqual(budget + 15);
    const ws = await freshClone(remote, path.join(dir, `run-${cycle}`));
    const proc = startCli(args(ws), { cwd: ws, env: { EXEC_LOG: tools.execLog }, timeoutMs: 60_000 });
    totals.runs++;
    if (kills >= budget) {
      const r = await proc.result;
      expect(r.code, output(r)).toBe(0);
      continue;
    }
    const finished = await Promise.race([proc.result, sleep(between([killStart, killStart + KILL_SPAN_MS])).then(() => null)]);
    if (finished) {
      expect(finished.code, output(finished)).toBe(0);
      continue;
    }
    proc.child.kill('SIGKILL');
    const r = await proc.result;
    if (r.signal !== 'SIGKILL') {
      expect(r.code, output(r)).toBe(0);
      continue;
    }
    kills++;
    totals.kills++;
    const phase = await killPhase(ws, remote, proc.pid);
    totals.phases[phase] = (totals.phases[phase] ?? 0) + 1;
    killStart = phase === 'start-up' ? Math.min(killStart + KILL_START_MS.up, KILL_START_MS.max) : Math.max(killStart - KILL_START_MS.down, KILL_START_MS.min);
  }

  const stepIds = stepIdsOf(CRASH_STEPS);
  // Orphaned agents of killed runs finish or are reaped by the next run; wait for the last ones.
  await waitFor(async () => (await readExecutions(tools.execLog)).every((e) => e.event === 'end' || !agentAlive(e.pid, tools.agent)), 5_000, 'orphaned agents to end');
  const history = await branchHistory(remote, branchOf(PLAN_ID), statePathOf(PLAN_ID), stepIds.flatMap(outputsOf));
  const facts = checkHistory(history, stepIds, outputsOf);
  for (const id of stepIds) expect(await g(remote, 'show', `refs/heads/${branchOf(PLAN_ID)}:out/${id}.md`)).toContain(`# ${id}`);

  const executions = await readExecutions(tools.execLog);
  const starts = executions.filter((e) => e.event === 'start');
  const attemptKeys = starts.map((e) => `${e.step}#${e.attempt}`);
  expect(new Set(attemptKeys).size, `plan ${planNo}: an attempt's agent ran twice (${attemptKeys.join(' ')})`).toBe(attemptKeys.length);
  for (const e of starts) {
    const recorded = facts.finalState.stepRuns[e.step]?.attempts?.length ?? 0;
    expect(e.attempt, `plan ${planNo}: agent ran ${e.step} attempt ${e.attempt}, but only ${recorded} attempts are on record`).toBeLessThanOrEqual(recorded);
  }
  for (const id of stepIds)
    expect(
      starts.some((e) => e.step === id),
      `${id} never ran`,
    ).toBe(true);
  const extraStarts = starts.length - CRASH_STEPS;
  expect(extraStarts, `plan ${planNo}: extra agent executions vs ${kills} kills`).toBeLessThanOrEqual(kills);
  totals.extraStarts += extraStarts;
  totals.extraCompleted += executions.length - starts.length - CRASH_STEPS;
  totals.commits += facts.commits;
  totals.interrupted += facts.interrupted;
  return kills;
}

describe('git store: kill -9 of `run`, a fresh clone for every restart', FAULT_CAMPAIGN, () => {
  it(`keeps the remote history truthful through ${KILLS_WANTED} kills`, async () => {
    const t0 = Date.now();
    const totals: CrashTotals = { kills: 0, runs: 0, commits: 0, plans: 0, extraStarts: 0, extraCompleted: 0, interrupted: 0, phases: {} };
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const share = Math.ceil(KILLS_WANTED / LANES);
        for (let kills = 0; kills < share;) kills += await crashOnePlan(lane, share - kills, totals);
      }),
    );
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(
      `git-faults crash: ${totals.kills} kills (SIGKILL), ${totals.runs} runs (fresh clones), ${totals.plans} plans of ${CRASH_STEPS} steps, ` +
        `${totals.commits} state commits, ${totals.interrupted} interrupted attempts, ${totals.extraStarts} extra agent executions ` +
        `(${totals.extraCompleted} ran to the end), ${seconds} s; kills by phase: ${JSON.stringify(totals.phases)}; seed ${seed}`,
    );
    expect(totals.kills).toBeGreaterThanOrEqual(KILLS_WANTED);
    expect(totals.extraStarts).toBeLessThanOrEqual(totals.kills);
  }, 300_000);
});

// ---------------------------------------------------------------------------------------------
// 2. Concurrent `check` ticks, each in its own fresh clone, against one remote

/**
 * Rounds (one plan each) the campaign plays: all of them at full strength; in `npm test`, rounds
 * until the ticks have both lost a push and found a live attempt (one round on an idle machine;
 * on a busy one, ticks start so slowly that all of them may fetch before the first checkpoint).
 */
const RACE_ROUNDS = { min: strength(1, 5), max: 5 };
const RACE_STEPS = 6;
const TICKS_PER_WAVE = 8;
/** Half the ticks start together (a race for the same checkpoint); the rest arrive while steps run. */
const LATE_START_MS = [50, 1500] as const;

interface TickReport {
  outcome: string;
  attempts: number;
}

/** The `Plan <id> <STATUS>: <outcome> ...; N attempt(s) this heartbeat.` line `check` prints (attempt or attempts). */
function tickReport(stdout: string): TickReport {
  const m = /Plan \S+ [A-Z_]+: ([a-z-]+).*; (\d+) attempts? this heartbeat\./.exec(stdout);
  expect(m, `no tick report in:\n${stdout}`).not.toBeNull();
  return { outcome: m![1]!, attempts: Number(m![2]) };
}

/** No two intervals overlap (touching at the same millisecond is fine). */
function expectSerial(intervals: Array<{ what: string; start: number; end: number }>, label: string): void {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    expect(cur.start, `${label}: ${cur.what} started at ${cur.start} while ${prev.what} ran until ${prev.end}`).toBeGreaterThanOrEqual(prev.end);
  }
}

describe('git store: concurrent ticks in separate clones', FAULT_CAMPAIGN, () => {
  it(`${TICKS_PER_WAVE} concurrent check ticks never run a step twice at once, lose a revision or record a step DONE twice`, async () => {
    const t0 = Date.now();
    const dir = await makeTempDir('git-race-');
    const remote = await makeRemote(dir);
    const tools = await makeTools(RACE_STEPS, 'Races on git');
    const stepIds = stepIdsOf(RACE_STEPS);
    const outcomes: Record<string, number> = {};
    let clones = 0;
    let waves = 0;
    let commits = 0;
    // Ticks that ran at least one step, beyond the first per plan: the plan changed hands mid-way.
    let handovers = 0;
    const raced = () => (outcomes.conflict ?? 0) > 0 && (outcomes.busy ?? 0) > 0;
    let rounds = 0;
    for (let round = 1; round <= RACE_ROUNDS.max && (round <= RACE_ROUNDS.min || !raced()); round++) {
      rounds = round;
      const planId = `race-${round}`;
      const execLog = path.join(tools.dir, `executions-${round}.jsonl`);
      const init = await runCli(['init', '--plan', tools.planFile, '--approve', '--store', 'git', '--workspace', await freshClone(remote, path.join(dir, `init-${round}`)), '--plan-id', planId]);
      expect(init.code, output(init)).toBe(0);
      let startedByTicks = 0;
      let ticksThatRan = 0;
      for (let wave = 1; (await remoteState(remote, branchOf(planId), statePathOf(planId)))?.status !== 'DONE'; wave++) {
        expect(wave, `${planId} not DONE after ${wave - 1} waves`).toBeLessThanOrEqual(4);
        waves++;
        const workspaces = await Promise.all(Array.from({ length: TICKS_PER_WAVE }, (_, i) => freshClone(remote, path.join(dir, `${planId}-w${wave}-t${i}`))));
        clones += workspaces.length;
        const results = await Promise.all(
          workspaces.map(async (ws, i) => {
            if (i >= TICKS_PER_WAVE / 2) await sleep(between(LATE_START_MS));
            // The race is for the store. The base branch never moves here, and syncing with it (one
            // more look at the remote before the first checkpoint) only widens the moment in which
            // every tick of a wave meets at that checkpoint, so on a busy machine none would find a
            // live attempt.
            return runCli(['check', '--store', 'git', '--workspace', ws, '--plan-id', planId, '--agent', tools.agent, '--max-attempts', MAX_ATTEMPTS, '--sync-base', 'off'], {
              cwd: ws,
              env: { EXEC_LOG: execLog, AGENT_SLEEP_MS: '30-120' },
            });
          }),
        );
        for (const r of results) {
          expect(r.code, output(r)).toBe(0);
          const report = tickReport(r.stdout);
          outcomes[report.outcome] = (outcomes[report.outcome] ?? 0) + 1;
          startedByTicks += report.attempts;
          if (report.attempts > 0) ticksThatRan++;
        }
      }
      handovers += ticksThatRan - 1;

      // A tick on a finished plan is a no-op and makes no commit.
      const doneTip = await tipOf(remote, branchOf(planId));
      const idle = await runCli(['check', '--store', 'git', '--workspace', await freshClone(remote, path.join(dir, `${planId}-idle`)), '--plan-id', planId, '--agent', tools.agent]);
      expect(idle.code, output(idle)).toBe(0);
      expect(tickReport(idle.stdout)).toEqual({ outcome: 'done', attempts: 0 });
      expect(await tipOf(remote, branchOf(planId))).toBe(doneTip);

      const history = await branchHistory(remote, branchOf(planId), statePathOf(planId), stepIds.flatMap(outputsOf));
      const facts = checkHistory(history, stepIds, outputsOf);
      commits += facts.commits;
      // Every attempt a tick started is on record, and none twice.
      expect(facts.attempts, `${planId}: attempts on record vs attempts the ticks reported`).toBe(startedByTicks);
      const attempts = stepIds.flatMap((id) =>
        (facts.finalState.stepRuns[id]?.attempts ?? []).map((a) => ({ what: `${id} attempt ${a.n}`, key: `${id}#${a.n}`, start: Date.parse(a.startedAt), end: Date.parse(a.endedAt ?? '') })),
      );
      for (const a of attempts) expect(a.end, `${planId}: ${a.what} has no end`).toBeGreaterThanOrEqual(a.start);
      // One step runs at a time in the whole plan, so this holds across steps too, not only within one.
      expectSerial(attempts, `${planId}: attempt records`);

      const executions = await readExecutions(execLog);
      const runs = new Map<string, { start?: number; end?: number; count: number }>();
      for (const e of executions) {
        const key = `${e.step}#${e.attempt}`;
        const run = runs.get(key) ?? { count: 0 };
        if (e.event === 'start') run.count++;
        run[e.event] = e.t;
        runs.set(key, run);
      }
      expect([...runs.keys()].sort(), `${planId}: agent executions vs attempts on record`).toEqual(attempts.map((a) => a.key).sort());
      for (const a of attempts) {
        const run = runs.get(a.key)!;
        expect(run.count, `${planId}: ${a.what} ran its agent ${run.count} times`).toBe(1);
        expect(run.end, `${planId}: ${a.what}'s agent never finished`).toBeDefined();
        // The agent ran inside its attempt record's window: checkpoint before, completion after.
        expect(run.start!, `${planId}: ${a.what}'s agent started before its checkpoint`).toBeGreaterThanOrEqual(a.start);
        expect(run.end!, `${planId}: ${a.what}'s agent ended after its completion`).toBeLessThanOrEqual(a.end);
      }
      expectSerial(
        [...runs].map(([key, r]) => ({ what: `agent of ${key}`, start: r.start!, end: r.end! })),
        `${planId}: agent start/end log`,
      );
    }
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(
      `git-faults races: ${rounds} plans of ${RACE_STEPS} steps, ${waves} waves of ${TICKS_PER_WAVE} concurrent check ticks (${clones} fresh clones), ` +
        `${commits} state commits; tick outcomes ${JSON.stringify(outcomes)}; ${handovers} mid-plan handovers; ${seconds} s`,
    );
    // The ticks really raced: some lost a push, some found a live attempt of another tick.
    expect(outcomes.conflict ?? 0).toBeGreaterThan(0);
    expect(outcomes.busy ?? 0).toBeGreaterThan(0);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// 3. A remote that refuses, moves under a push, cannot be reached, or holds a broken state

/** The step each fault hits, and one after it: the plan still completes once the fault is gone. */
const ERROR_STEPS = 2;

let planRemote: Promise<string> | undefined;

/**
 * A remote with an approved plan `p` of ERROR_STEPS steps on its work branch (revision 1), its
 * own tools and folder. The remote is a copy of one the CLI's `init` made once for the file.
 */
async function planOnRemote(): Promise<{ dir: string; remote: string; tools: Tools }> {
  planRemote ??= (async () => {
    const made = await makeTempDir('git-errors-template-');
    const remote = await makeRemote(made);
    const tools = await makeTools(ERROR_STEPS, 'Errors on git');
    const init = await runCli(['init', '--plan', tools.planFile, '--approve', '--store', 'git', '--workspace', await freshClone(remote, path.join(made, 'init')), '--plan-id', PLAN_ID]);
    expect(init.code, output(init)).toBe(0);
    return remote;
  })();
  const dir = await makeTempDir('git-errors-');
  const remote = path.join(dir, 'remote.git');
  await copyTree([await planRemote], remote);
  return { dir, remote, tools: await makeTools(ERROR_STEPS, 'Errors on git') };
}

function check(ws: string, tools: Tools): Promise<CliResult> {
  return runCli(['check', '--store', 'git', '--workspace', ws, '--plan-id', PLAN_ID, '--agent', tools.agent, '--max-attempts', MAX_ATTEMPTS], {
    cwd: ws,
    env: { EXEC_LOG: tools.execLog },
  });
}

const isAncestor = async (repo: string, older: string, newer: string) => (await git(['merge-base', '--is-ancestor', older, newer], { cwd: repo, allowFail: true })).code === 0;

async function expectCompletes(remote: string, ws: string, tools: Tools): Promise<State> {
  const r = await check(ws, tools);
  expect(r.code, output(r)).toBe(0);
  const stepIds = stepIdsOf(ERROR_STEPS);
  return checkHistory(await branchHistory(remote, branchOf(PLAN_ID), statePathOf(PLAN_ID), stepIds.flatMap(outputsOf)), stepIds, outputsOf).finalState;
}

describe('git store: remote faults', () => {
  it('a push the remote refuses fails the tick clearly, loses nothing and never rewinds the remote', async () => {
    const { dir, remote, tools } = await planOnRemote();
    const marker = path.join(dir, 'refuse-once');
    await writeFile(marker, '');
    // Refuses the first push that completes a step (the one carrying the agent's outputs).
    await installHook(
      remote,
      'pre-receive',
      `#!/bin/sh
while read old new ref; do
  if [ -f '${marker}' ] && git log -1 --format=%s "$new" | grep -q 'attempt 1 succeeded'; then
    rm -f '${marker}'
    echo "policy: $ref is frozen right now" >&2
    exit 1
  fi
done
exit 0
`,
    );
    const before = await tipOf(remote, branchOf(PLAN_ID));
    const ws = await freshClone(remote, path.join(dir, 'runner'));
    const failed = await check(ws, tools);
    expect(failed.code, output(failed)).toBe(1);
    expect(failed.stderr).toMatch(/did not become durable: git push to origin sequencer\/p failed: HEAD:refs\/heads\/sequencer\/p \[remote rejected\] \(pre-receive hook declined\)/);
    expect(failed.stderr).toContain('policy: refs/heads/sequencer/p is frozen right now');

    // The checkpoint that preceded the refused completion stays; nothing was rewound.
    const after = await tipOf(remote, branchOf(PLAN_ID));
    expect(await isAncestor(remote, before, after)).toBe(true);
    const onRemote = (await remoteState(remote, branchOf(PLAN_ID), statePathOf(PLAN_ID)))!;
    expect(onRemote.revision).toBe(2);
    expect(onRemote.stepRuns.s1?.status).toBe('IN_PROGRESS');
    // The clone claims nothing the remote lacks, and keeps the agent's work on disk.
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(after);
    expect((JSON.parse(await readFile(path.join(ws, statePathOf(PLAN_ID)), 'utf8')) as State).revision).toBe(2);
    expect(await readFile(path.join(ws, 'out/s1.md'), 'utf8')).toContain('# s1');

    // The runner retries in the same clone: the refused attempt's work is still there and meets
    // the step's contract, so it is accepted (crash acceptance) without another agent run.
    const final = await expectCompletes(remote, ws, tools);
    expect(final.stepRuns.s1?.attempts?.map((a) => a.outcome)).toEqual(['recovered']);
    expect(await isAncestor(remote, after, await tipOf(remote, branchOf(PLAN_ID)))).toBe(true);
  });

  it('a push that loses the race at the remote ref lock gives the tick up quietly', async () => {
    const { dir, remote, tools } = await planOnRemote();
    const base = await tipOf(remote, branchOf(PLAN_ID));
    // Another tick's write (revision 2), parked on a side branch for the hook to publish.
    const other = await freshClone(remote, path.join(dir, 'other'));
    await g(other, 'checkout', '-q', branchOf(PLAN_ID));
    const file = path.join(other, statePathOf(PLAN_ID));
    const state = JSON.parse(await readFile(file, 'utf8')) as State;
    await writeFile(file, `${JSON.stringify({ ...state, revision: 2, lastHeartbeatIso: new Date().toISOString() }, null, 2)}\n`);
    await g(other, 'commit', '-q', '-am', 'another tick');
    await g(other, 'push', '-q', 'origin', 'HEAD:refs/heads/competitor');
    const competitor = await g(other, 'rev-parse', 'HEAD');
    const marker = path.join(dir, 'race-once');
    await writeFile(marker, '');
    // Moves the branch after receive-pack's fast-forward check, as a concurrent push would:
    // the ref lock then fails with "cannot lock ref ...: is at X but expected Y".
    await installHook(
      remote,
      'pre-receive',
      `#!/bin/sh
if [ -f '${marker}' ]; then
  rm -f '${marker}'
  env -u GIT_QUARANTINE_PATH git update-ref refs/heads/${branchOf(PLAN_ID)} ${competitor} ${base}
fi
exit 0
`,
    );
    const ws = await freshClone(remote, path.join(dir, 'runner'));
    const lost = await check(ws, tools);
    expect(lost.code, output(lost)).toBe(0);
    expect(lost.stderr).toMatch(/warning: Giving up this tick: Another tick wrote revision 2/);
    expect(lost.stdout).toMatch(/Plan p IN_PROGRESS: conflict/);
    expect(lost.stderr).not.toMatch(/^error/m);
    expect(await tipOf(remote, branchOf(PLAN_ID))).toBe(competitor);
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(competitor);
    expect(await readExecutions(tools.execLog), 'no agent runs without a durable checkpoint').toEqual([]);

    const final = await expectCompletes(remote, await freshClone(remote, path.join(dir, 'next')), tools);
    expect(final.stepRuns.s1?.attempts?.map((a) => a.outcome)).toEqual(['succeeded']);
  });

  it('a ref that cannot be locked while the remote stays put is an error, not a lost race', async () => {
    const { dir, remote, tools } = await planOnRemote();
    const lock = path.join(remote, 'refs', 'heads', ...branchOf(PLAN_ID).split('/')) + '.lock';
    const marker = path.join(dir, 'lock-once');
    await writeFile(marker, '');
    // A stale lock file (a crashed process on the server) makes the update fail without any other writer.
    await installHook(remote, 'pre-receive', `#!/bin/sh\nif [ -f '${marker}' ]; then rm -f '${marker}'; : > '${lock}'; fi\nexit 0\n`);
    const before = await tipOf(remote, branchOf(PLAN_ID));
    const ws = await freshClone(remote, path.join(dir, 'runner'));
    const failed = await check(ws, tools);
    expect(failed.code, output(failed)).toBe(1);
    expect(failed.stderr).toMatch(/did not become durable: .*\[remote rejected\] \(failed to update ref\)/);
    expect(await tipOf(remote, branchOf(PLAN_ID))).toBe(before);
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(before);
    expect(await readExecutions(tools.execLog)).toEqual([]);

    await unlink(lock);
    await expectCompletes(remote, ws, tools);
  });

  it('an unreachable remote fails with a message naming the remote', async () => {
    const { dir, remote, tools } = await planOnRemote();
    const tip = await tipOf(remote, branchOf(PLAN_ID));
    const missing = path.join(dir, 'gone.git');
    for (const command of ['check', 'run']) {
      const ws = await freshClone(remote, path.join(dir, `runner-${command}`));
      await g(ws, 'remote', 'set-url', 'origin', missing);
      const r =
        command === 'check' ? await check(ws, tools) : await runCli(['run', '--plan', tools.planFile, '--store', 'git', '--workspace', ws, '--plan-id', PLAN_ID, '--agent', tools.agent], { cwd: ws });
      expect(r.code, output(r)).not.toBe(0);
      expect(r.stderr).toMatch(/Cannot fetch branch sequencer\/p from remote origin/);
      expect(r.stderr).toContain(missing);
      expect(await g(ws, 'symbolic-ref', '--short', 'HEAD'), `${command}: the workspace was not switched`).toBe('main');
    }
    expect(await tipOf(remote, branchOf(PLAN_ID))).toBe(tip);
    expect(await readExecutions(tools.execLog)).toEqual([]);
  });

  it('a state edited by hand into something invalid is reported (exit 3) and never overwritten', async () => {
    const { dir, remote, tools } = await planOnRemote();
    const person = await freshClone(remote, path.join(dir, 'person'));
    await g(person, 'checkout', '-q', branchOf(PLAN_ID));
    const file = path.join(person, statePathOf(PLAN_ID));
    const valid = JSON.parse(await readFile(file, 'utf8')) as State;
    const cases = [
      { text: '{"revision": 3, "plan": ', expected: /State \.sequencer\/p\/state\.json on branch sequencer\/p \(remote origin\) is not valid JSON/ },
      { text: JSON.stringify({ ...valid, currentStep: 'two' }), expected: /Invalid state \.sequencer\/p\/state\.json on branch sequencer\/p[\s\S]*currentStep/ },
    ];
    for (const [i, { text, expected }] of cases.entries()) {
      await writeFile(file, text);
      await g(person, 'commit', '-q', '-am', `hand edit ${i + 1}`);
      await g(person, 'push', '-q', 'origin', branchOf(PLAN_ID));
      const tip = await tipOf(remote, branchOf(PLAN_ID));
      for (const command of ['check', 'run']) {
        const ws = await freshClone(remote, path.join(dir, `runner-${i}-${command}`));
        const r =
          command === 'check'
            ? await check(ws, tools)
            : await runCli(['run', '--plan', tools.planFile, '--store', 'git', '--workspace', ws, '--plan-id', PLAN_ID, '--agent', tools.agent], { cwd: ws });
        expect(r.code, output(r)).toBe(3);
        expect(r.stderr).toMatch(expected);
        expect(await tipOf(remote, branchOf(PLAN_ID)), `${command} after hand edit ${i + 1}`).toBe(tip);
        expect(await readFile(path.join(ws, statePathOf(PLAN_ID)), 'utf8')).toBe(text);
      }
    }
    expect(await readExecutions(tools.execLog)).toEqual([]);
  });
});
