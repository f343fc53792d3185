// Plans, state files and git repositories the benchmark runs against. State files are written
// in the documented format (DESIGN §4) so a large plan's state does not need a long run first.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { timeOk } from './measure.mjs';

export function makePlan(n, title = `bench ${n}`) {
  const steps = {};
  for (let i = 1; i <= n; i++) {
    steps[`step-${i}`] = { title: `Step ${i}`, instruction: `Do part ${i} of the benchmark work and report back.` };
  }
  return { title, steps };
}

/**
 * A state document's text as the sequencer writes it: indented up to 500 steps, compact above
 * (src/core/state/state-json.ts), so a large plan is measured the way its heartbeats find it.
 */
export function stateText(state) {
  return `${state.stepQueue.length <= 500 ? JSON.stringify(state, null, 2) : JSON.stringify(state)}\n`;
}

export async function writePlanFile(dir, plan) {
  const file = path.join(dir, 'plan.json');
  await writeFile(file, JSON.stringify(plan, null, 2));
  return file;
}

/**
 * An approved, IN_PROGRESS state for `plan` whose first `done` steps finished in one attempt
 * each. `records: 'minimal'` gives each finished step only the seed fields (status, tries,
 * lastRunIso); `'full'` adds the attempt record a real run leaves behind, so the file is as
 * large as it would be after those steps really ran (about 4× larger).
 */
export function halfDoneState(plan, { planId, done, stepDelayMinutes, workspace, records = 'full' }) {
  const stepQueue = Object.keys(plan.steps);
  const hash = planHash(plan);
  const base = Date.now() - done * 60_000;
  const stepRuns = {};
  for (let i = 0; i < done; i++) {
    const id = stepQueue[i];
    const started = new Date(base + i * 60_000).toISOString();
    const ended = new Date(base + i * 60_000 + 20).toISOString();
    if (records === 'minimal') {
      stepRuns[id] = { status: 'DONE', tries: 1, lastRunIso: started };
      continue;
    }
    stepRuns[id] = {
      status: 'DONE',
      tries: 1,
      lastRunIso: started,
      firstStartedAt: started,
      attempts: [
        {
          n: 1,
          runId: `${planId}/${id}/1`,
          // A pid that cannot be alive: finished attempts are never probed, but keep it honest.
          owner: { kind: 'local', host: 'bench', pid: 2147483646 },
          startedAt: started,
          leaseExpiresAt: new Date(Date.parse(started) + 65 * 60_000).toISOString(),
          logFile: path.join(workspace, '.sequencer', planId, 'state.json.logs', id, 'attempt-1.log'),
          endedAt: ended,
          exitCode: 0,
          outcome: 'succeeded',
          error: null,
          durationMs: 20,
        },
      ],
      stdout: '',
      error: null,
    };
  }
  return {
    version: 1,
    planId,
    revision: done * 3 + 1,
    status: 'IN_PROGRESS',
    plan,
    planHash: hash,
    stepQueue,
    currentStep: done,
    stepRuns,
    stepDelayMinutes,
    notBefore: null,
    blockers: [],
    lastHeartbeatIso: new Date(base + done * 60_000).toISOString(),
    artifacts: [],
    approval: { by: 'bench', at: new Date(base - 60_000).toISOString(), planHash: hash },
    cancelRequested: null,
    inbox: { lastCommentId: 0 },
  };
}

/** Same as src/core/plan/plan-hash.ts (canonical JSON, sorted keys); kept here so bench/ needs no build of src. */
function planHash(plan) {
  const canonical = (v) => {
    if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonical(x))).join(',')}]`;
    if (v && typeof v === 'object') {
      return `{${Object.keys(v)
        .sort()
        .filter((k) => v[k] !== undefined)
        .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
        .join(',')}}`;
    }
    return JSON.stringify(v) ?? 'null';
  };
  const hashed = { title: plan.title ?? null, steps: plan.steps, stepQueue: plan.stepQueue ?? Object.keys(plan.steps) };
  return `sha256:${createHash('sha256').update(canonical(hashed)).digest('hex')}`;
}

/**
 * A bare remote and a clone of it with one commit on main. Identity lives in the clone's own
 * config because CI machines have no global git config.
 */
export async function makeGitPair(dir) {
  const remote = path.join(dir, 'remote.git');
  const clone = path.join(dir, 'clone');
  await mkdir(clone, { recursive: true });
  const git = (cwd, ...args) => timeOk(['git', ...args], { cwd });
  await git(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  await git(clone, 'init', '-q', '-b', 'main');
  await git(clone, 'config', 'user.name', 'bench');
  await git(clone, 'config', 'user.email', 'bench@example.invalid');
  await writeFile(path.join(clone, 'README.md'), '# bench workspace\n');
  await git(clone, 'add', 'README.md');
  await git(clone, 'commit', '-q', '-m', 'seed');
  await git(clone, 'remote', 'add', 'origin', remote);
  await git(clone, 'push', '-q', 'origin', 'main');
  return { remote, clone };
}
