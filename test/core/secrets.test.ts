import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, NO_SECRETS, createScrubber, environmentSecrets, knownSecrets, looksSecretName, scrubState, scrubWith, secretNeedles } from '../../src/core/trust/secrets.js';
import type { State, StepRun } from '../../src/core/state/types.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

describe('which values are secrets', () => {
  it.each([
    ['GITHUB_TOKEN', true],
    ['INPUT_GITHUB-TOKEN', true],
    ['OPENAI_API_KEY', true],
    ['aws_secret_access_key', true],
    ['DB_PASSWORD', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['MY_PAT', true],
    ['INPUT_SECRETS', true],
    ['PATH', false],
    ['PATTERN', false],
    ['HOME', false],
    ['GITHUB_REPOSITORY', false],
  ])('%s looks secret: %s', (name, expected) => {
    expect(looksSecretName(name)).toBe(expected);
  });

  it('takes the values of secret-looking variables, and the token and listed values', () => {
    const env = { OPENAI_API_KEY: KEY, PATH: '/usr/bin:/bin', EMPTY_TOKEN: '', UNSET_KEY: undefined };
    expect(environmentSecrets(env)).toEqual([KEY]);
    expect(knownSecrets({ token: TOKEN, listed: ['postgres://u:pw@db/x'], env })).toEqual([TOKEN, 'postgres://u:pw@db/x', KEY]);
  });
});

describe('secretNeedles', () => {
  it('ignores values under 8 characters, so ordinary words are never mangled', () => {
    expect(MIN_SECRET_LENGTH).toBe(8);
    expect(secretNeedles(['', 'true', 'main', '1234567', '       x'])).toEqual([]);
    expect(createScrubber(['1234567']).scrub('pin 1234567 stays')).toBe('pin 1234567 stays');
  });

  it('includes the base64 form of each secret and of x-access-token:<secret>, longest first', () => {
    const needles = secretNeedles([TOKEN]);
    expect(needles).toContain(TOKEN);
    expect(needles).toContain(b64(TOKEN));
    expect(needles).toContain(b64(`x-access-token:${TOKEN}`));
    expect([...needles].sort((a, b) => b.length - a.length)).toEqual(needles);
  });

  it('hides each line of a multi-line secret', () => {
    const pem = '-----BEGIN KEY-----\nAAAABBBBCCCC\n-----END KEY-----';
    expect(createScrubber([pem]).scrub('found\nAAAABBBBCCCC\nin the log')).toBe('found\n***\nin the log');
  });
});

describe('createScrubber', () => {
  const { scrub } = createScrubber([TOKEN, KEY]);

  it('replaces every occurrence, the longer value first', () => {
    expect(scrub(`token=${TOKEN} again ${TOKEN}; key ${KEY}`)).toBe('token=*** again ***; key ***');
    expect(scrubWith('a-long-secret-value and a-long', ['a-long-secret-value', 'a-long'])).toBe('*** and ***');
  });

  it('catches the base64 forms, as git sends them in Authorization: basic', () => {
    expect(scrub(`Authorization: basic ${b64(`x-access-token:${TOKEN}`)}`)).toBe('Authorization: basic ***');
    expect(scrub(`echo ${b64(KEY)}`)).toBe('echo ***');
    expect(scrub(`Authorization: basic ${b64(`x-access-token:${TOKEN}`)}`)).not.toContain(b64(TOKEN).slice(0, 20));
  });

  it('catches a secret inside a longer base64 blob, wherever it starts', () => {
    for (const prefix of ['', 'a', 'ab', 'user:', 'Bearer ']) {
      const blob = b64(`${prefix}${KEY}\n{"more":"data"}`);
      const out = scrub(blob);
      expect(out, `prefix ${JSON.stringify(prefix)}`).toContain('***');
      // What is left cannot be decoded back into the key.
      expect(Buffer.from(out.replace(/\*\*\*/g, ''), 'base64').toString('latin1')).not.toContain(KEY.slice(8, 30));
    }
  });

  it('leaves text without secrets alone, and scrubs nothing without any', () => {
    expect(scrub('nothing to see')).toBe('nothing to see');
    expect(NO_SECRETS.needles).toEqual([]);
    expect(NO_SECRETS.scrub(TOKEN)).toBe(TOKEN);
  });
});

describe('the forms an agent can print a secret in', () => {
  const hex2 = (b: number) => b.toString(16).padStart(2, '0');
  const bytes = (s: string) => [...Buffer.from(s, 'utf8')];
  const jsonInner = (s: string) => JSON.stringify(s).slice(1, -1);
  const uEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const FORMS: Array<[string, (s: string) => string]> = [
    ['plain', (s) => s],
    ['base64', (s) => b64(s)],
    ['percent-encoded (encodeURIComponent)', (s) => encodeURIComponent(s)],
    [
      'every byte percent-encoded, upper-case hex',
      (s) =>
        bytes(s)
          .map((b) => `%${hex2(b).toUpperCase()}`)
          .join(''),
    ],
    [
      'every byte percent-encoded, lower-case hex',
      (s) =>
        bytes(s)
          .map((b) => `%${hex2(b)}`)
          .join(''),
    ],
    ['form-encoded (URLSearchParams)', (s) => new URLSearchParams({ v: s }).toString().slice(2)],
    ['percent-encoded keeping only unreserved characters', (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${hex2(c.charCodeAt(0)).toUpperCase()}`)],
    [
      'percent-encoded keeping / (a URL path)',
      (s) =>
        encodeURIComponent(s)
          .replace(/[!'()*]/g, (c) => `%${hex2(c.charCodeAt(0)).toUpperCase()}`)
          .replace(/%2F/g, '/'),
    ],
    ['hex, lower case', (s) => Buffer.from(s).toString('hex')],
    ['hex, upper case', (s) => Buffer.from(s).toString('hex').toUpperCase()],
    ['JSON string (JSON.stringify)', jsonInner],
    ['JSON string, ASCII only (\\u escapes)', (s) => jsonInner(s).replace(/[^\x00-\x7f]/g, uEscape)],
    [
      'JSON string with escaped slashes',
      (s) =>
        jsonInner(s)
          .replace(/[^\x00-\x7f]/g, uEscape)
          .replace(/\//g, '\\/'),
    ],
    ['JSON string, HTML-safe (<, >, & escaped)', (s) => jsonInner(s).replace(/[<>&]/g, uEscape)],
    ['base64url', (s) => Buffer.from(s).toString('base64url')],
    ['base64url with padding', (s) => b64(s).replace(/\+/g, '-').replace(/\//g, '_')],
  ];
  const SECRETS: Array<[string, string]> = [
    ['an API key', KEY],
    ['a key with / + =', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY+EXAMPLEKEY='],
    ['a password with quotes, <&>, a backslash, a tab, a control character and non-ASCII letters', 'pässwörd "q" <&> \\ tab\t\u0001 ✓ 𝄞 end'],
    ['a multi-line key', '-----BEGIN KEY-----\nAAAABBBBCCCCDDDD/+==\n-----END KEY-----\n'],
  ];
  const cases = SECRETS.flatMap(([what, secret]) => FORMS.map(([form, encode]): [string, string, string] => [what, form, encode(secret)]));

  it.each(cases)('%s, %s', (what, _form, printed) => {
    const secret = SECRETS.find(([w]) => w === what)![1];
    expect(createScrubber([secret]).scrub(`before ${printed} after`)).toBe('before *** after');
  });

  it('every form is found as bytes too (the attempt logs are scrubbed as bytes)', () => {
    const secret = SECRETS[2]![1];
    const needles = secretNeedles([secret]).map((n) => Buffer.from(n, 'utf8').toString('latin1'));
    for (const [form, encode] of FORMS) {
      const printed = Buffer.from(`[${encode(secret)}]`, 'utf8').toString('latin1');
      expect(scrubWith(printed, needles), form).toBe('[***]');
    }
  });

  it('catches a secret inside a longer hex dump, URL or base64url blob', () => {
    const { scrub } = createScrubber([KEY]);
    const dump = Buffer.from(`{"key":"${KEY}"}`).toString('hex');
    expect(Buffer.from(scrub(dump).replace(/\*\*\*/g, ''), 'hex').toString('latin1')).not.toContain(KEY.slice(0, 12));
    expect(scrub(`https://api.example/v1?key=${encodeURIComponent(KEY)}&q=1`)).toBe('https://api.example/v1?key=***&q=1');
    for (const prefix of ['', 'a', 'ab', '{"k":"']) {
      const blob = Buffer.from(`${prefix}${KEY}"}`).toString('base64url');
      const out = scrub(blob);
      expect(out, `prefix ${JSON.stringify(prefix)}`).toContain('***');
      expect(Buffer.from(out.replace(/\*\*\*/g, ''), 'base64url').toString('latin1')).not.toContain(KEY.slice(8, 30));
    }
  });

  it('a value that is not valid UTF-16 (a lone surrogate) is still scrubbed, in the forms it has', () => {
    const odd = 'abcdefgh\ud800xyz';
    const { scrub } = createScrubber([odd]);
    expect(scrub(`[${odd}]`)).toBe('[***]');
    expect(scrub(`[${Buffer.from(odd).toString('hex')}]`)).toBe('[***]');
  });

  it('the forms of a short value are not secrets either', () => {
    // The hex and percent forms of `1234567` are long, but the value is not worth hiding.
    expect(secretNeedles(['1234567'])).toEqual([]);
  });
});

describe('scrubState', () => {
  const run = (extra: Partial<StepRun>): StepRun => ({ status: 'FAILED', tries: 1, ...extra });
  const state = (stepRuns: Record<string, StepRun>, extra: Partial<State> = {}): State => ({
    status: 'BLOCKED',
    plan: { title: `plan mentions ${KEY}`, steps: { a: { title: 'A', instruction: 'I' }, b: { title: 'B', instruction: 'I' } } },
    stepQueue: ['a', 'b'],
    currentStep: 0,
    stepRuns,
    ...extra,
  });
  const { scrub } = createScrubber([KEY]);

  it('scrubs stdout, stderr, errors, attempts, payloads (keys too), blockers and a cancel reason; never the plan', () => {
    const before = state(
      {
        a: run({
          stdout: `printed ${KEY}`,
          stderr: `warned ${KEY}`,
          error: `failed: ${KEY}`,
          attempts: [{ n: 1, runId: 'p/a/1', startedAt: 't', error: `exit 1: ${b64(KEY)}` }],
          payload: { key: KEY, nested: [{ [KEY]: `x ${KEY}` }], n: 1 },
        }),
      },
      { blockers: [`a: ${KEY}`], cancelRequested: { by: 'me', at: 't', reason: `because ${KEY}` } },
    );
    const after = scrubState(before, scrub);
    expect(JSON.stringify({ ...after, plan: null })).not.toContain(KEY);
    expect(after.stepRuns.a).toMatchObject({ stdout: 'printed ***', stderr: 'warned ***', error: 'failed: ***', payload: { key: '***', nested: [{ '***': 'x ***' }], n: 1 } });
    expect(after.stepRuns.a?.attempts?.[0]?.error).toBe('exit 1: ***');
    expect(after.blockers).toEqual(['a: ***']);
    expect(after.cancelRequested?.reason).toBe('because ***');
    expect(after.plan).toBe(before.plan);
    // The input is not modified.
    expect(before.stepRuns.a?.stdout).toBe(`printed ${KEY}`);
  });

  it('keeps clean runs as they are and skips the runs it is told are clean', () => {
    const clean = run({ stdout: 'fine', stderr: 'fine too' });
    const dirty = run({ stderr: KEY });
    const after = scrubState(state({ a: clean, b: dirty }), scrub);
    expect(after.stepRuns.a).toBe(clean);
    expect(after.stepRuns.b?.stderr).toBe('***');
    const skipped = scrubState(state({ a: clean, b: dirty }), scrub, (r) => r === dirty);
    expect(skipped.stepRuns.b).toBe(dirty);
  });
});
