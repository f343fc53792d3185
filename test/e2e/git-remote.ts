// Git fixtures for end-to-end tests of the git store: a bare remote standing in for GitHub, fresh
// clones standing in for ephemeral runners, and readers of what the work branch's history says.
// Invariants are checked on the remote's own history, because that is all a later run can see.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { GitRunner, type GitResult } from '../../src/adapters/git/git.js';
import type { State } from '../../src/core/state/types.js';
import { parseState } from '../../src/core/state/validate-state.js';
import { makeTempDir, processAlive, writeJson } from './helpers.js';
import { withoutServerGc } from '../helpers/bare-remote.js';

/** One git command in `cwd` through the product's runner (its hardening; no guard). */
export function git(args: string[], opts: { cwd: string; allowFail?: boolean }): Promise<GitResult> {
  return new GitRunner({ cwd: opts.cwd }).run(args, { allowFail: opts.allowFail ?? false });
}

export async function g(cwd: string, ...args: string[]): Promise<string> {
  return (await git(args, { cwd })).stdout.trim();
}

/**
 * Points git at an empty global config and no system config (CI runners have no identity), for
 * this process and every CLI it starts. Returns a function that restores the environment.
 */
export async function isolateGitConfig(dir: string): Promise<() => void> {
  const emptyConfig = path.join(dir, 'empty-gitconfig');
  await writeFile(emptyConfig, '');
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries({ GIT_CONFIG_GLOBAL: emptyConfig, GIT_CONFIG_NOSYSTEM: '1' })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

const IDENTITY = ['-c', 'user.name=A Person', '-c', 'user.email=person@example.com'];

/** A bare repository `remote.git` in `dir` with one commit (a README, and `files`) on main. */
export async function makeRemote(dir: string, files: Record<string, string> = {}): Promise<string> {
  const remote = path.join(dir, 'remote.git');
  const seed = path.join(dir, 'seed');
  await mkdir(dir, { recursive: true });
  await g(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  await withoutServerGc(remote);
  await g(dir, 'init', '-q', '-b', 'main', seed);
  for (const [name, text] of Object.entries({ 'README.md': '# project\n', ...files })) await writeFile(path.join(seed, name), text);
  await g(seed, 'add', '-A');
  await g(seed, ...IDENTITY, 'commit', '-q', '-m', 'seed');
  await g(seed, 'push', '-q', remote, 'main');
  return remote;
}

/** A new clone of `remote` at `dir` (on main), with a committer identity in its own config. */
export async function freshClone(remote: string, dir: string): Promise<string> {
  // `clone -c` writes the identity into the new repository's config in the same process.
  await g(path.dirname(dir), 'clone', '-q', ...IDENTITY, remote, dir);
  return dir;
}

/** Installs a hook in a bare repository (a POSIX sh script: git, not our code, runs it). */
export async function installHook(remote: string, name: string, script: string): Promise<void> {
  const file = path.join(remote, 'hooks', name);
  await writeFile(file, script);
  await chmod(file, 0o755);
}

export const tipOf = (remote: string, branch: string): Promise<string> => g(remote, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`);

/** The state at the tip of the remote's work branch, or null when there is none yet. */
export async function remoteState(remote: string, branch: string, statePath: string): Promise<State | null> {
  const res = await git(['show', `refs/heads/${branch}:${statePath}`], { cwd: remote, allowFail: true });
  return res.code === 0 ? (JSON.parse(res.stdout) as State) : null;
}

/**
 * `git cat-file --batch` (objects) or `--batch-check` (existence) for many specs in one process.
 * Returns each object's text, `''` for an existing object under --batch-check, or null if missing.
 */
export function catFile(repo: string, specs: string[], mode: '--batch' | '--batch-check'): Promise<Array<string | null>> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', mode], { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`git cat-file ${mode} failed (exit ${code}): ${stderr}`));
      const out = Buffer.concat(chunks);
      const results: Array<string | null> = [];
      let pos = 0;
      for (let i = 0; i < specs.length; i++) {
        const eol = out.indexOf(0x0a, pos);
        const header = out.subarray(pos, eol).toString('utf8');
        pos = eol + 1;
        if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
          results.push(null);
          continue;
        }
        if (mode === '--batch-check') {
          results.push('');
          continue;
        }
        const size = Number(header.split(' ')[2]);
        results.push(out.subarray(pos, pos + size).toString('utf8'));
        pos += size + 1; // the object, then a newline
      }
      resolve(results);
    });
    child.stdin.end(specs.map((s) => `${s}\n`).join(''));
  });
}

export interface HistoryEntry {
  sha: string;
  subject: string;
  /** Null for commits before the plan existed (the seed commit of main). */
  state: State | null;
  /** Which of the plan's required outputs the commit's tree holds. */
  outputs: Set<string>;
}

/** The work branch's first-parent history, oldest first, with the state each commit records. */
export async function branchHistory(remote: string, branch: string, statePath: string, outputs: string[]): Promise<HistoryEntry[]> {
  const log = await g(remote, 'log', '--first-parent', '--reverse', '--format=%H %s', `refs/heads/${branch}`);
  const commits = log.split('\n').map((line) => ({ sha: line.slice(0, 40), subject: line.slice(41) }));
  const texts = await catFile(
    remote,
    commits.map((c) => `${c.sha}:${statePath}`),
    '--batch',
  );
  const present = await catFile(
    remote,
    commits.flatMap((c) => outputs.map((o) => `${c.sha}:${o}`)),
    '--batch-check',
  );
  return commits.map((c, i) => {
    const text = texts[i] ?? null;
    let state: State | null = null;
    if (text !== null) {
      try {
        state = parseState(JSON.parse(text));
      } catch (err) {
        throw new Error(`commit ${c.sha} (${c.subject}): state does not parse: ${(err as Error).message}\n${text.slice(0, 400)}`);
      }
    }
    return { sha: c.sha, subject: c.subject, state, outputs: new Set(outputs.filter((_, k) => present[i * outputs.length + k] !== null)) };
  });
}

export interface HistoryFacts {
  /** Commits that carry a state. */
  commits: number;
  finalState: State;
  attempts: number;
  interrupted: number;
}

/**
 * What every durable write must satisfy, checked commit by commit along the work branch:
 * revisions go up by exactly one (none lost, none repeated), DONE steps are a prefix of the queue
 * and their outputs are in the same commit, no step becomes DONE twice, and the plan ends DONE.
 */
export function checkHistory(history: HistoryEntry[], stepIds: string[], outputsOf: (step: string) => string[]): HistoryFacts {
  const firstState = history.findIndex((h) => h.state !== null);
  expect(firstState, 'no commit on the work branch holds a state').toBeGreaterThanOrEqual(0);
  const withState = history.slice(firstState);
  const doneTransitions = new Map(stepIds.map((id) => [id, 0]));
  let previous: State | null = null;
  for (const { sha, subject, state, outputs } of withState) {
    const at = `commit ${sha.slice(0, 10)} "${subject}"`;
    expect(state, `${at}: the state file disappeared from the branch`).not.toBeNull();
    const s = state!;
    expect(s.revision, `${at}: revision after ${previous?.revision ?? 'none'}`).toBe((previous?.revision ?? 0) + 1);
    expect(s.stepQueue, `${at}: step queue`).toEqual(stepIds);
    const statuses = stepIds.map((id) => s.stepRuns[id]?.status ?? 'PENDING');
    const leading = statuses.findIndex((st) => st !== 'DONE');
    const doneCount = leading === -1 ? statuses.length : leading;
    expect(statuses.slice(doneCount), `${at}: a DONE step after one that is not done (${statuses.join(' ')})`).not.toContain('DONE');
    expect(s.currentStep, `${at}: currentStep vs DONE steps (${statuses.join(' ')})`).toBe(doneCount);
    expect(['IN_PROGRESS', 'DONE'], `${at}: plan status`).toContain(s.status);
    for (const id of stepIds.slice(0, doneCount)) {
      for (const out of outputsOf(id)) expect(outputs.has(out), `${at}: ${id} is DONE but ${out} is not in the commit`).toBe(true);
      const wasDone = previous?.stepRuns[id]?.status === 'DONE';
      if (!wasDone) doneTransitions.set(id, (doneTransitions.get(id) ?? 0) + 1);
    }
    if (previous) {
      for (const id of stepIds) {
        if (previous.stepRuns[id]?.status === 'DONE') expect(s.stepRuns[id]?.status, `${at}: ${id} was DONE and is not any more`).toBe('DONE');
      }
    }
    previous = s;
  }
  const finalState = previous!;
  expect(finalState.status, 'final plan status').toBe('DONE');
  expect(Object.fromEntries(doneTransitions), 'DONE transitions per step along the history').toEqual(Object.fromEntries(stepIds.map((id) => [id, 1])));
  let attempts = 0;
  let interrupted = 0;
  for (const id of stepIds) {
    const list = finalState.stepRuns[id]?.attempts ?? [];
    expect(
      list.map((a) => a.n),
      `${id}: attempt numbers`,
    ).toEqual(list.map((_, i) => i + 1));
    // A completion is an agent run that succeeded, or an interrupted one whose work was found
    // complete on resume (crash acceptance): either way exactly one, and the last.
    const completed = (o: string | null | undefined) => o === 'succeeded' || o === 'recovered';
    expect(
      list.filter((a) => completed(a.outcome)),
      `${id}: succeeded attempts`,
    ).toHaveLength(1);
    expect(completed(list.at(-1)?.outcome), `${id}: the last attempt is the successful one`).toBe(true);
    attempts += list.length;
    interrupted += list.filter((a) => a.outcome === 'interrupted').length;
  }
  return { commits: withState.length, finalState, attempts, interrupted };
}

/**
 * An agent for these tests: logs a `start` line, sleeps AGENT_SLEEP_MS (`lo-hi`, random), writes
 * `out/<step>.md`, logs an `end` line. The log (EXEC_LOG) lives outside every workspace, so it
 * counts executions across clones, including orphans of killed runs.
 */
const EXEC_AGENT = fileURLToPath(new URL('../fixtures/agents/exec-agent.pl', import.meta.url));

export interface ExecRecord {
  event: 'start' | 'end';
  step: string;
  attempt: number;
  pid: number;
  workspace: string;
  t: number;
}

/** A plan of `count` steps `s1..sN`, each requiring `out/<step>.md`. */
export function outputPlan(count: number, title: string): { title: string; steps: Record<string, { title: string; instruction: string; requiredOutputs: string[] }> } {
  const steps: Record<string, { title: string; instruction: string; requiredOutputs: string[] }> = {};
  for (let i = 1; i <= count; i++) steps[`s${i}`] = { title: `Step ${i}`, instruction: `Write out/s${i}.md`, requiredOutputs: [`out/s${i}.md`] };
  return { title, steps };
}

export interface Tools {
  dir: string;
  agent: string;
  planFile: string;
  execLog: string;
}

/** Agent, plan and executions log, all outside every workspace. */
export async function makeTools(steps: number, title: string): Promise<Tools> {
  const dir = await makeTempDir('git-faults-tools-');
  const agent = path.join(dir, 'agent.pl');
  await copyFile(EXEC_AGENT, agent);
  await chmod(agent, 0o755);
  const planFile = path.join(dir, 'plan.json');
  await writeJson(planFile, outputPlan(steps, title));
  return { dir, agent, planFile, execLog: path.join(dir, 'executions.jsonl') };
}

export async function readExecutions(file: string): Promise<ExecRecord[]> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return ''; // no agent ran
    throw err;
  });
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ExecRecord);
}

export const stepIdsOf = (count: number) => Array.from({ length: count }, (_, i) => `s${i + 1}`);
export const outputsOf = (step: string) => [`out/${step}.md`];

/** Alive and still our agent script (a recycled pid belongs to someone else). */
export function agentAlive(pid: number, script: string): boolean {
  if (!processAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
  } catch {
    return false;
  }
}
