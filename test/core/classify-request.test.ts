import { describe, expect, it } from 'vitest';
import { classifyRequest, type RequestSignals } from '../../src/core/plan/classify-request.js';

/** Signals from an action count and flag letters: q sequential, d output dependency, r scope/risk, p steps requested, s setup. */
function signals(actionCount: number, flags = ''): RequestSignals {
  return {
    actionCount,
    sequentialLanguage: flags.includes('q'),
    outputDependency: flags.includes('d'),
    highScopeOrRisk: flags.includes('r'),
    userRequestsSteps: flags.includes('p'),
    setupKeywords: flags.includes('s'),
  };
}

const SINGLE = false;
const MULTI = true;

const cases: Array<[request: string, multiStep: boolean, expected: RequestSignals]> = [
  // Single step: one action (or none named), nothing else.
  ['Fix the typo in README.md', SINGLE, signals(1)],
  ['Write a haiku about autumn', SINGLE, signals(1)],
  ['Please summarize this article', SINGLE, signals(1)],
  ['What is the difference between TCP and UDP?', SINGLE, signals(1)],
  ['Translate the introduction into French', SINGLE, signals(1)],
  ['Update Next.js to the next version', SINGLE, signals(1)],
  ['Write a poem based on the painting', SINGLE, signals(1)],
  ['Compare prices, test coverage and design quality', SINGLE, signals(1)],
  ['翻译这段文字', SINGLE, signals(1)],
  // Two unrelated actions stay one step: below the threshold of 3, no other signal.
  ['Research topic X and produce a concise summary', SINGLE, signals(2)],
  // Negated markers are no signal.
  ["Don't deploy anything, just fix the lint error", SINGLE, signals(1)],
  ['Answer in one go, without a plan', SINGLE, signals(1)],
  // action_count >= 3
  ['Research topic X, write a summary and publish it to the blog', MULTI, signals(3)],
  ['Collect the logs, analyze the errors, fix the parser and add a regression test', MULTI, signals(4)],
  // sequential language
  ['Write the tests, then run them', MULTI, signals(2, 'q')],
  ['Fetch the prices. After that, plot a chart', MULTI, signals(2, 'q')],
  ['First, read the spec. Second, list the open questions', MULTI, signals(2, 'q')],
  ['1. Fetch the data\n2. Plot it', MULTI, signals(2, 'q')],
  ['Once the migration is done, update the docs', MULTI, signals(1, 'qr')],
  // output dependency
  ['Write a report based on the findings', MULTI, signals(1, 'd')],
  ['Draft release notes with the results of the benchmark', MULTI, signals(1, 'd')],
  // the seed's own example
  ['Using the summary from step 1, write a research paper', MULTI, signals(1, 'qdr')],
  // high scope or risk
  ['Deploy the app to production', MULTI, signals(1, 'r')],
  ['Rename foo to bar across all packages', MULTI, signals(1, 'r')],
  ['Refactor the whole codebase to use async/await', MULTI, signals(1, 'r')],
  ['Write a comprehensive market analysis of Meteora', MULTI, signals(1, 'r')],
  // user requests steps
  ['Explain it step by step', MULTI, signals(1, 'p')],
  ['Make a plan for the rewrite and do it in phases', MULTI, signals(2, 'p')],
  // setup keywords
  ['Install the dependencies', MULTI, signals(1, 's')],
  ['Set up a Python virtualenv for the scraper', MULTI, signals(1, 's')],
  ['Scaffold a new Vite project', MULTI, signals(1, 's')],
  // The seed's Chinese markers.
  ['首先安装依赖，然后配置数据库，最后部署', MULTI, signals(3, 'qrs')],
  ['请分步骤完成这个任务', MULTI, signals(1, 'p')],
  ['写一篇文章之后发布', MULTI, signals(2, 'q')],
];

describe('classifyRequest', () => {
  it.each(cases)('%j → multiStep %s', (request, multiStep, expected) => {
    const result = classifyRequest(request);
    expect(result.signals).toEqual(expected);
    expect(result.multiStep).toBe(multiStep);
    expect(result.reasons.length).toBeGreaterThan(0);
  });

  it('has at least 24 cases covering both decisions and every signal', () => {
    expect(cases.length).toBeGreaterThanOrEqual(24);
    const keys = ['sequentialLanguage', 'outputDependency', 'highScopeOrRisk', 'userRequestsSteps', 'setupKeywords'] as const;
    for (const k of keys) {
      const only = cases.filter(([, , s]) => s[k] && keys.filter((o) => s[o]).length === 1 && s.actionCount < 3);
      expect(only.length, `a case where ${k} alone decides`).toBeGreaterThan(0);
    }
    expect(cases.some(([, m]) => !m)).toBe(true);
  });

  it('explains a multi-step decision by quoting what matched', () => {
    expect(classifyRequest('Research X, then write study/summary.md').reasons).toEqual(['sequential language ("then")']);
    expect(classifyRequest('Research topic X, write a summary and publish it to the blog').reasons).toEqual(['3 actions (research, write, publish), 3 or more']);
    expect(classifyRequest('1. Fetch the data\n2. Plot it').reasons).toEqual(['sequential language ("a numbered list")']);
  });

  it('explains a single-step decision, and an empty request counts no action', () => {
    expect(classifyRequest('Fix the typo').reasons).toEqual(['1 action (fix) with no sequencing, output dependency, wide scope or risk, setup, or request for steps: one step']);
    expect(classifyRequest('   ')).toEqual({ multiStep: false, signals: signals(0), reasons: ['empty request: nothing to plan'] });
  });
});
