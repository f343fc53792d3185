import {
  ISO_DATE_TIME,
  isRealDate
} from "./chunk-X26RSK32.js";
import {
  compilePattern
} from "./chunk-JRKLLSI7.js";
import {
  exactDuration
} from "./chunk-UZTB5BNK.js";

// src/core/plan/json-error-position.ts
function findJsonSyntaxError(text) {
  let offset;
  try {
    offset = new Scanner(text).run();
  } catch {
    return null;
  }
  if (offset === null) return null;
  let before = text.slice(0, offset), line = before.split(`
`).length, column = offset - before.lastIndexOf(`
`), ch = text[offset];
  return { line, column, reason: ch === void 0 ? "unexpected end of input" : `unexpected ${JSON.stringify(ch)}` };
}
var Fail = class extends Error {
  constructor(offset) {
    super(`JSON syntax error at offset ${offset}`);
    this.offset = offset;
  }
  offset;
}, NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y, Scanner = class {
  constructor(s) {
    this.s = s;
  }
  s;
  i = 0;
  run() {
    try {
      if (this.value(), this.ws(), this.i < this.s.length) throw new Fail(this.i);
      return null;
    } catch (err) {
      if (err instanceof Fail) return err.offset;
      throw err;
    }
  }
  ws() {
    for (; this.i < this.s.length && ` 	
\r`.includes(this.s[this.i]); ) this.i++;
  }
  value() {
    this.ws();
    let c = this.s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (let word of ["true", "false", "null"])
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    NUMBER.lastIndex = this.i;
    let m = NUMBER.exec(this.s);
    if (!m || m[0].length === 0) throw new Fail(this.i);
    this.i += m[0].length;
  }
  object() {
    if (this.i++, this.ws(), this.s[this.i] === "}") {
      this.i++;
      return;
    }
    for (; ; ) {
      if (this.ws(), this.s[this.i] !== '"') throw new Fail(this.i);
      if (this.string(), this.ws(), this.s[this.i] !== ":") throw new Fail(this.i);
      this.i++, this.value(), this.ws();
      let c = this.s[this.i++];
      if (c === "}") return;
      if (c !== ",") throw new Fail(this.i - 1);
    }
  }
  array() {
    if (this.i++, this.ws(), this.s[this.i] === "]") {
      this.i++;
      return;
    }
    for (; ; ) {
      this.value(), this.ws();
      let c = this.s[this.i++];
      if (c === "]") return;
      if (c !== ",") throw new Fail(this.i - 1);
    }
  }
  string() {
    for (this.i++; ; ) {
      let c = this.s[this.i];
      if (c === void 0 || c < " ") throw new Fail(this.i);
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === "\\") {
        let e = this.s[this.i + 1];
        if (e !== void 0 && '"\\/bfnrt'.includes(e)) this.i += 2;
        else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.i += 6;
        else throw new Fail(this.i + 1);
      } else this.i++;
    }
  }
};

// src/core/tick/payload.ts
var DEFAULT_PAYLOAD_MAX_BYTES = 64 * 1024, WHERE = "$SEQUENCER_PAYLOAD_FILE";
function interpretPayload(read, opts) {
  if (read.kind === "missing")
    return opts.expected ? { ok: !1, error: `expected a JSON payload in ${WHERE}, none was written` } : { ok: !0, payload: void 0 };
  if (read.kind === "too-large")
    return {
      ok: !1,
      error: `the payload in ${WHERE} is ${read.bytes} bytes, more than the ${formatBytes(opts.maxBytes)} cap; keep large data in workspace files and put their paths in the payload`
    };
  if (read.kind === "unreadable") return { ok: !1, error: `could not read the payload in ${WHERE}: ${read.reason}` };
  let text = read.text.replace(/^\uFEFF/, ""), value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    let at = findJsonSyntaxError(text), where = at ? `line ${at.line} column ${at.column}: ${at.reason}` : err instanceof Error ? err.message : String(err);
    return { ok: !1, error: `the payload in ${WHERE} is not valid JSON (${where}); expected a JSON object` };
  }
  return value === null || typeof value != "object" || Array.isArray(value) ? { ok: !1, error: `the payload in ${WHERE} must be a JSON object, got ${kindOf(value)}` } : { ok: !0, payload: value };
}
function lookupKey(payload, dotted) {
  let value = payload;
  for (let part of dotted.split("."))
    if (Array.isArray(value) && /^\d+$/.test(part) && Number(part) < value.length) value = value[Number(part)];
    else if (value !== null && typeof value == "object" && !Array.isArray(value) && Object.hasOwn(value, part)) value = value[part];
    else return { found: !1 };
  return { found: !0, value };
}
function inheritedPayloads(state) {
  let out = {};
  for (let id of state.stepQueue.slice(0, state.currentStep)) {
    let run = state.stepRuns[id];
    run?.status === "DONE" && run.payload !== void 0 && Object.defineProperty(out, id, { value: run.payload, enumerable: !0, writable: !0, configurable: !0 });
  }
  return out;
}
function kindOf(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value} (${JSON.stringify(value).slice(0, 40)})`;
}
function formatBytes(n) {
  return n % 1024 === 0 ? `${n} bytes (${n / 1024} KiB)` : `${n} bytes`;
}

// src/core/tick/json-schema-check.ts
var linearRegExp = Object.assign(
  (pattern) => {
    let compiled = compilePattern(pattern);
    if (!compiled.ok) throw new Error(`pattern ${JSON.stringify(pattern)} is not RE2 syntax: ${compiled.problem}`);
    return { test: (text) => compiled.pattern.test(text), toString: () => `/${pattern}/u` };
  },
  { code: "linearRegExp" }
), OPTIONS = {
  allErrors: !0,
  // Hand-written schemas often carry keywords or formats Ajv does not know; they are ignored
  // rather than refused, as most validators do.
  strict: !1,
  logger: !1,
  code: { regExp: linearRegExp }
};
async function compile(schema) {
  let dialect = typeof schema.$schema == "string" ? schema.$schema : "";
  if (/draft-0[67]/.test(dialect)) {
    let Ajv = exported(await import("./ajv-IMRP62FB.js"), "Ajv"), ajv = new Ajv(OPTIONS);
    return dialect.includes("draft-06") && ajv.addMetaSchema(await draft06MetaSchema()), ajv.compile(schema);
  }
  if (dialect.includes("2019-09")) {
    let Ajv2019 = exported(await import("./2019-O3NMMOGT.js"), "Ajv2019");
    return new Ajv2019(OPTIONS).compile(schema);
  }
  let Ajv2020 = exported(await import("./2020-LT7PSSKY.js"), "Ajv2020");
  return new Ajv2020(OPTIONS).compile(schema);
}
function exported(mod, name) {
  let m = mod, found = m[name] ?? m.default?.[name];
  if (typeof found != "function") throw new Error(`ajv does not export ${name}`);
  return found;
}
async function draft06MetaSchema() {
  return (await import("./json-schema-draft-06-5NO2MB5L.js")).default;
}
async function checkAgainstSchema(schema, instance, max = 3) {
  let validate;
  try {
    validate = await compile(schema);
  } catch (err) {
    return { ok: !1, schemaError: err instanceof Error ? err.message : String(err) };
  }
  if (validate(instance)) return { ok: !0 };
  let errors = validate.errors ?? [];
  return { ok: !1, errors: errors.slice(0, max).map(describeSchemaError), total: errors.length };
}
function describeSchemaError(e) {
  let params = e.params, extra = typeof params.additionalProperty == "string" ? ` ("${params.additionalProperty}")` : Array.isArray(params.allowedValues) ? ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")})` : "";
  return `${e.instancePath || "/"}: ${e.message ?? e.keyword}${extra}`;
}

// src/core/tick/provenance.ts
var DAY_MS = 864e5, CLOCK_SKEW_MS = 5 * 6e4, NAMED = 5;
function provenanceLabel(body) {
  return `payload_provenance(${body.key}${body.maxAgeDays !== void 0 ? `, at most ${body.maxAgeDays} days old` : ""})`;
}
function provenanceResult(body, payload, now) {
  let rule = provenanceLabel(body), fail2 = (reason) => ({ rule, ok: !1, reason });
  if (payload === void 0) return fail2("no payload was written to $SEQUENCER_PAYLOAD_FILE");
  let found = lookupKey(payload, body.key);
  if (!found.found) {
    let keys = Object.keys(payload);
    return fail2(`the payload has no key "${body.key}"${keys.length ? ` (it has: ${keys.slice(0, 10).join(", ")}${keys.length > 10 ? ", ..." : ""})` : " (it is empty)"}`);
  }
  if (!Array.isArray(found.value)) return fail2(`the payload value at "${body.key}" must be a list of items, got ${kind(found.value)}`);
  let problems = [];
  if (found.value.forEach((item, i) => {
    let problem = itemProblem(item, `${body.key}[${i}]`, body.maxAgeDays, now);
    problem && problems.push(problem);
  }), !problems.length) return { rule, ok: !0 };
  let more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : "";
  return fail2(`${problems.length} of ${found.value.length} items fail${problems.length === 1 ? "s" : ""}: ${problems.slice(0, NAMED).join("; ")}${more}`);
}
function itemProblem(item, at, maxAgeDays, now) {
  if (item === null || typeof item != "object" || Array.isArray(item)) return `${at} is not an object`;
  let record = item, url = record.sourceUrl;
  if (url == null) return `${at} has no sourceUrl`;
  if (typeof url != "string" || !isWebUrl(url)) return `${at}.sourceUrl must be an http(s) URL, got ${short(url)}`;
  let when = record.retrievedAt;
  if (when == null) return `${at} has no retrievedAt`;
  if (typeof when != "string" || !ISO_DATE_TIME.test(when) || !isRealDate(when)) return `${at}.retrievedAt must be an ISO 8601 date-time with a time zone, got ${short(when)}`;
  let age = now.getTime() - Date.parse(when);
  return age < -CLOCK_SKEW_MS ? `${at} was retrieved ${when}, in the future` : maxAgeDays !== void 0 && age > maxAgeDays * DAY_MS ? `${at} was retrieved ${when}, ${Math.floor(age / DAY_MS)} days ago (at most ${maxAgeDays} days)` : null;
}
function isWebUrl(text) {
  if (!/^https?:\/\//i.test(text)) return !1;
  try {
    return new URL(text).hostname !== "";
  } catch {
    return !1;
  }
}
function kind(value) {
  return value === null ? "null" : typeof value == "object" ? "an object" : `${typeof value} ${short(value)}`;
}
function short(value) {
  let text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// src/core/tick/rules.ts
var DEFAULT_CHECK_TIMEOUT_SECONDS = 300, OUTPUT_QUOTE = 500, pass = (rule) => ({ rule, ok: !0 }), fail = (rule, reason) => ({ rule, ok: !1, reason }), regexText = (pattern, flags) => `/${pattern}/${flags ?? ""}`;
function argvText(argv) {
  let text = argv.map((a) => /^[\w./:=@%+,-]+$/.test(a) ? a : JSON.stringify(a)).join(" ");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
function ruleLabel(rule) {
  if ("file_exists" in rule) return `file_exists(${rule.file_exists.path})`;
  if ("file_contains" in rule) return `file_contains(${rule.file_contains.path}, ${regexText(rule.file_contains.pattern, rule.file_contains.flags)})`;
  if ("json_schema" in rule) {
    let { path, schema } = rule.json_schema;
    return typeof schema == "string" ? `json_schema(${path}, ${schema})` : `json_schema(${path})`;
  }
  if ("payload_has_key" in rule) return `payload_has_key(${rule.payload_has_key.key})`;
  if ("payload_value_matches" in rule) {
    let b2 = rule.payload_value_matches;
    return `payload_value_matches(${b2.key}, ${regexText(b2.pattern, b2.flags)})`;
  }
  if ("payload_values_equal" in rule) {
    let b2 = rule.payload_values_equal;
    return `payload_values_equal(${b2.step ? `${b2.step}: ` : ""}${b2.keys.join(", ")})`;
  }
  if ("command" in rule) return `command(${argvText(rule.command.argv)})`;
  if ("payload_provenance" in rule) return provenanceLabel(rule.payload_provenance);
  if ("db_query" in rule) {
    let b2 = rule.db_query, query = b2.query.replace(/\s+/g, " ").trim(), shown = query.length > 60 ? `${query.slice(0, 57)}...` : query;
    return `db_query(${b2.path}, ${JSON.stringify(shown)}${b2.expect !== void 0 ? ` = ${shortJson(b2.expect)}` : ""})`;
  }
  let b = rule.command_output_contains;
  return `command_output_contains(${argvText(b.argv)}, ${JSON.stringify(b.text)})`;
}
var NOT_FOUND = "not found in the workspace", FileTooLargeError = class extends Error {
  constructor(path, bytes, limit) {
    super(`${path} is ${byteSize(bytes)}, more than the ${byteSize(limit)} a rule reads`);
    this.path = path;
    this.bytes = bytes;
    this.limit = limit;
    this.name = "FileTooLargeError";
  }
  path;
  bytes;
  limit;
};
function byteSize(n) {
  return n < 1024 * 1024 ? `${n} bytes` : `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MiB (${n} bytes)`;
}
function unusablePattern(c) {
  return `its ${c.field} cannot be used: ${c.problem}`;
}
function fileExistsResult(body, text) {
  let rule = ruleLabel({ file_exists: body });
  return text === null ? fail(rule, NOT_FOUND) : pass(rule);
}
function fileContainsResult(body, text) {
  let rule = ruleLabel({ file_contains: body });
  if (text === null) return fail(rule, `${body.path} ${NOT_FOUND}`);
  let compiled = compilePattern(body.pattern, body.flags);
  return compiled.ok ? compiled.pattern.test(text) ? pass(rule) : fail(rule, "no match") : fail(rule, unusablePattern(compiled));
}
async function jsonSchemaResult(body, text, schema) {
  let rule = ruleLabel({ json_schema: body });
  if (text === null) return fail(rule, `${body.path} ${NOT_FOUND}`);
  if (!schema.ok) return fail(rule, schema.problem);
  let instance;
  try {
    instance = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    return fail(rule, `${body.path} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  let checked = await checkAgainstSchema(schema.schema, instance);
  if (checked.ok) return pass(rule);
  if ("schemaError" in checked) return fail(rule, `the schema is invalid: ${checked.schemaError}`);
  let more = checked.total > checked.errors.length ? ` (and ${checked.total - checked.errors.length} more)` : "";
  return fail(rule, `${checked.total} schema error${checked.total === 1 ? "" : "s"}: ${checked.errors.join("; ")}${more}`);
}
function runTextCheck(check) {
  return check.kind === "file_contains" ? Promise.resolve(fileContainsResult(check.body, check.text)) : jsonSchemaResult(check.body, check.text, check.schema);
}
function textCheckTimedOut(check, limitMs) {
  let rule = check.kind === "file_contains" ? ruleLabel({ file_contains: check.body }) : ruleLabel({ json_schema: check.body }), what = check.kind === "file_contains" ? "matching the pattern against" : "validating";
  return fail(rule, `${what} ${check.body.path} took longer than ${exactDuration(limitMs)}, the time limit of a rule's check (SEQUENCER_RULE_CHECK_SECONDS), and was stopped`);
}
var NO_PAYLOAD = "no payload was written to $SEQUENCER_PAYLOAD_FILE";
function payloadHasKeyResult(body, payload) {
  let rule = ruleLabel({ payload_has_key: body });
  return payload === void 0 ? fail(rule, NO_PAYLOAD) : lookupKey(payload, body.key).found ? pass(rule) : fail(rule, `the payload has no key "${body.key}"${topKeys(payload)}`);
}
function payloadValueMatchesResult(body, payload) {
  let rule = ruleLabel({ payload_value_matches: body });
  if (payload === void 0) return fail(rule, NO_PAYLOAD);
  let found = lookupKey(payload, body.key);
  if (!found.found) return fail(rule, `the payload has no key "${body.key}"${topKeys(payload)}`);
  let text = typeof found.value == "string" ? found.value : JSON.stringify(found.value), compiled = compilePattern(body.pattern, body.flags);
  return compiled.ok ? compiled.pattern.test(text) ? pass(rule) : fail(rule, `value ${shortJson(found.value)} does not match`) : fail(rule, unusablePattern(compiled));
}
function payloadValuesEqualResult(body, source) {
  let rule = ruleLabel({ payload_values_equal: body });
  if (source === void 0) return fail(rule, body.step ? `step ${body.step} has no payload` : NO_PAYLOAD);
  let values = [], missing = [];
  for (let key of body.keys) {
    let found = lookupKey(source, key);
    found.found ? values.push(canonicalJson(found.value)) : missing.push(key);
  }
  return missing.length ? fail(rule, `the ${body.step ? `payload of step ${body.step}` : "payload"} has no key${missing.length > 1 ? "s" : ""} ${missing.map((k) => `"${k}"`).join(", ")}`) : values.every((v) => v === values[0]) ? pass(rule) : fail(rule, `values differ: ${body.keys.map((k, i) => `${k}=${shortJson(JSON.parse(values[i] ?? "null"))}`).join(", ")}`);
}
function commandResult(body, r) {
  let rule = ruleLabel({ command: body }), broken = brokenRun(r, body.timeoutSeconds);
  return broken ? fail(rule, broken) : r.exitCode === 0 ? pass(rule) : fail(rule, `exited with code ${r.exitCode}${quote(r.stderr.trim() || r.stdout.trim())}`);
}
function commandOutputContainsResult(body, r) {
  let rule = ruleLabel({ command_output_contains: body }), broken = brokenRun(r, body.timeoutSeconds);
  if (broken) return fail(rule, broken);
  if (r.stdout.includes(body.text) || r.stderr.includes(body.text)) return pass(rule);
  let output = `${r.stdout.trim()}
${r.stderr.trim()}`.trim();
  return fail(rule, `the output does not contain ${JSON.stringify(body.text)} (exit code ${r.exitCode})${output ? quote(output) : "; the output was empty"}`);
}
var DEFAULT_DB_QUERY_TIMEOUT_SECONDS = 60;
function dbQueryResult(body, fact) {
  let rule = ruleLabel({ db_query: body });
  if (fact.kind === "missing") return fail(rule, `${body.path} ${NOT_FOUND}`);
  if (fact.kind === "error") return fail(rule, fact.problem);
  if (fact.kind === "no-row") return fail(rule, body.expect === void 0 ? "the query returned no row" : `the query returned no row; expected ${shortJson(body.expect)}`);
  if (body.expect === void 0) return pass(rule);
  if (fact.blobBytes !== void 0) return fail(rule, `got a blob of ${fact.blobBytes} bytes, expected ${shortJson(body.expect)}`);
  if (dbValueEquals(fact.value, body.expect) && fact.fullLength === void 0) return pass(rule);
  let got = fact.fullLength !== void 0 ? `a text of ${fact.fullLength} characters starting ${shortJson(fact.value)}` : `${shortJson(fact.value)}${typeName(fact.value)}`;
  return fail(rule, `got ${got}, expected ${shortJson(body.expect)}${typeName(body.expect)}`);
}
function dbValueEquals(value, expected) {
  return typeof expected == "boolean" ? value === (expected ? 1 : 0) : value === expected;
}
function typeName(value) {
  return value === null ? " (NULL)" : typeof value == "string" ? " (text)" : typeof value == "number" ? " (a number)" : "";
}
function brokenRun(r, timeoutSeconds) {
  return r.spawnError ? `could not start: ${r.spawnError}` : r.timedOut ? `timed out after ${timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS} s (process group killed)` : r.exitCode === null ? "was killed by a signal" : null;
}
async function evaluateRules(rules, ctx) {
  let results = [];
  for (let [index, rule] of rules.entries()) {
    if (ctx.signal?.aborted) break;
    try {
      results.push(await evaluateRule(rule, index, ctx));
    } catch (err) {
      results.push(fail(ruleLabel(rule), `could not be checked: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
  return results;
}
async function evaluateRule(rule, index, ctx) {
  let { verifier } = ctx;
  if ("file_exists" in rule) {
    let text = await verifier.readWorkspaceFile(rule.file_exists.path).catch((err) => {
      if (err instanceof FileTooLargeError) return "";
      throw err;
    });
    return fileExistsResult(rule.file_exists, text);
  }
  if ("file_contains" in rule) {
    let body2 = rule.file_contains, text = await verifier.readWorkspaceFile(body2.path);
    return text === null ? fileContainsResult(body2, null) : checkText(verifier, { kind: "file_contains", body: body2, text }, ctx.signal);
  }
  if ("json_schema" in rule) {
    let body2 = rule.json_schema, text = await verifier.readWorkspaceFile(body2.path);
    if (text === null) return jsonSchemaResult(body2, null, { ok: !0, schema: {} });
    let schema = await loadSchema(body2.schema, verifier);
    return schema.ok ? checkText(verifier, { kind: "json_schema", body: body2, text, schema }, ctx.signal) : jsonSchemaResult(body2, text, schema);
  }
  if ("payload_has_key" in rule) return payloadHasKeyResult(rule.payload_has_key, ctx.payload);
  if ("payload_value_matches" in rule) return payloadValueMatchesResult(rule.payload_value_matches, ctx.payload);
  if ("payload_values_equal" in rule) {
    let body2 = rule.payload_values_equal, other = body2.step === void 0 ? ctx.payload : ctx.payloadOf(body2.step);
    return payloadValuesEqualResult(body2, isPayload(other) ? other : void 0);
  }
  if ("payload_provenance" in rule) return provenanceResult(rule.payload_provenance, ctx.payload, ctx.now ?? /* @__PURE__ */ new Date());
  if ("db_query" in rule) {
    let body2 = rule.db_query;
    return verifier.queryDatabase ? dbQueryResult(body2, await verifier.queryDatabase(body2.path, body2.query, (body2.timeoutSeconds ?? DEFAULT_DB_QUERY_TIMEOUT_SECONDS) * 1e3, ctx.signal)) : dbQueryResult(body2, { kind: "error", problem: "SQLite queries cannot be run here" });
  }
  let body = "command" in rule ? rule.command : rule.command_output_contains, result = await verifier.runCheck(body.argv, {
    timeoutMs: (body.timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS) * 1e3,
    ...ctx.env ? { env: ctx.env } : {},
    ...ctx.logFileFor ? { logFile: ctx.logFileFor(index) } : {},
    ...ctx.signal ? { signal: ctx.signal } : {}
  });
  return "command" in rule ? commandResult(rule.command, result) : commandOutputContainsResult(rule.command_output_contains, result);
}
function checkText(verifier, check, signal) {
  return verifier.checkText ? verifier.checkText(check, signal) : runTextCheck(check);
}
async function loadSchema(schema, verifier) {
  if (typeof schema != "string") return { ok: !0, schema };
  let text = await verifier.readWorkspaceFile(schema);
  if (text === null) return { ok: !1, problem: `schema file ${schema} ${NOT_FOUND}` };
  try {
    let parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
    return isPayload(parsed) ? { ok: !0, schema: parsed } : { ok: !1, problem: `schema file ${schema} must hold a JSON object` };
  } catch (err) {
    return { ok: !1, problem: `schema file ${schema} is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}
function validationFailure(results) {
  let failed = results.filter((r) => !r.ok);
  return failed.length ? `Validation failed: ${failed.map((r) => `${r.rule}: ${r.reason ?? "failed"}`).join("; ")}` : null;
}
function isPayload(value) {
  return value !== null && typeof value == "object" && !Array.isArray(value);
}
function topKeys(payload) {
  let keys = Object.keys(payload);
  return keys.length ? ` (it has: ${keys.slice(0, 10).join(", ")}${keys.length > 10 ? ", ..." : ""})` : " (it is empty)";
}
function shortJson(value) {
  let text = JSON.stringify(value) ?? "undefined";
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
function canonicalJson(value) {
  return JSON.stringify(
    value,
    (_key, v) => isPayload(v) ? Object.fromEntries(
      Object.keys(v).sort().map((k) => [k, v[k]])
    ) : v
  );
}
function quote(text) {
  return text ? `: ${text.length > OUTPUT_QUOTE ? `...${text.slice(-OUTPUT_QUOTE)}` : text}` : "";
}

export {
  findJsonSyntaxError,
  DEFAULT_PAYLOAD_MAX_BYTES,
  interpretPayload,
  lookupKey,
  inheritedPayloads,
  ruleLabel,
  FileTooLargeError,
  runTextCheck,
  textCheckTimedOut,
  evaluateRules,
  validationFailure
};
