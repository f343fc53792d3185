// Repository-wide facts from the GitHub API for audit and maintenance: the cache entries the
// cache store saved (keys `sequencer/<planId>/r…`) and the workflows' states (GitHub disables a
// scheduled workflow after 60 days without repository activity). Heartbeats never call these.
import type { CacheEntry, WorkflowFacts } from '../../core/fleet/plan-facts.js';
import { isStatus, type GitHubClient } from './github-client.js';

export interface RepoRef {
  client: GitHubClient;
  owner: string;
  repo: string;
}

/** Cache entries under `<prefix><planId>/`, grouped by plan id (one paginated listing). */
export async function listPlanCaches({ client, owner, repo }: RepoRef, prefix = 'sequencer/'): Promise<Map<string, CacheEntry[]>> {
  const byPlan = new Map<string, CacheEntry[]>();
  const entries = await client.paginate(client.rest.actions.getActionsCacheList, { owner, repo, key: prefix, per_page: 100 });
  for (const e of entries) {
    const key = e.key ?? '';
    if (!key.startsWith(prefix) || e.id === undefined) continue;
    const planId = key.slice(prefix.length).split('/')[0] ?? '';
    if (!planId) continue;
    const list = byPlan.get(planId) ?? [];
    list.push({ id: e.id, key, ...(e.size_in_bytes !== undefined ? { sizeBytes: e.size_in_bytes } : {}), ...(e.last_accessed_at ? { lastAccessedAt: e.last_accessed_at } : {}) });
    byPlan.set(planId, list);
  }
  return byPlan;
}

/** Deletes one cache entry; an entry already gone (evicted meanwhile) counts as deleted. */
export async function deleteCacheEntry({ client, owner, repo }: RepoRef, id: number): Promise<void> {
  try {
    await client.rest.actions.deleteActionsCacheById({ owner, repo, cache_id: id });
  } catch (err) {
    if (!isStatus(err, 404)) throw err;
  }
}

export async function listWorkflowStates({ client, owner, repo }: RepoRef): Promise<WorkflowFacts[]> {
  const workflows = await client.paginate(client.rest.actions.listRepoWorkflows, { owner, repo, per_page: 100 });
  return workflows.map((w) => ({ name: w.name, path: w.path, state: w.state }));
}

/** Numbers of the open pull requests by head branch, for branches of this repository only. */
export async function listOpenPullRequestHeads({ client, owner, repo }: RepoRef): Promise<Map<string, number[]>> {
  const byHead = new Map<string, number[]>();
  const pulls = await client.paginate(client.rest.pulls.list, { owner, repo, state: 'open', per_page: 100 });
  for (const p of pulls) {
    // A fork's branch of the same name is not ours to keep.
    if (p.head.label !== `${owner}:${p.head.ref}`) continue;
    byHead.set(p.head.ref, [...(byHead.get(p.head.ref) ?? []), p.number]);
  }
  return byHead;
}
