import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/trust/needle-scan.ts
var MAX_WINDOW = 16;
var TABLE_BITS = 16;
var TABLE_MASK = (1 << TABLE_BITS) - 1;
function needleScanner(needles) {
  const list = [...new Set([...needles].filter((n) => n.length > 0))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return () => [];
  const m = Math.min(MAX_WINDOW, ...list.map((n) => n.length));
  const block = m >= 2 ? 2 : 1;
  const blockKey = (text, end) => block === 2 ? (text.charCodeAt(end - 1) << 5 ^ text.charCodeAt(end)) & TABLE_MASK : text.charCodeAt(end) & TABLE_MASK;
  const shift = new Uint8Array(1 << TABLE_BITS).fill(m - block + 1);
  const heads = /* @__PURE__ */ new Map();
  for (const needle of list) {
    for (let q = block - 1; q < m; q++) {
      const k = blockKey(needle, q);
      shift[k] = Math.min(shift[k], m - 1 - q);
    }
    const h = headHash(needle, 0, m);
    const same = heads.get(h);
    if (same) same.push(needle);
    else heads.set(h, [needle]);
  }
  return (text) => {
    const found = [];
    const n = text.length;
    for (let pos = m - 1; pos < n; ) {
      const s = shift[blockKey(text, pos)];
      if (s > 0) {
        pos += s;
        continue;
      }
      const start = pos - m + 1;
      const candidates = heads.get(headHash(text, start, m));
      if (candidates) {
        for (const needle of candidates) {
          if (!text.startsWith(needle, start)) continue;
          const end = start + needle.length;
          const last = found[found.length - 1];
          if (last && start < last.end) last.end = Math.max(last.end, end);
          else found.push({ start, end });
          break;
        }
      }
      pos += 1;
    }
    return found;
  };
}
function replaceMatches(text, matches, replacement) {
  if (matches.length === 0) return text;
  const parts = [];
  let from = 0;
  for (const { start, end } of matches) {
    parts.push(text.slice(from, start), replacement);
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join("");
}
function headHash(text, start, length) {
  let h = 2166136261;
  for (let i = start; i < start + length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

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
      for (const form of encodedForms(value)) add(form);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}
function encodedForms(secret) {
  const bytes = Buffer.from(secret, "utf8");
  const b64 = base64Forms(bytes);
  return [
    ...b64,
    // base64url (JWTs, URL-safe tokens), with and without padding.
    ...b64.map((f) => f.replace(/\+/g, "-").replace(/\//g, "_")),
    bytes.toString("base64url"),
    ...percentForms(secret, bytes),
    bytes.toString("hex"),
    bytes.toString("hex").toUpperCase(),
    ...jsonForms(secret)
  ];
}
function base64(text) {
  return Buffer.from(text, "utf8").toString("base64");
}
function base64Forms(bytes) {
  const forms = [bytes.toString("base64")];
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    const encoded = padded.toString("base64");
    forms.push(encoded.slice(shift === 0 ? 0 : 4, 4 * Math.floor(padded.length / 3)));
  }
  return forms;
}
var hex2 = (byte) => byte.toString(16).padStart(2, "0").toUpperCase();
var percentByte = (c) => [...Buffer.from(c, "utf8")].map((b) => `%${hex2(b)}`).join("");
function percentForms(secret, bytes) {
  let component;
  try {
    component = encodeURIComponent(secret);
  } catch {
    component = [...secret].map((c) => /[A-Za-z0-9\-_.!~*'()]/.test(c) ? c : percentByte(c)).join("");
  }
  const unreserved = component.replace(/[!'()*]/g, percentByte);
  const upper = [...bytes].map((b) => `%${hex2(b)}`).join("");
  return [
    component,
    unreserved,
    // A URL path keeps its slashes (Python's quote()).
    unreserved.replace(/%2F/g, "/"),
    // A form body: space as `+` (URLSearchParams, Go's QueryEscape).
    new URLSearchParams({ v: secret }).toString().slice(2),
    upper,
    upper.toLowerCase()
  ];
}
var uEscape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
function jsonForms(secret) {
  const plain = JSON.stringify(secret).slice(1, -1);
  const ascii = plain.replace(/[^\x00-\x7f]/g, uEscape);
  return [plain, ascii, ascii.replace(/\//g, "\\/"), plain.replace(/[<>&]/g, uEscape)];
}
function scrubWith(text, needles) {
  return needles.length ? redact(text, needleScanner(needles)) : text;
}
function redact(text, scan) {
  return replaceMatches(text, scan(text), REDACTED);
}
function createScrubber(secrets) {
  const needles = secretNeedles(secrets);
  const scan = needleScanner(needles);
  return { needles, scrub: (text) => needles.length ? redact(text, scan) : text };
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

// src/build-id.ts
var BUILD_ID = true ? "build-91b6b68476feee05" : "source";

export {
  MIN_SECRET_LENGTH,
  environmentSecrets,
  knownSecrets,
  scrubWith,
  createScrubber,
  NO_SECRETS,
  scrubJson,
  scrubState,
  BUILD_ID
};
