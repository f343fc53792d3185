// Whether a workflow run left an attempt's result artifact (the isolated layout): asked by a
// prepare job about a dead owner's attempt, through the REST API (`actions: read`).
import { resultArtifactName } from '../../core/render/artifact-names.js';
import type { AttemptOwner } from '../../core/state/types.js';
import type { ResultProbe } from '../../ports.js';
import type { GitHubClient } from './github-client.js';

export class RunArtifacts implements ResultProbe {
  constructor(private readonly o: { client: GitHubClient; owner: string; repo: string }) {}

  async hasResult(owner: Extract<AttemptOwner, { kind: 'actions' }>, attemptId: string): Promise<boolean> {
    const { data } = await this.o.client.rest.actions.listWorkflowRunArtifacts({
      owner: this.o.owner,
      repo: this.o.repo,
      run_id: Number(owner.runId),
      name: resultArtifactName(attemptId),
      per_page: 10,
    });
    return data.artifacts.some((a) => !a.expired);
  }
}
