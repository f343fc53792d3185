// GitHub answers a request the workflow's token may not make with 403 "Resource not accessible by
// integration", which names neither the permission nor where to add it. The request's route says
// which `permissions:` entry of the workflow job is missing.

const SCOPES: Array<[RegExp, string]> = [
  [/\/repos\/[^/]+\/[^/]+\/issues\b/, 'issues'],
  [/\/repos\/[^/]+\/[^/]+\/pulls\b/, 'pull-requests'],
  [/\/repos\/[^/]+\/[^/]+\/actions\b/, 'actions'],
  [/\/repos\/[^/]+\/[^/]+\/(contents|git|branches|merges|commits)\b/, 'contents'],
];

/** `issues: write`, `actions: read`, …: the permission a route needs, or null when we cannot tell. */
export function permissionFor(method: string, url: string): string | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  for (const [pattern, scope] of SCOPES) {
    if (pattern.test(path)) return `${scope}: ${method.toUpperCase() === 'GET' ? 'read' : 'write'}`;
  }
  return null;
}

/** Whether a 403's message is GitHub's "the token lacks a permission" (not a rate limit). */
export function isMissingPermission(status: number, message: string): boolean {
  return status === 403 && /resource not accessible by (integration|personal access token)/i.test(message);
}

export function permissionHint(method: string, url: string): string {
  const needed = permissionFor(method, url);
  return needed
    ? `The workflow's token lacks the permission \`${needed}\`: add it under \`permissions:\` in the workflow job (see the README's permissions), or pass a token that has it as \`github-token\`.`
    : "The workflow's token lacks a permission for this request: check the job's `permissions:` (contents, issues and actions need write; pull-requests too with open-pull-request).";
}
