// Which plans have a work branch on the remote: one `git ls-remote`, no fetch of any branch.
import { git } from './git.js';

export async function listPlanBranches(workspace: string, remote: string, prefix = 'sequencer/'): Promise<Array<{ planId: string; branch: string; sha: string }>> {
  const res = await git(['ls-remote', '--heads', remote, `refs/heads/${prefix}*`], { cwd: workspace });
  const plans: Array<{ planId: string; branch: string; sha: string }> = [];
  for (const line of res.stdout.split('\n')) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (!sha || !ref?.startsWith(`refs/heads/${prefix}`)) continue;
    const branch = ref.slice('refs/heads/'.length);
    const planId = branch.slice(prefix.length);
    if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(planId)) plans.push({ planId, branch, sha });
  }
  return plans.sort((a, b) => a.planId.localeCompare(b.planId));
}
