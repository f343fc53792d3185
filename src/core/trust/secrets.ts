// Secrets we know must never leave the run in what we publish (state on the work branch,
// comments, the job summary, annotations, outputs, artifacts). The agent reads untrusted text
// and may be steered into printing a key it was given; whatever it prints is scrubbed here before
// it is published. Pure: the caller collects the values (inputs, environment) and applies the
// scrubber where text leaves.
import type { State, StepRun } from '../state/types.js';

/**
 * Shorter values are never treated as secrets: hiding `true`, `main` or a 4-digit PIN everywhere
 * would mangle ordinary text (and a value that short is not worth the damage).
 */
export const MIN_SECRET_LENGTH = 8;
export const REDACTED = '***';

/** Environment variables whose names say they hold a secret. */
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|CREDENTIAL|_PAT$/i;

export function looksSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Values of the environment variables whose names look secret (`*TOKEN*`, `*KEY*`, …, `*_PAT`). */
export function environmentSecrets(env: Readonly<Record<string, string | undefined>>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(env)) if (value && looksSecretName(name)) out.push(value);
  return out;
}

export interface SecretSources {
  /** The `github-token` input. */
  token?: string | undefined;
  /** Values listed by the user (the `secrets` input). */
  listed?: readonly string[];
  /** The process environment: values of variables with secret-looking names. */
  env?: Readonly<Record<string, string | undefined>>;
}

export function knownSecrets(sources: SecretSources): string[] {
  return [...(sources.token ? [sources.token] : []), ...(sources.listed ?? []), ...(sources.env ? environmentSecrets(sources.env) : [])];
}

/**
 * The strings to replace: each secret and each line of a multi-line secret (a key file leaks line
 * by line), plus their base64 forms, longest first so a long value goes before any part of it.
 */
export function secretNeedles(secrets: Iterable<string>): string[] {
  const needles = new Set<string>();
  const add = (s: string) => {
    if (s.trim().length >= MIN_SECRET_LENGTH) needles.add(s);
  };
  for (const secret of secrets) {
    if (typeof secret !== 'string') continue;
    for (const value of new Set([secret, ...secret.split(/\r?\n/).map((l) => l.trim())])) {
      if (value.trim().length < MIN_SECRET_LENGTH) continue;
      add(value);
      // `Authorization: basic base64(x-access-token:<token>)` is how git sends a GitHub token.
      add(base64(`x-access-token:${value}`));
      for (const form of base64Forms(value)) add(form);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * The secret encoded on its own, and the part of its encoding that is the same wherever it sits
 * inside a longer encoded blob: base64 works in 3-byte groups, so for each of the three offsets
 * the groups made only of the secret's bytes encode the same way whatever surrounds them.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [bytes.toString('base64')];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const encoded = padded.toString('base64');
    // The first group mixes in bytes before the secret (unless it starts a group); the last may
    // mix in bytes after it.
    forms.push(encoded.slice(shift === 0 ? 0 : 4, 4 * Math.floor(padded.length / 3)));
  }
  return forms;
}

/** Replaces every needle with `***`; needles must be longest first (see secretNeedles). */
export function scrubWith(text: string, needles: readonly string[]): string {
  let out = text;
  for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(REDACTED);
  return out;
}

export interface Scrubber {
  /** What is replaced, longest first (for callers that work on bytes). */
  readonly needles: readonly string[];
  scrub(text: string): string;
}

export function createScrubber(secrets: Iterable<string>): Scrubber {
  const needles = secretNeedles(secrets);
  return { needles, scrub: (text) => (needles.length ? scrubWith(text, needles) : text) };
}

/** Scrubs nothing: for code paths that know no secret. */
export const NO_SECRETS: Scrubber = createScrubber([]);

/** Every string in a JSON value (keys too), scrubbed; the same object when nothing changed. */
export function scrubJson(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => scrubJson(v, scrub));
    return items.every((v, i) => v === value[i]) ? value : items;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const key = scrub(k);
      const item = scrubJson(v, scrub);
      if (key !== k || item !== v) changed = true;
      // defineProperty: a payload key like `__proto__` stays a plain data key.
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}

/** The fields of a step run that hold what the agent and check commands produced. */
export function scrubStepRun(run: StepRun, scrub: (text: string) => string): StepRun {
  const text = (v: string | null | undefined) => (typeof v === 'string' ? scrub(v) : v);
  const attempts = run.attempts?.map((a) => (typeof a.error === 'string' && scrub(a.error) !== a.error ? { ...a, error: scrub(a.error) } : a));
  const next: StepRun = { ...run };
  if (typeof run.stdout === 'string') next.stdout = text(run.stdout);
  if (typeof run.error === 'string') next.error = text(run.error);
  if (run.payload !== undefined) next.payload = scrubJson(run.payload, scrub);
  if (attempts && attempts.some((a, i) => a !== run.attempts![i])) next.attempts = attempts;
  const same = next.stdout === run.stdout && next.error === run.error && next.payload === run.payload && next.attempts === run.attempts;
  return same ? run : next;
}

/**
 * The state with agent output scrubbed: runs' `stdout`, `error`, attempts' errors and payloads,
 * the blockers and a cancel reason. The plan itself is left alone (it is the approved text, and
 * changing it would change its hash). `skip` tells which runs are known to be clean already, so a
 * 10,000-step plan costs a pass over the runs a tick changed, not over every output ever kept.
 */
export function scrubState(state: State, scrub: (text: string) => string, skip: (run: StepRun) => boolean = () => false): State {
  let stepRuns = state.stepRuns;
  for (const [id, run] of Object.entries(state.stepRuns)) {
    if (skip(run)) continue;
    const clean = scrubStepRun(run, scrub);
    if (clean === run) continue;
    if (stepRuns === state.stepRuns) stepRuns = { ...state.stepRuns };
    Object.defineProperty(stepRuns, id, { value: clean, enumerable: true, writable: true, configurable: true });
  }
  const blockers = state.blockers?.map(scrub);
  const reason = state.cancelRequested?.reason;
  return {
    ...state,
    stepRuns,
    ...(blockers ? { blockers } : {}),
    ...(state.cancelRequested && typeof reason === 'string' ? { cancelRequested: { ...state.cancelRequested, reason: scrub(reason) } } : {}),
  };
}
