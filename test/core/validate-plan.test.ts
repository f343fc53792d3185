import { describe, expect, it } from 'vitest';
import { PlanError } from '../../src/core/errors.js';
import { MAX_STEPS, checkPlan, parsePlan, validatePlan } from '../../src/core/plan/validate-plan.js';

const step = (extra: Record<string, unknown> = {}) => ({ title: 'A step', instruction: 'Do the thing', ...extra });
/** A valid two-step plan whose step `a` gets `extra` fields. */
const withA = (extra: Record<string, unknown>) => ({ steps: { a: step(extra), b: step() } });

interface BadCase {
  name: string;
  plan: unknown;
  path: string;
  message: string;
}

const badPlans: BadCase[] = [
  { name: 'not an object', plan: ['a'], path: 'plan', message: 'must be an object with "steps" (a plan), got ["a"]' },
  { name: 'steps missing', plan: { title: 'x' }, path: 'plan.steps', message: 'must be an object mapping step ids to steps, got undefined' },
  { name: 'steps empty', plan: { steps: {} }, path: 'plan.steps', message: 'must contain at least one step' },
  { name: 'bad step id', plan: { steps: { 'has space': step() } }, path: 'plan.steps.has space', message: 'invalid step id "has space"' },
  { name: 'step id starts with dot', plan: { steps: { '.hidden': step() } }, path: 'plan.steps..hidden', message: 'invalid step id ".hidden"' },
  { name: 'step not an object', plan: { steps: { a: 'do it' } }, path: 'plan.steps.a', message: 'must be an object with "title" and "instruction", got "do it"' },
  { name: 'title missing', plan: { steps: { a: { instruction: 'x' } } }, path: 'plan.steps.a.title', message: 'must be a non-empty string (a short human-readable label), got undefined' },
  { name: 'instruction blank', plan: withA({ instruction: '   ' }), path: 'plan.steps.a.instruction', message: 'must be a non-empty string' },
  { name: 'output escapes', plan: withA({ requiredOutputs: ['../x'] }), path: 'plan.steps.a.requiredOutputs[0]', message: 'must be a relative path inside the workspace, got "../x"' },
  { name: 'output escapes after normalizing', plan: withA({ requiredOutputs: ['ok.md', 'a/../../x'] }), path: 'plan.steps.a.requiredOutputs[1]', message: 'got "a/../../x"' },
  { name: 'output absolute', plan: withA({ requiredOutputs: ['/etc/passwd'] }), path: 'plan.steps.a.requiredOutputs[0]', message: '(is absolute)' },
  { name: 'output windows drive', plan: withA({ requiredOutputs: ['C:\\x'] }), path: 'plan.steps.a.requiredOutputs[0]', message: '(is absolute)' },
  { name: 'output not a string', plan: withA({ requiredOutputs: [7] }), path: 'plan.steps.a.requiredOutputs[0]', message: 'got 7' },
  { name: 'outputs not an array', plan: withA({ requiredOutputs: 'x.md' }), path: 'plan.steps.a.requiredOutputs', message: 'must be an array of relative paths inside the workspace, got "x.md"' },
  { name: 'alias path reported as written', plan: withA({ required_outputs: ['../y'] }), path: 'plan.steps.a.required_outputs[0]', message: 'got "../y"' },
  {
    name: 'alias and field together',
    plan: withA({ required_outputs: ['a'], requiredOutputs: ['a'] }),
    path: 'plan.steps.a.required_outputs',
    message: 'cannot be given together with "requiredOutputs"',
  },
  { name: 'maxAttempts zero', plan: withA({ maxAttempts: 0 }), path: 'plan.steps.a.maxAttempts', message: 'must be an integer from 1 to 100, got 0' },
  { name: 'maxAttempts fractional', plan: withA({ maxAttempts: 2.5 }), path: 'plan.steps.a.maxAttempts', message: 'got 2.5' },
  { name: 'maxAttempts too big', plan: withA({ maxAttempts: 101 }), path: 'plan.steps.a.maxAttempts', message: 'got 101' },
  { name: 'timeout zero', plan: withA({ timeoutMinutes: 0 }), path: 'plan.steps.a.timeoutMinutes', message: 'must be a number of minutes > 0 and <= 10080, got 0' },
  { name: 'attempt timeout too long', plan: withA({ attemptTimeoutMinutes: 10081 }), path: 'plan.steps.a.attemptTimeoutMinutes', message: 'got 10081' },
  { name: 'timeout as string', plan: withA({ attemptTimeoutMinutes: '30' }), path: 'plan.steps.a.attemptTimeoutMinutes', message: 'got "30"' },
  { name: 'agent empty', plan: withA({ agent: '' }), path: 'plan.steps.a.agent', message: 'must be a non-empty string (an agent command), got ""' },
  { name: 'env not an object', plan: withA({ env: ['A=1'] }), path: 'plan.steps.a.env', message: 'got ["A=1"]' },
  { name: 'env bad name', plan: withA({ env: { '1X': 'v' } }), path: 'plan.steps.a.env.1X', message: 'invalid variable name "1X"' },
  { name: 'env reserved prefix', plan: withA({ env: { SEQUENCER_PLAN_ID: 'evil' } }), path: 'plan.steps.a.env.SEQUENCER_PLAN_ID', message: 'reserved prefix SEQUENCER_' },
  { name: 'env number value', plan: withA({ env: { PORT: 8080 } }), path: 'plan.steps.a.env.PORT', message: 'must be a string (quote numbers and booleans in YAML), got 8080' },
  { name: 'expectPayload not boolean', plan: withA({ expectPayload: 'yes' }), path: 'plan.steps.a.expectPayload', message: 'must be true or false, got "yes"' },
  { name: 'inheritPayload not boolean', plan: withA({ inheritPayload: 1 }), path: 'plan.steps.a.inheritPayload', message: 'got 1' },
  {
    name: 'route to unknown step',
    plan: withA({ onValidationFail: 'zzz' }),
    path: 'plan.steps.a.onValidationFail',
    message: 'must be "retry", "fail" or the id of another step, got "zzz"; known steps: a, b',
  },
  { name: 'route to itself', plan: withA({ onValidationFail: 'a' }), path: 'plan.steps.a.onValidationFail', message: 'must not route step "a" to itself' },
  { name: 'route to prototype name', plan: withA({ onValidationFail: 'constructor' }), path: 'plan.steps.a.onValidationFail', message: 'got "constructor"' },
  { name: 'validate not array', plan: withA({ validate: { file_exists: { path: 'x' } } }), path: 'plan.steps.a.validate', message: 'must be an array of validation rules' },
  {
    name: 'rule with two kinds',
    plan: withA({ validate: [{ file_exists: { path: 'x' }, command: { argv: ['true'] } }] }),
    path: 'plan.steps.a.validate[0]',
    message: 'exactly one key among file_exists',
  },
  { name: 'rule empty', plan: withA({ validate: [{}] }), path: 'plan.steps.a.validate[0]', message: 'got 0 keys' },
  { name: 'unknown rule kind', plan: withA({ validate: [{ http_status: { url: 'x' } }] }), path: 'plan.steps.a.validate[0].http_status', message: 'is not a known rule kind' },
  { name: 'rule body not object', plan: withA({ validate: [{ file_exists: 'x' }] }), path: 'plan.steps.a.validate[0].file_exists', message: 'must be an object with the rule\'s settings, got "x"' },
  { name: 'rule path escapes', plan: withA({ validate: [{ file_exists: { path: '../../etc' } }] }), path: 'plan.steps.a.validate[0].file_exists.path', message: 'got "../../etc"' },
  {
    name: 'rule bad regex',
    plan: withA({ validate: [{ file_contains: { path: 'x', pattern: '(unclosed' } }] }),
    path: 'plan.steps.a.validate[0].file_contains.pattern',
    message: 'must be a regular expression in RE2 syntax (a subset of JavaScript\'s), got "(unclosed": RE2 cannot parse it: missing closing )',
  },
  {
    name: 'rule lookahead',
    plan: withA({ validate: [{ file_contains: { path: 'x', pattern: '^## Sources(?!\\n$)' } }] }),
    path: 'plan.steps.a.validate[0].file_contains.pattern',
    message: 'got "^## Sources(?!\\\\n$)": lookahead ((?!) is not supported by RE2; match the following text as part of the pattern (e.g. foo(?=bar) as foobar)',
  },
  {
    name: 'rule lookbehind',
    plan: withA({ validate: [{ payload_value_matches: { key: 'k', pattern: '(?<=v)\\d+' } }] }),
    path: 'plan.steps.a.validate[0].payload_value_matches.pattern',
    message: 'lookbehind ((?<=) is not supported by RE2',
  },
  {
    name: 'rule backreference',
    plan: withA({ validate: [{ file_contains: { path: 'x', pattern: '(["\'])x\\1' } }] }),
    path: 'plan.steps.a.validate[0].file_contains.pattern',
    message: 'backreferences (\\1) are not supported: RE2 matches in linear time and cannot refer back to what a group matched; spell out the alternatives (e.g. (a|b)\\1 as aa|bb)',
  },
  {
    name: 'rule named backreference',
    plan: withA({ validate: [{ file_contains: { path: 'x', pattern: '(?<q>a)\\k<q>' } }] }),
    path: 'plan.steps.a.validate[0].file_contains.pattern',
    message: 'backreferences (\\k)',
  },
  {
    name: 'rule \\u escape',
    plan: withA({ validate: [{ file_contains: { path: 'x', pattern: 'caf\\u00e9' } }] }),
    path: 'plan.steps.a.validate[0].file_contains.pattern',
    message: 'RE2 has no \\u escape: write a code point as \\x{00E9}',
  },
  {
    name: 'rule bad flags',
    plan: withA({ validate: [{ payload_value_matches: { key: 'k', pattern: 'x', flags: 'q' } }] }),
    path: 'plan.steps.a.validate[0].payload_value_matches.flags',
    message: 'got "q": "q" is not a flag',
  },
  {
    name: 'rule flag v',
    plan: withA({ validate: [{ payload_value_matches: { key: 'k', pattern: 'x', flags: 'v' } }] }),
    path: 'plan.steps.a.validate[0].payload_value_matches.flags',
    message: 'v (Unicode sets) has no RE2 equivalent; use u',
  },
  {
    name: 'rule duplicate flags',
    plan: withA({ validate: [{ file_contains: { path: 'x', pattern: 'x', flags: 'gg' } }] }),
    path: 'plan.steps.a.validate[0].file_contains.flags',
    message: 'got "gg": the g flag is given twice',
  },
  { name: 'json_schema schema wrong type', plan: withA({ validate: [{ json_schema: { path: 'x.json', schema: 5 } }] }), path: 'plan.steps.a.validate[0].json_schema.schema', message: 'got 5' },
  {
    name: 'json_schema schema path escapes',
    plan: withA({ validate: [{ json_schema: { path: 'x.json', schema: '/abs.json' } }] }),
    path: 'plan.steps.a.validate[0].json_schema.schema',
    message: 'got "/abs.json"',
  },
  { name: 'payload key missing', plan: withA({ validate: [{ payload_has_key: {} }] }), path: 'plan.steps.a.validate[0].payload_has_key.key', message: 'got undefined' },
  {
    name: 'values_equal one key',
    plan: withA({ validate: [{ payload_values_equal: { keys: ['x'] } }] }),
    path: 'plan.steps.a.validate[0].payload_values_equal.keys',
    message: 'at least 2 payload keys',
  },
  {
    name: 'values_equal unknown step',
    plan: withA({ validate: [{ payload_values_equal: { keys: ['x', 'y'], step: 'nope' } }] }),
    path: 'plan.steps.a.validate[0].payload_values_equal.step',
    message: 'got "nope"',
  },
  { name: 'command argv string', plan: withA({ validate: [{ command: { argv: 'npm test' } }] }), path: 'plan.steps.a.validate[0].command.argv', message: 'no shell), got "npm test"' },
  { name: 'command argv empty program', plan: withA({ validate: [{ command: { argv: [' '] } }] }), path: 'plan.steps.a.validate[0].command.argv[0]', message: 'must name the program to run' },
  { name: 'command argv non-string', plan: withA({ validate: [{ command: { argv: ['node', 1] } }] }), path: 'plan.steps.a.validate[0].command.argv[1]', message: 'must be a string, got 1' },
  { name: 'command timeout negative', plan: withA({ validate: [{ command: { argv: ['true'], timeoutSeconds: -1 } }] }), path: 'plan.steps.a.validate[0].command.timeoutSeconds', message: 'got -1' },
  {
    name: 'output_contains text missing',
    plan: withA({ validate: [{ command_output_contains: { argv: ['true'] } }] }),
    path: 'plan.steps.a.validate[0].command_output_contains.text',
    message: 'got undefined',
  },
  // env that would make processes run code the proposal does not show, whoever wrote the plan.
  ...(
    [
      ['NODE_OPTIONS', '--require ./evil.cjs', 'NODE_OPTIONS runs code when an interpreter starts (got "--require ./evil.cjs")'],
      ['LD_PRELOAD', '/tmp/x.so', 'LD_PRELOAD makes the dynamic loader load other code'],
      ['DYLD_INSERT_LIBRARIES', 'x.dylib', 'DYLD_INSERT_LIBRARIES makes the dynamic loader'],
      ['PYTHONPATH', '.', 'PYTHONPATH changes where programs or modules are looked up'],
      ['PYTHONSTARTUP', 'x.py', 'PYTHONSTARTUP runs code when an interpreter starts'],
      ['PERL5OPT', '-Mevil', 'PERL5OPT runs code when'],
      ['RUBYOPT', '-revil', 'RUBYOPT runs code when'],
      ['BASH_ENV', 'x.sh', 'BASH_ENV changes what shells run'],
      ['ENV', 'x.sh', 'ENV changes what shells run'],
      ['PATH', './bin:/usr/bin', 'PATH changes where programs'],
      ['Path', 'C:\\evil', 'Path changes where programs'],
      ['GIT_SSH_COMMAND', 'sh -c x', 'GIT_SSH_COMMAND configures git'],
      ['GIT_CONFIG_GLOBAL', '.gitconfig', 'GIT_CONFIG_GLOBAL configures git'],
      ['JAVA_TOOL_OPTIONS', '-javaagent:x.jar', 'JAVA_TOOL_OPTIONS runs code when'],
      ['HOME', '.', 'HOME changes which configuration files programs read'],
      ['npm_config_script_shell', 'x', 'npm_config_script_shell configures npm'],
      // The runner's command files: the agent never gets them, and a plan may not give them back.
      ['GITHUB_OUTPUT', '/tmp/out', 'GITHUB_OUTPUT names a file the Actions runner reads back after the step'],
      ['github_env', '/tmp/env', 'github_env names a file the Actions runner reads back after the step'],
      ['GITHUB_PATH', '/tmp/path', 'GITHUB_PATH names a file the Actions runner reads back'],
      ['GITHUB_STATE', '/tmp/state', 'GITHUB_STATE names a file the Actions runner reads back'],
      ['GITHUB_STEP_SUMMARY', '/tmp/summary', 'GITHUB_STEP_SUMMARY names a file the Actions runner reads back'],
    ] as const
  ).map(([name, value, message]) => ({ name: `env ${name}`, plan: withA({ env: { [name]: value } }), path: `plan.steps.a.env.${name}`, message: `may not be set by a plan: ${message}` })),
  // Check commands get the agent command's refusals.
  {
    name: 'check command runs a shell',
    plan: withA({ validate: [{ command: { argv: ['bash', '-c', 'npm test'] } }] }),
    path: 'plan.steps.a.validate[0].command.argv',
    message: 'must not run a shell or inline code: ["bash","-c","npm test"] runs a shell interpreter (bash)',
  },
  {
    name: 'check command with inline code',
    plan: withA({ validate: [{ command_output_contains: { argv: ['node', '-e', 'console.log(1)'], text: '1' } }] }),
    path: 'plan.steps.a.validate[0].command_output_contains.argv',
    message: 'runs node with inline code (-e)',
  },
  {
    name: 'check command through a wrapper',
    plan: withA({ validate: [{ command: { argv: ['sudo', '-u', 'root', 'sh'] } }] }),
    path: 'plan.steps.a.validate[0].command.argv',
    message: 'runs a shell interpreter (sh)',
  },
  { name: 'agent command refused at validation', plan: withA({ agent: 'bash -c "claude -p"' }), path: 'plan.steps.a.agent', message: 'runs a shell interpreter (bash)' },
  {
    name: 'agent command whose last option takes the prompt as its value',
    plan: withA({ agent: 'codex exec -m' }),
    path: 'plan.steps.a.agent',
    message: '"codex exec -m" ends with -m, which takes the prompt (added as the last argument) as its value; give -m a value (-m <value>) or leave it out',
  },
  {
    name: 'Gemini CLI agent command whose -p is not last',
    plan: withA({ agent: 'gemini -p --yolo' }),
    path: 'plan.steps.a.agent',
    message: '"gemini -p --yolo" has -p followed by "--yolo", and Gemini CLI takes only the word right after -p as the prompt',
  },
  { name: 'title not string', plan: { title: 5, steps: { a: step() } }, path: 'plan.title', message: 'must be a string, got 5' },
  { name: 'queue empty', plan: { steps: { a: step() }, stepQueue: [] }, path: 'plan.stepQueue', message: 'must be a non-empty array of step ids, got []' },
  { name: 'queue unknown id', plan: { steps: { a: step() }, stepQueue: ['a', 'toString'] }, path: 'plan.stepQueue[1]', message: 'names unknown step "toString"; known steps: a' },
  { name: 'queue duplicate', plan: { steps: { a: step(), b: step() }, stepQueue: ['a', 'b', 'a'] }, path: 'plan.stepQueue[2]', message: 'repeats step "a" (already at index 0)' },
  { name: 'deadline not ISO', plan: { steps: { a: step() }, deadline: 'tomorrow' }, path: 'plan.deadline', message: 'got "tomorrow"' },
  { name: 'deadline without zone', plan: { steps: { a: step() }, deadline: '2030-01-01T10:00:00' }, path: 'plan.deadline', message: 'with a time zone' },
  { name: 'deadline impossible day', plan: { steps: { a: step() }, deadline: '2030-02-30T10:00:00Z' }, path: 'plan.deadline', message: 'got "2030-02-30T10:00:00Z"' },
];

describe('checkPlan', () => {
  it.each(badPlans)('rejects $name', ({ plan, path, message }) => {
    const issues = checkPlan(plan);
    expect(issues).toContainEqual({ path, message: expect.stringContaining(message) as unknown as string });
  });

  it('accepts a valid plan with every field', () => {
    const plan = {
      title: 'All fields',
      steps: {
        a: step({
          requiredOutputs: ['out/a.md', './b.md', 'x/../c.md'],
          validate: [
            { file_exists: { path: 'out/a.md' } },
            { file_contains: { path: 'out/a.md', pattern: '^#', flags: 'm' } },
            { json_schema: { path: 'd.json', schema: { type: 'object' } } },
            { json_schema: { path: 'd.json', schema: 'schemas/d.json' } },
            { payload_has_key: { key: 'k' } },
            { payload_value_matches: { key: 'k', pattern: '\\d+' } },
            { payload_values_equal: { keys: ['k', 'j'], step: 'b' } },
            { command: { argv: ['node', '--version'], timeoutSeconds: 5 } },
            { command_output_contains: { argv: ['node', '-v'], text: 'v' } },
          ],
          onValidationFail: 'b',
          maxAttempts: 100,
          attemptTimeoutMinutes: 0.5,
          timeoutMinutes: 10080,
          agent: 'codex exec',
          env: { _X: '1', sequencer_lowercase: 'allowed' },
          expectPayload: true,
          inheritPayload: false,
        }),
        b: step({ onValidationFail: 'fail' }),
      },
      stepQueue: ['b', 'a'],
      deadline: '2030-01-01T10:00:00.5+02:00',
    };
    expect(checkPlan(plan)).toEqual([]);
  });

  it('reports every issue at once, across steps and plan fields', () => {
    const issues = checkPlan({
      title: 1,
      steps: { a: { title: '' }, b: step({ maxAttempts: -1, requiredOutputs: ['/abs'] }) },
      stepQueue: ['a', 'a'],
    });
    expect(issues.map((i) => i.path)).toEqual(['plan.steps.a.title', 'plan.steps.a.instruction', 'plan.steps.b.requiredOutputs[0]', 'plan.steps.b.maxAttempts', 'plan.title', 'plan.stepQueue[1]']);
  });

  it('uses the base path it is given', () => {
    expect(checkPlan({ steps: { a: { instruction: 'x' } } }, 'state.plan')).toEqual([{ path: 'state.plan.steps.a.title', message: expect.stringContaining('non-empty string') as unknown as string }]);
  });

  it('rejects more than the maximum number of steps but accepts exactly the maximum', () => {
    const steps = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, step()]));
    expect(checkPlan({ steps: steps(MAX_STEPS) })).toEqual([]);
    expect(checkPlan({ steps: steps(MAX_STEPS + 1) })).toEqual([{ path: 'plan.steps', message: `must contain at most ${MAX_STEPS} steps, got ${MAX_STEPS + 1}` }]);
  });

  it('accepts a step id of exactly 100 characters and rejects 101', () => {
    expect(checkPlan({ steps: { ['a'.repeat(100)]: step() } })).toEqual([]);
    expect(checkPlan({ steps: { ['a'.repeat(101)]: step() } })[0]?.message).toContain('invalid step id');
  });

  it('keeps a __proto__ step id as data and reports it', () => {
    const input = JSON.parse('{"steps": {"__proto__": {"title": "t", "instruction": "i", "required_outputs": ["x"]}}}') as unknown;
    const issues = checkPlan(input);
    expect(issues).toEqual([{ path: 'plan.steps.__proto__', message: expect.stringContaining('invalid step id "__proto__"') as unknown as string }]);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});

describe('routing loops', () => {
  it('rejects a two-step loop once, at its first step', () => {
    const issues = checkPlan({ steps: { a: step({ onValidationFail: 'b' }), b: step({ onValidationFail: 'a' }) } });
    expect(issues).toEqual([{ path: 'plan.steps.a.onValidationFail', message: expect.stringContaining('routing can loop forever: a → b → a') as unknown as string }]);
  });

  it('rejects a longer loop reached from a step outside it', () => {
    const issues = checkPlan({
      steps: {
        entry: step({ onValidationFail: 'x' }),
        x: step({ onValidationFail: 'y' }),
        y: step({ onValidationFail: 'z' }),
        z: step({ onValidationFail: 'x' }),
      },
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toEqual({ path: 'plan.steps.x.onValidationFail', message: expect.stringContaining('x → y → z → x') as unknown as string });
  });

  it('reports two separate loops separately', () => {
    const issues = checkPlan({
      steps: { a: step({ onValidationFail: 'b' }), b: step({ onValidationFail: 'a' }), c: step({ onValidationFail: 'd' }), d: step({ onValidationFail: 'c' }) },
    });
    expect(issues.map((i) => i.path)).toEqual(['plan.steps.a.onValidationFail', 'plan.steps.c.onValidationFail']);
  });

  it('accepts chains that end in retry, fail or a step without a route', () => {
    const plan = {
      steps: {
        a: step({ onValidationFail: 'b' }),
        b: step({ onValidationFail: 'c' }),
        c: step({ onValidationFail: 'fail' }),
        d: step({ onValidationFail: 'c' }),
        e: step({ onValidationFail: 'f' }),
        f: step(),
      },
    };
    expect(checkPlan(plan)).toEqual([]);
  });
});

describe('parsePlan', () => {
  it('throws a PlanError naming the source and every issue', () => {
    let caught: unknown;
    try {
      parsePlan({ steps: { a: { title: 1 } } }, 'plans/x.json');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(PlanError);
    const err = caught as PlanError;
    expect(err.source).toBe('plans/x.json');
    expect(err.issues.map((i) => i.path)).toEqual(['plan.steps.a.title', 'plan.steps.a.instruction']);
    expect(err.message).toContain('Invalid plans/x.json (2 problems)');
    expect(err.message).toContain('plan.steps.a.title: must be a non-empty string');
  });

  it('normalizes the required_outputs alias in place, keeping field order', () => {
    const plan = parsePlan({ steps: { a: { title: 't', required_outputs: ['out.md'], instruction: 'i' } } });
    expect(Object.keys(plan.steps.a ?? {})).toEqual(['title', 'requiredOutputs', 'instruction']);
    expect(plan.steps.a?.requiredOutputs).toEqual(['out.md']);
  });

  it('preserves x- extension fields of plans, steps and rules, nested ones included', () => {
    const input = {
      'x-owner': 'team',
      'x-extra': { nested: [1, { deep: true }] },
      steps: { a: step({ 'x-notes': 'keep me', 'x-future': { retryPolicy: 'exp' }, validate: [{ file_exists: { path: 'x', 'x-why': 'kept' } }] }) },
    };
    const plan = parsePlan(input);
    expect(plan).toEqual(input);
    expect(plan['x-owner']).toBe('team');
    expect(plan.steps.a?.['x-notes']).toBe('keep me');
  });

  it('refuses unknown fields of plans, steps and rules with their path and the nearest known name', () => {
    const input = {
      titel: 'T',
      steps: {
        write: step({ requiredOuputs: ['a.md'], maxAttempt: 2, validate: [{ file_contains: { path: 'a.md', patern: 'x' } }, { file_exist: { path: 'a.md' } }] }),
        other: step({ colour: 'blue' }),
      },
    };
    expect(() => parsePlan(input)).toThrow(PlanError);
    expect(checkPlan(input)).toEqual([
      { path: 'plan.titel', message: 'unknown field; did you mean title?' },
      { path: 'plan.steps.write.requiredOuputs', message: 'unknown field; did you mean requiredOutputs?' },
      { path: 'plan.steps.write.maxAttempt', message: 'unknown field; did you mean maxAttempts?' },
      { path: 'plan.steps.write.validate[0].file_contains.patern', message: 'unknown field; did you mean pattern?' },
      { path: 'plan.steps.write.validate[0].file_contains.pattern', message: expect.stringContaining('must be a non-empty regular expression') as string },
      { path: 'plan.steps.write.validate[1].file_exist', message: expect.stringContaining('is not a known rule kind; did you mean file_exists?') as string },
      { path: 'plan.steps.other.colour', message: expect.stringMatching(/^unknown field; expected one of title, instruction, .*"x-"/) as string },
    ]);
  });

  it('keeps unknown fields of a plan inside a state read from disk (seed compatibility)', () => {
    const input = { owner: 'team', steps: { a: step({ notes: 'keep me' }) } };
    const result = validatePlan(input);
    expect(result.issues).toEqual([]);
    expect(result.plan).toEqual(input);
  });

  it('returns a copy: neither the input nor the result can change the other', () => {
    const env = { K: 'v' };
    const input = { steps: { a: step({ required_outputs: ['x.md'], env }) } };
    const snapshot = structuredClone(input);
    const plan = parsePlan(input);
    expect(input).toEqual(snapshot);
    (plan.steps.a?.env as Record<string, string>).K = 'changed';
    expect(env.K).toBe('v');
  });
});
