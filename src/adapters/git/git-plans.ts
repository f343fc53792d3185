// The plans on a git remote: work branches and their idle markers from ONE `git ls-remote` (no
// fetch), and, for audit and maintenance only, their states. Markers and archives are plain refs
// outside refs/heads, so they never show up as branches.
import { ConfigError, describeError, showValue } from '../../core/errors.js';
import { MAX_STATE_BYTES, type PlanDocument, type PlanFacts } from '../../core/fleet/plan-facts.js';
import { archiveRef, idleRef, IDLE_REF_PREFIX, isActiveRef, isRefSafePlanId, parsePlanRefs, PLAN_BRANCH_PREFIX, WAIT_REF_PREFIX, waitRef, type PlanRef } from '../../core/fleet/plan-index.js';
import type { PruneMode } from '../../core/fleet/maintenance-plan.js';
import type { GitRunner } from './git.js';
import { isRemoteName } from '../../wiring/checks.js';

export type { PlanRef } from '../../core/fleet/plan-index.js';

function checkRemote(remote: string): void {
  if (!isRemoteName(remote)) throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
}

/** Every plan branch with its idle and wait markers: one `git ls-remote`, nothing fetched. */
export async function listPlanRefs(git: GitRunner, remote: string, prefix = PLAN_BRANCH_PREFIX): Promise<PlanRef[]> {
  checkRemote(remote);
  const res = await git.run(['ls-remote', remote, `refs/heads/${prefix}*`, `${IDLE_REF_PREFIX}*`, `${WAIT_REF_PREFIX}*`]);
  return parsePlanRefs(res.stdout, prefix);
}

/** The plans a heartbeat has to tick: neither idle nor waiting at their branch tip. */
export async function listActivePlans(git: GitRunner, remote: string, now = new Date(), prefix = PLAN_BRANCH_PREFIX): Promise<PlanRef[]> {
  return (await listPlanRefs(git, remote, prefix)).filter((r) => isActiveRef(r, now));
}

/**
 * Points the plan's idle marker at `sha` (a branch tip whose state is idle), unless the marker
 * moved since it was listed (`idleSha`, null for none): then another tick knows better and
 * this one leaves it. Never touches the branch. False when the remote refused.
 */
export async function markPlanIdle(git: GitRunner, remote: string, ref: { planId: string; sha: string; idleSha: string | null }): Promise<boolean> {
  checkRemote(remote);
  if (!isRefSafePlanId(ref.planId)) return false;
  const marker = idleRef(ref.planId);
  const res = await git.run(['push', '--porcelain', '--no-verify', `--force-with-lease=${marker}:${ref.idleSha ?? ''}`, remote, `${ref.sha}:${marker}`], { allowFail: true });
  return res.code === 0;
}

/**
 * Records that the plan at its listed tip waits until `untilMs` (a wait marker named after that
 * time) and removes its older wait markers, in one atomic push. Every ref is leased to what the
 * listing saw, so a plan that moved meanwhile is left as it is. False when the remote refused.
 */
export async function markPlanWaiting(git: GitRunner, remote: string, ref: PlanRef, untilMs: number): Promise<boolean> {
  checkRemote(remote);
  if (!isRefSafePlanId(ref.planId) || !Number.isFinite(untilMs)) return false;
  const marker = waitRef(ref.planId, untilMs);
  const old = (ref.waits ?? []).filter((w) => w.ref !== marker);
  if ((ref.waits ?? []).some((w) => w.ref === marker && w.sha === ref.sha) && !old.length) return true;
  const known = (ref.waits ?? []).find((w) => w.ref === marker);
  const leases = [`--force-with-lease=${marker}:${known?.sha ?? ''}`, ...old.map((w) => `--force-with-lease=${w.ref}:${w.sha}`)];
  const specs = [`${ref.sha}:${marker}`, ...old.map((w) => `:${w.ref}`)];
  const res = await git.run(['push', '--porcelain', '--no-verify', '--atomic', ...leases, remote, ...specs], { allowFail: true });
  return res.code === 0;
}

/** The commit a branch was last fetched or pushed at (its tracking ref), or null. */
export async function trackingTip(git: GitRunner, remote: string, branch: string): Promise<string | null> {
  const res = await git.run(['rev-parse', '-q', '--verify', `refs/remotes/${remote}/${branch}^{commit}`], { allowFail: true });
  return res.code === 0 ? res.stdout.trim() : null;
}

/**
 * Fetches the given plans' branches (one `git fetch`) and reads each state at the listed tip.
 * Only audit and maintenance do this; heartbeats never fetch idle plans.
 */
export async function readPlanFacts(git: GitRunner, remote: string, refs: PlanRef[], statePathOf: (planId: string) => string): Promise<PlanFacts[]> {
  checkRemote(remote);
  if (!refs.length) return [];
  // Bounded argv per fetch; each refspec names one branch.
  for (let i = 0; i < refs.length; i += 200) {
    const specs = refs.slice(i, i + 200).map((r) => `+refs/heads/${r.branch}:refs/remotes/${remote}/${r.branch}`);
    await git.run(['fetch', '-q', '--no-tags', remote, ...specs]);
  }
  const dates = await commitDates(
    git,
    refs.map((r) => r.sha),
  );
  return mapLimit(refs, 8, async (r): Promise<PlanFacts> => {
    const doc = await readDocument(git, r, statePathOf(r.planId));
    const updatedAt = dates.get(r.sha);
    return { planId: r.planId, location: `branch ${r.branch}`, doc, ...(updatedAt ? { updatedAt } : {}), tip: { sha: r.sha, idleSha: r.idleSha } };
  });
}

async function readDocument(git: GitRunner, r: PlanRef, statePath: string): Promise<PlanDocument> {
  const blob = `${r.sha}:./${statePath}`;
  // The size first: a state over the limit is reported, never read (it would not fit git's output).
  let res = await git.run(['cat-file', '-s', blob], { allowFail: true });
  if (res.code === 0) {
    const bytes = Number(res.stdout.trim());
    if (bytes > MAX_STATE_BYTES) return { kind: 'too-large', bytes, limit: MAX_STATE_BYTES };
    res = await git.run(['show', blob], { allowFail: true });
  }
  if (res.code !== 0) {
    // A path that is not in the commit: the branch carries no state.
    if (/does not exist|exists on disk, but not in/.test(res.stderr)) return { kind: 'missing' };
    return { kind: 'invalid', error: `cannot read ${statePath}: ${res.stderr.trim()}` };
  }
  // Loaded here, not at start-up: a heartbeat lists plans with this module but never validates one.
  const { parseState } = await import('../../core/state/validate-state.js');
  try {
    const state = parseState(JSON.parse(res.stdout), { owned: true });
    if (state.planId !== undefined && state.planId !== r.planId) {
      return { kind: 'invalid', error: `planId is ${showValue(state.planId)}, expected ${showValue(r.planId)} (the branch's plan)` };
    }
    return { kind: 'ok', state };
  } catch (err) {
    return { kind: 'invalid', error: describeError(err) };
  }
}

/** Committer dates (ISO) of the given commits, in one process. */
async function commitDates(git: GitRunner, shas: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(shas)];
  for (let i = 0; i < unique.length; i += 500) {
    const res = await git.run(['show', '-s', '--format=%H %cI', ...unique.slice(i, i + 500)], { allowFail: true });
    for (const line of res.stdout.split('\n')) {
      const [sha, date] = line.trim().split(' ');
      if (sha && date) out.set(sha, date);
    }
  }
  return out;
}

export type PruneOutcome = 'pruned' | 'moved';

/**
 * Removes a finished plan's branch and its markers in one atomic push, keeping its tip under
 * refs/sequencer/archive/ in archive mode. The push only succeeds while the branch (and marker)
 * are exactly as listed: a plan that was written to meanwhile is left alone (`moved`).
 */
export async function prunePlanRef(git: GitRunner, remote: string, ref: PlanRef, mode: PruneMode): Promise<PruneOutcome> {
  checkRemote(remote);
  if (!isRefSafePlanId(ref.planId)) throw new ConfigError(`Invalid plan id ${showValue(ref.planId)}: cannot be part of a ref name.`);
  const head = `refs/heads/${ref.branch}`;
  const leases = [`--force-with-lease=${head}:${ref.sha}`];
  const specs = [`:${head}`];
  if (ref.idleSha) {
    leases.push(`--force-with-lease=${idleRef(ref.planId)}:${ref.idleSha}`);
    specs.push(`:${idleRef(ref.planId)}`);
  }
  for (const w of ref.waits ?? []) {
    leases.push(`--force-with-lease=${w.ref}:${w.sha}`);
    specs.push(`:${w.ref}`);
  }
  if (mode === 'archive') specs.unshift(`${ref.sha}:${archiveRef(ref.planId, ref.sha)}`);
  const res = await git.run(['push', '--porcelain', '--no-verify', '--atomic', ...leases, remote, ...specs], { allowFail: true });
  if (res.code === 0) return 'pruned';
  // The lease failed: the branch or its marker is no longer where the listing saw it.
  if (/\[rejected\] \(stale info\)/.test(res.stdout)) return 'moved';
  throw new Error(
    `Cannot prune ${ref.branch} on ${remote}: ${
      res.stdout
        .split('\n')
        .filter((l) => l.startsWith('!'))
        .join('; ') || res.stderr.trim()
    }`,
  );
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
