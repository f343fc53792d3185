
// src/core/trust/needle-scan.ts
function needleScanner(needles) {
  let list = [...new Set([...needles].filter((n) => n.length > 0))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return () => [];
  let m = Math.min(16, ...list.map((n) => n.length)), block = m >= 2 ? 2 : 1, blockKey = (text, end) => block === 2 ? (text.charCodeAt(end - 1) << 5 ^ text.charCodeAt(end)) & 65535 : text.charCodeAt(end) & 65535, shift = new Uint8Array(65536).fill(m - block + 1), heads = /* @__PURE__ */ new Map();
  for (let needle of list) {
    for (let q = block - 1; q < m; q++) {
      let k = blockKey(needle, q);
      shift[k] = Math.min(shift[k], m - 1 - q);
    }
    let h = headHash(needle, 0, m), same = heads.get(h);
    same ? same.push(needle) : heads.set(h, [needle]);
  }
  return (text) => {
    let found = [], n = text.length;
    for (let pos = m - 1; pos < n; ) {
      let s = shift[blockKey(text, pos)];
      if (s > 0) {
        pos += s;
        continue;
      }
      let start = pos - m + 1, candidates = heads.get(headHash(text, start, m));
      if (candidates)
        for (let needle of candidates) {
          if (!text.startsWith(needle, start)) continue;
          let end = start + needle.length, last = found[found.length - 1];
          last && start < last.end ? last.end = Math.max(last.end, end) : found.push({ start, end });
          break;
        }
      pos += 1;
    }
    return found;
  };
}
function replaceMatches(text, matches, replacement) {
  if (matches.length === 0) return text;
  let parts = [], from = 0;
  for (let { start, end } of matches)
    parts.push(text.slice(from, start), replacement), from = end;
  return parts.push(text.slice(from)), parts.join("");
}
function headHash(text, start, length) {
  let h = 2166136261;
  for (let i = start; i < start + length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// src/core/trust/secrets.ts
var MIN_SECRET_LENGTH = 8, REDACTED = "***", SECRET_NAME = /TOKEN|KEY|SECRET|PASSWORD|CREDENTIAL|_PAT$/i;
function looksSecretName(name) {
  return SECRET_NAME.test(name);
}
function environmentSecrets(env) {
  let out = [];
  for (let [name, value] of Object.entries(env)) value && looksSecretName(name) && out.push(value);
  return out;
}
function knownSecrets(sources) {
  return [...sources.token ? [sources.token] : [], ...sources.listed ?? [], ...sources.env ? environmentSecrets(sources.env) : []];
}
function secretNeedles(secrets) {
  let needles = /* @__PURE__ */ new Set(), add = (s) => {
    s.trim().length >= MIN_SECRET_LENGTH && needles.add(s);
  };
  for (let secret of secrets)
    if (typeof secret == "string") {
      for (let value of /* @__PURE__ */ new Set([secret, ...secret.split(/\r?\n/).map((l) => l.trim())]))
        if (!(value.trim().length < MIN_SECRET_LENGTH)) {
          add(value), add(base64(`x-access-token:${value}`));
          for (let form of encodedForms(value)) add(form);
        }
    }
  return [...needles].sort((a, b) => b.length - a.length);
}
function encodedForms(secret) {
  let bytes = Buffer.from(secret, "utf8"), b64 = base64Forms(bytes);
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
  let forms = [bytes.toString("base64")];
  for (let shift = 0; shift < 3; shift++) {
    let padded = Buffer.concat([Buffer.alloc(shift), bytes]), encoded = padded.toString("base64");
    forms.push(encoded.slice(shift === 0 ? 0 : 4, 4 * Math.floor(padded.length / 3)));
  }
  return forms;
}
var hex2 = (byte) => byte.toString(16).padStart(2, "0").toUpperCase(), percentByte = (c) => [...Buffer.from(c, "utf8")].map((b) => `%${hex2(b)}`).join("");
function percentForms(secret, bytes) {
  let component;
  try {
    component = encodeURIComponent(secret);
  } catch {
    component = [...secret].map((c) => /[A-Za-z0-9\-_.!~*'()]/.test(c) ? c : percentByte(c)).join("");
  }
  let unreserved = component.replace(/[!'()*]/g, percentByte), upper = [...bytes].map((b) => `%${hex2(b)}`).join("");
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
  let plain = JSON.stringify(secret).slice(1, -1), ascii = plain.replace(/[^\x00-\x7f]/g, uEscape);
  return [plain, ascii, ascii.replace(/\//g, "\\/"), plain.replace(/[<>&]/g, uEscape)];
}
function scrubWith(text, needles) {
  return needles.length ? redact(text, needleScanner(needles)) : text;
}
function redact(text, scan) {
  return replaceMatches(text, scan(text), REDACTED);
}
function createScrubber(secrets) {
  let values = [...secrets], built, get = () => {
    if (built) return built;
    let needles = secretNeedles(values);
    return built = { needles, scan: needleScanner(needles) };
  };
  return {
    get needles() {
      return get().needles;
    },
    scrub: (text) => {
      let { needles, scan } = get();
      return needles.length ? redact(text, scan) : text;
    }
  };
}
var NO_SECRETS = createScrubber([]);
function scrubJson(value, scrub) {
  if (typeof value == "string") return scrub(value);
  if (Array.isArray(value)) {
    let items = value.map((v) => scrubJson(v, scrub));
    return items.every((v, i) => v === value[i]) ? value : items;
  }
  if (value && typeof value == "object") {
    let changed = !1, out = {};
    for (let [k, v] of Object.entries(value)) {
      let key = scrub(k), item = scrubJson(v, scrub);
      (key !== k || item !== v) && (changed = !0), Object.defineProperty(out, key, { value: item, enumerable: !0, writable: !0, configurable: !0 });
    }
    return changed ? out : value;
  }
  return value;
}
function scrubStepRun(run, scrub) {
  let text = (v) => typeof v == "string" ? scrub(v) : v, attempts = run.attempts?.map((a) => typeof a.error == "string" && scrub(a.error) !== a.error ? { ...a, error: scrub(a.error) } : a), next = { ...run };
  return typeof run.stdout == "string" && (next.stdout = text(run.stdout)), typeof run.stderr == "string" && (next.stderr = text(run.stderr)), typeof run.error == "string" && (next.error = text(run.error)), run.payload !== void 0 && (next.payload = scrubJson(run.payload, scrub)), attempts && attempts.some((a, i) => a !== run.attempts[i]) && (next.attempts = attempts), next.stdout === run.stdout && next.stderr === run.stderr && next.error === run.error && next.payload === run.payload && next.attempts === run.attempts ? run : next;
}
function scrubState(state, scrub, skip = () => !1) {
  let stepRuns = state.stepRuns;
  for (let [id, run] of Object.entries(state.stepRuns)) {
    if (skip(run)) continue;
    let clean = scrubStepRun(run, scrub);
    clean !== run && (stepRuns === state.stepRuns && (stepRuns = { ...state.stepRuns }), Object.defineProperty(stepRuns, id, { value: clean, enumerable: !0, writable: !0, configurable: !0 }));
  }
  let blockers = state.blockers?.map(scrub), reason = state.cancelRequested?.reason;
  return {
    ...state,
    stepRuns,
    ...blockers ? { blockers } : {},
    ...state.cancelRequested && typeof reason == "string" ? { cancelRequested: { ...state.cancelRequested, reason: scrub(reason) } } : {}
  };
}

// src/build-id.ts
var BUILD_ID = "build-89231833ac5cedc6";

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
