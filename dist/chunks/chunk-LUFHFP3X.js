import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/trust/secrets.ts
var MIN_SECRET_LENGTH = 8;
var REDACTED = "***";
var SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|CREDENTIAL|_PAT$/i;
function looksSecretName(name) {
  return SECRET_NAME.test(name);
}
function environmentSecrets(env) {
  const out = [];
  for (const [name, value] of Object.entries(env)) if (value && looksSecretName(name)) out.push(value);
  return out;
}
function knownSecrets(sources) {
  return [...sources.token ? [sources.token] : [], ...sources.listed ?? [], ...sources.env ? environmentSecrets(sources.env) : []];
}
function secretNeedles(secrets) {
  const needles = /* @__PURE__ */ new Set();
  const add = (s) => {
    if (s.trim().length >= MIN_SECRET_LENGTH) needles.add(s);
  };
  for (const secret of secrets) {
    if (typeof secret !== "string") continue;
    for (const value of /* @__PURE__ */ new Set([secret, ...secret.split(/\r?\n/).map((l) => l.trim())])) {
      if (value.trim().length < MIN_SECRET_LENGTH) continue;
      add(value);
      add(base64(`x-access-token:${value}`));
      for (const form of base64Forms(value)) add(form);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}
function base64(text) {
  return Buffer.from(text, "utf8").toString("base64");
}
function base64Forms(secret) {
  const bytes = Buffer.from(secret, "utf8");
  const forms = [bytes.toString("base64")];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const encoded = padded.toString("base64");
    forms.push(encoded.slice(shift === 0 ? 0 : 4, 4 * Math.floor(padded.length / 3)));
  }
  return forms;
}
function scrubWith(text, needles) {
  let out = text;
  for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(REDACTED);
  return out;
}
function createScrubber(secrets) {
  const needles = secretNeedles(secrets);
  return { needles, scrub: (text) => needles.length ? scrubWith(text, needles) : text };
}
var NO_SECRETS = createScrubber([]);
function scrubJson(value, scrub) {
  if (typeof value === "string") return scrub(value);
  if (Array.isArray(value)) {
    const items = value.map((v) => scrubJson(v, scrub));
    return items.every((v, i) => v === value[i]) ? value : items;
  }
  if (value && typeof value === "object") {
    let changed = false;
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const key = scrub(k);
      const item = scrubJson(v, scrub);
      if (key !== k || item !== v) changed = true;
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}
function scrubStepRun(run, scrub) {
  const text = (v) => typeof v === "string" ? scrub(v) : v;
  const attempts = run.attempts?.map((a) => typeof a.error === "string" && scrub(a.error) !== a.error ? { ...a, error: scrub(a.error) } : a);
  const next = { ...run };
  if (typeof run.stdout === "string") next.stdout = text(run.stdout);
  if (typeof run.error === "string") next.error = text(run.error);
  if (run.payload !== void 0) next.payload = scrubJson(run.payload, scrub);
  if (attempts && attempts.some((a, i) => a !== run.attempts[i])) next.attempts = attempts;
  const same = next.stdout === run.stdout && next.error === run.error && next.payload === run.payload && next.attempts === run.attempts;
  return same ? run : next;
}
function scrubState(state, scrub, skip = () => false) {
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
    ...blockers ? { blockers } : {},
    ...state.cancelRequested && typeof reason === "string" ? { cancelRequested: { ...state.cancelRequested, reason: scrub(reason) } } : {}
  };
}

export {
  MIN_SECRET_LENGTH,
  environmentSecrets,
  knownSecrets,
  scrubWith,
  createScrubber,
  NO_SECRETS,
  scrubState
};
