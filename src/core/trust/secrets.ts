// Secrets we know must never leave the run in what we publish (state on the work branch,
// comments, the job summary, annotations, outputs, artifacts). The agent reads untrusted text
// and may be steered into printing a key it was given; whatever it prints is scrubbed here before
// it is published. Pure: the caller collects the values (inputs, environment) and applies the
// scrubber where text leaves.
import type { State, StepRun } from '../state/types.js';
import { needleScanner, replaceMatches, type Match } from './needle-scan.js';

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
 * by line), in every form an agent can print it (see encodedForms), longest first.
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
      for (const form of encodedForms(value)) add(form);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

/**
 * The secret as the usual encoders print it: an agent told to "encode it first" (or a tool that
 * logs a URL, a request body or a hex dump) must not carry it past the scrubber. The variants of
 * one encoding differ only where the secret holds the characters they treat differently, so most
 * collapse into one needle.
 */
function encodedForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const b64 = base64Forms(bytes);
  return [
    ...b64,
    // base64url (JWTs, URL-safe tokens), with and without padding.
    ...b64.map((f) => f.replace(/\+/g, '-').replace(/\//g, '_')),
    bytes.toString('base64url'),
    ...percentForms(secret, bytes),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    ...jsonForms(secret),
  ];
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/**
 * The secret encoded on its own, and the part of its encoding that is the same wherever it sits
 * inside a longer encoded blob: base64 works in 3-byte groups, so for each of the three offsets
 * the groups made only of the secret's bytes encode the same way whatever surrounds them.
 */
function base64Forms(bytes: Buffer): string[] {
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

const hex2 = (byte: number) => byte.toString(16).padStart(2, '0').toUpperCase();
const percentByte = (c: string) => [...Buffer.from(c, 'utf8')].map((b) => `%${hex2(b)}`).join('');

/**
 * Percent-encodings: encoders agree on letters, digits and non-ASCII bytes and differ on the
 * punctuation they leave alone, so each common choice is a form; and the form with every byte
 * encoded, in both cases of hex, that a tool (or an agent told to) can print.
 */
function percentForms(secret: string, bytes: Buffer): string[] {
  let component: string;
  try {
    component = encodeURIComponent(secret);
  } catch {
    // A lone surrogate has no UTF-8 form; Buffer encoded it as U+FFFD, so the forms below stand.
    component = [...secret].map((c) => (/[A-Za-z0-9\-_.!~*'()]/.test(c) ? c : percentByte(c))).join('');
  }
  // RFC 3986 unreserved only (Python's quote(safe=''), curl --data-urlencode).
  const unreserved = component.replace(/[!'()*]/g, percentByte);
  const upper = [...bytes].map((b) => `%${hex2(b)}`).join('');
  return [
    component,
    unreserved,
    // A URL path keeps its slashes (Python's quote()).
    unreserved.replace(/%2F/g, '/'),
    // A form body: space as `+` (URLSearchParams, Go's QueryEscape).
    new URLSearchParams({ v: secret }).toString().slice(2),
    upper,
    upper.toLowerCase(),
  ];
}

const uEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The secret inside a JSON string: JSON.stringify's escapes (quotes, backslashes, control
 * characters as \n or \u0001), and the variants other encoders print: ASCII only with \u escapes
 * (Python's json.dumps), slashes escaped too (PHP), `<`, `>`, `&` escaped (Go).
 */
function jsonForms(secret: string): string[] {
  const plain = JSON.stringify(secret).slice(1, -1);
  const ascii = plain.replace(/[^\x00-\x7f]/g, uEscape);
  return [plain, ascii, ascii.replace(/\//g, '\\/'), plain.replace(/[<>&]/g, uEscape)];
}

/**
 * Replaces every stretch of text that a needle covers with `***`, in one pass however many needles
 * there are (see needle-scan.ts); overlapping occurrences become one `***`.
 */
export function scrubWith(text: string, needles: readonly string[]): string {
  return needles.length ? redact(text, needleScanner(needles)) : text;
}

function redact(text: string, scan: (text: string) => Match[]): string {
  return replaceMatches(text, scan(text), REDACTED);
}

export interface Scrubber {
  /** What is replaced, longest first (for callers that work on bytes). */
  readonly needles: readonly string[];
  readonly scrub: (text: string) => string;
}

export function createScrubber(secrets: Iterable<string>): Scrubber {
  // Built on first use: every run makes one from the environment before its inputs are read and
  // most never use it, and a dozen encodings of each secret are not free to work out.
  const values = [...secrets];
  let built: { needles: readonly string[]; scan: (text: string) => Match[] } | undefined;
  const get = () => {
    if (built) return built;
    const needles = secretNeedles(values);
    return (built = { needles, scan: needleScanner(needles) });
  };
  return {
    get needles() {
      return get().needles;
    },
    scrub: (text) => {
      const { needles, scan } = get();
      return needles.length ? redact(text, scan) : text;
    },
  };
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
  if (typeof run.stderr === 'string') next.stderr = text(run.stderr);
  if (typeof run.error === 'string') next.error = text(run.error);
  if (run.payload !== undefined) next.payload = scrubJson(run.payload, scrub);
  if (attempts && attempts.some((a, i) => a !== run.attempts![i])) next.attempts = attempts;
  const same = next.stdout === run.stdout && next.stderr === run.stderr && next.error === run.error && next.payload === run.payload && next.attempts === run.attempts;
  return same ? run : next;
}

/**
 * The state with agent output scrubbed: runs' `stdout`, `stderr`, `error`, attempts' errors and payloads,
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
