// The contract check itself: it must accept what GitHub's description allows and name what it
// does not, or the fake's "no violations" would mean nothing.
import { describe, expect, it } from 'vitest';
import { GITHUB_FORMATS } from './compiled-schemas.js';
import { checkExchange, findOperation, type Exchange } from './github-contract.js';
import { GitHubData } from './github-data.js';
import { components, operations } from './github-openapi.js';
import { servedRoutes } from './github-routes.js';

const data = new GitHubData('octo-org', 'octo-repo', 'https://api.github.com', () => new Date('2025-01-01T00:00:00Z'));
const issue = data.addIssue({ number: 1, title: 'Plan', body: 'text', labels: ['sequencer'] });
const comment = data.addComment(1, { login: 'alice', body: '/approve' });
const json = 'application/json; charset=utf-8';

function exchange(method: string, url: string, fields: Partial<Exchange> = {}): Exchange {
  const [path = '', query = ''] = url.split('?');
  return { method, path, query: new URLSearchParams(query), conditional: false, status: 200, ...fields };
}
const problems = (e: Exchange) => checkExchange(e).map((v) => v.problem);
const reply = (status: number, body: unknown): Partial<Exchange> => ({ status, responseBody: JSON.stringify(body), responseType: json });

describe('GitHub REST contract', () => {
  it('every route the fake serves is an operation in GitHub’s description', () => {
    const missing = servedRoutes().filter((route) => {
      const [method = '', template = ''] = route.split(' ');
      return findOperation(method, template)?.operation.template !== template;
    });
    expect(missing).toEqual([]);
    expect(servedRoutes().length).toBeGreaterThan(10);
  });

  it('has a check for every string format the description uses', () => {
    const formats = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const format = (node as { format?: unknown }).format;
        if (typeof format === 'string') formats.add(format);
        Object.values(node).forEach(walk);
      }
    };
    walk(components());
    walk(operations());
    expect([...formats].filter((f) => !(f in GITHUB_FORMATS))).toEqual([]);
    expect(formats.has('date-time')).toBe(true);
  });

  it('accepts what GitHub documents: the fake’s issue and comments, a 204, a conditional 304, a 404', () => {
    expect(problems(exchange('GET', '/repos/octo-org/octo-repo/issues/1', reply(200, issue)))).toEqual([]);
    expect(problems(exchange('GET', '/repos/octo-org/octo-repo/issues/1/comments?since=2025-01-01T00:00:00Z&per_page=100&page=2', reply(200, [comment])))).toEqual([]);
    expect(problems(exchange('POST', '/repos/octo-org/octo-repo/actions/workflows/sequencer.yml/dispatches', { body: '{"ref":"main","inputs":{"plan":"issue-1"}}', status: 204 }))).toEqual([]);
    expect(problems(exchange('GET', '/repos/octo-org/octo-repo/issues/1', { conditional: true, status: 304 }))).toEqual([]);
    expect(problems(exchange('GET', '/repos/octo-org/octo-repo/actions/runs/9', reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })))).toEqual([]);
  });

  it.each([
    ['an unknown path', exchange('GET', '/repos/o/r/issuez'), /^GitHub has no such path$/],
    ['a method the path lacks', exchange('PUT', '/repos/o/r/issues/1/comments'), /^GitHub has no PUT for this path \(it has GET/],
    ['a path parameter of the wrong type', exchange('GET', '/repos/o/r/issues/first'), /^request: path parameter "issue_number" must be integer/],
    [
      'a query parameter the operation does not take',
      exchange('GET', '/repos/o/r/issues/1/comments?sort=created'),
      /^request: query parameter "sort" is not one issues\/list-comments takes \(it takes: since, per_page, page\)/,
    ],
    ['a query value outside its enum', exchange('GET', '/repos/o/r/issues?state=opened'), /^request: query parameter "state" must be equal to one of the allowed values \["open","closed","all"\]/],
    ['a query value of the wrong format', exchange('GET', '/repos/o/r/issues/1/comments?since=yesterday'), /^request: query parameter "since" must match format "date-time"/],
    ['a body without a required field', exchange('POST', '/repos/o/r/issues/1/comments', { body: '{"text":"hi"}' }), /^request: body is missing required "body"/],
    [
      'a body value outside its enum',
      exchange('POST', '/repos/o/r/issues/comments/5/reactions', { body: '{"content":"thumbsup"}' }),
      /^request: body\/content must be equal to one of the allowed values/,
    ],
    ['a body that is not JSON', exchange('PATCH', '/repos/o/r/issues/comments/5', { body: 'body=hi' }), /^request: the body is not JSON/],
    ['a body on a GET', exchange('GET', '/repos/o/r/issues/1', { body: '{"x":1}' }), /^request: issues\/get takes no request body/],
    [
      'more than 25 dispatch inputs',
      exchange('POST', '/repos/o/r/actions/workflows/1/dispatches', { body: JSON.stringify({ ref: 'main', inputs: Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`i${i}`, 'x'])) }) }),
      /^request: body\/inputs must NOT have more than 25 properties/,
    ],
  ])('names a request GitHub would reject: %s', (_what, e, expected) => {
    expect(problems({ ...e, status: e.status === 200 ? 404 : e.status })).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  it.each([
    [
      'a status the operation does not list',
      exchange('GET', '/repos/o/r/issues/1', reply(409, { message: 'Conflict' })),
      /^response 409: status 409 is not listed for issues\/get \(listed: 200, 301, 304, 404, 410\)/,
    ],
    ['a 304 to a request that was not conditional', exchange('GET', '/repos/o/r/actions/runs/1', { status: 304 }), /^response 304: status 304 is not listed/],
    ['a missing required field', exchange('GET', '/repos/o/r/issues/1', reply(200, { ...issue, user: undefined })), /^response 200: body is missing required "user"/],
    [
      'a nested field of the wrong type',
      exchange('GET', '/repos/o/r/issues/1', reply(200, { ...issue, labels: [{ ...issue.labels[0], default: 'no' }] })),
      /^response 200: body\/labels\/0.* must be boolean/,
    ],
    [
      'a timestamp that is not RFC 3339',
      exchange('GET', '/repos/o/r/issues/comments/5', reply(200, { ...comment, created_at: '2025-01-01 10:00' })),
      /^response 200: body\/created_at must match format "date-time"/,
    ],
    ['an error body of the wrong shape', exchange('GET', '/repos/o/r/issues/1', reply(404, { message: 404 })), /^response 404: body\/message must be string/],
    ['a body on a 204', exchange('DELETE', '/repos/o/r/actions/caches/1', reply(204, { ok: true })), /^response 204: actions\/delete-actions-cache-by-id answers 204 without a body/],
    [
      'HTML where JSON is documented',
      exchange('GET', '/repos/o/r/issues/1', { status: 200, responseBody: '<html></html>', responseType: 'text/html' }),
      /^response 200: expected an application\/json body, got content-type text\/html/,
    ],
  ])('names an answer GitHub would never give: %s', (_what, e, expected) => {
    expect(problems(e)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
  });

  it('allows injected faults, the documented dispatch 422, and a null `value` in a validation error', () => {
    expect(problems(exchange('GET', '/repos/o/r/issues/1', { ...reply(409, { message: 'Conflict' }), fault: 409 }))).toEqual([]);
    expect(
      problems(
        exchange('POST', '/repos/o/r/actions/workflows/1/dispatches', {
          body: '{"ref":"main"}',
          ...reply(422, { message: "Cannot trigger a 'workflow_dispatch' on a disabled workflow", documentation_url: 'https://docs.github.com/rest' }),
        }),
      ),
    ).toEqual([]);
    const missingContent = { message: 'Validation Failed', documentation_url: 'https://docs.github.com/rest', errors: [{ resource: 'Reaction', field: 'content', code: 'invalid', value: null }] };
    expect(problems(exchange('POST', '/repos/o/r/issues/comments/5/reactions', { body: '{"content":"eyes"}', ...reply(422, missingContent) }))).toEqual([]);
  });
});
