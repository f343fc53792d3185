import { describe, expect, it } from 'vitest';
import { parseWorkflowRef, workflowFileFromRef } from '../../src/core/github/workflow-ref.js';

describe('workflow refs', () => {
  it('takes the file name and ref from GITHUB_WORKFLOW_REF', () => {
    expect(workflowFileFromRef('octo/repo/.github/workflows/seq.yml@refs/heads/main')).toBe('seq.yml');
    expect(parseWorkflowRef('my-org/my.repo/.github/workflows/agent.yaml@refs/pull/7/merge')).toEqual({
      repository: 'my-org/my.repo',
      path: '.github/workflows/agent.yaml',
      file: 'agent.yaml',
      ref: 'refs/pull/7/merge',
    });
  });

  it('returns null for anything else', () => {
    for (const bad of [undefined, '', 'seq.yml', 'octo/repo/.github/workflows/seq.yml', 'octo/repo/ci/seq.yml@refs/heads/main', 'octo/repo/.github/workflows/seq.txt@main']) {
      expect(workflowFileFromRef(bad)).toBeNull();
    }
  });
});
