import { describe, expect, it } from 'vitest';
import { isMissingPermission, permissionFor, permissionHint } from '../../src/core/github/permission-hint.js';

describe('permissionFor', () => {
  it.each([
    ['POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', 'issues: write'],
    ['PATCH', '/repos/o/r/issues/comments/5', 'issues: write'],
    ['POST', '/repos/o/r/issues/comments/5/reactions', 'issues: write'],
    ['GET', 'https://api.github.com/repos/o/r/issues/3/comments?since=x', 'issues: read'],
    ['POST', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', 'actions: write'],
    ['GET', '/repos/o/r/actions/runs/9', 'actions: read'],
    ['POST', '/repos/o/r/pulls', 'pull-requests: write'],
    ['PUT', '/repos/o/r/contents/a.md', 'contents: write'],
  ])('%s %s needs %s', (method, url, needed) => {
    expect(permissionFor(method, url)).toBe(needed);
  });

  it('does not guess for routes it does not know', () => {
    expect(permissionFor('GET', '/rate_limit')).toBeNull();
    expect(permissionHint('GET', '/rate_limit')).toMatch(/check the job's `permissions:`/);
  });

  it('tells a missing permission from a secondary rate limit, which is also a 403', () => {
    expect(isMissingPermission(403, 'Resource not accessible by integration')).toBe(true);
    expect(isMissingPermission(403, 'You have exceeded a secondary rate limit.')).toBe(false);
    expect(isMissingPermission(404, 'Resource not accessible by integration')).toBe(false);
  });
});
