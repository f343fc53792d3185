// Liveness of the workflow run that owns an attempt. A run that GitHub reports completed (or no
// longer knows) cannot still be working on the step, so its attempt can be recovered at once
// instead of waiting for the lease; anything unclear is `unknown` and the lease decides.
import { describeError } from '../../core/errors.js';
import type { AttemptOwner } from '../../core/state/types.js';
import type { Liveness, OwnerProbe } from '../../ports.js';
import { isStatus, type GitHubClient } from './github-client.js';

export interface ActionsOwnerProbeOptions {
  client: GitHubClient;
  owner: string;
  repo: string;
  /** This run (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT). */
  current: { runId: string; runAttempt: number };
  log?: (message: string) => void;
}

const RUNNING = new Set(['queued', 'in_progress', 'waiting', 'pending', 'requested']);

export class ActionsOwnerProbe implements OwnerProbe {
  constructor(private readonly o: ActionsOwnerProbeOptions) {}

  async liveness(owner: AttemptOwner): Promise<Liveness> {
    if (owner.kind !== 'actions') return 'unknown';
    const { current } = this.o;
    if (owner.runId === current.runId) {
      if (owner.runAttempt === current.runAttempt) return 'alive';
      // A re-run replaces its earlier attempt: once we run, the older attempt has ended.
      if (owner.runAttempt < current.runAttempt) return 'dead';
    }
    const runId = Number(owner.runId);
    if (!Number.isSafeInteger(runId) || runId <= 0) return 'unknown';
    const { owner: repoOwner, repo } = this.repoOf(owner);
    try {
      const { data } = await this.o.client.rest.actions.getWorkflowRun({ owner: repoOwner, repo, run_id: runId });
      if (data.status === 'completed') return 'dead';
      if (data.status && RUNNING.has(data.status)) return 'alive';
      return 'unknown';
    } catch (err) {
      // Runs are deleted with their logs; a run GitHub does not know is not running.
      if (isStatus(err, 404)) return 'dead';
      this.o.log?.(`Could not look up workflow run ${owner.runId}: ${describeError(err)}`);
      return 'unknown';
    }
  }

  private repoOf(owner: { repository?: string }): { owner: string; repo: string } {
    const m = /^([^/\s]+)\/([^/\s]+)$/.exec(owner.repository ?? '');
    return m ? { owner: m[1]!, repo: m[2]! } : { owner: this.o.owner, repo: this.o.repo };
  }
}
