import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/plan/plan-queue.ts
function defaultQueue(plan) {
  const ids = Object.keys(plan.steps);
  const targets = /* @__PURE__ */ new Set();
  for (const id of ids) {
    const route = plan.steps[id]?.onValidationFail;
    if (route && route !== id && Object.hasOwn(plan.steps, route)) targets.add(route);
  }
  return ids.filter((id) => !targets.has(id));
}
function effectiveQueue(plan, given) {
  return [...given ?? plan.stepQueue ?? defaultQueue(plan)];
}

// src/core/plan/plan-hash.ts
import { createHash } from "node:crypto";
function planHash(plan) {
  const hashed = {
    title: plan.title ?? null,
    steps: plan.steps,
    // Canonical JSON sorts keys, which erases the order of `steps`; that order is the run order
    // when there is no explicit queue, so the effective queue is hashed explicitly.
    stepQueue: effectiveQueue(plan),
    // Only when set, so the hash of every plan without a tool policy (and its approval) stays as it was.
    ...plan.tools !== void 0 ? { tools: plan.tools } : {},
    // What the agent is told before every step is part of what was approved.
    ...plan.promptPreamble !== void 0 ? { promptPreamble: plan.promptPreamble } : {}
  };
  return `sha256:${createHash("sha256").update(canonicalJson(hashed)).digest("hex")}`;
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map((v) => v === void 0 ? "null" : canonicalJson(v)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value;
    const members = Object.keys(record).sort().filter((k) => record[k] !== void 0).map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// src/core/plan/step-digests.ts
import { createHash as createHash2 } from "node:crypto";
var MAX_DIGESTED_STEPS = 500;
function stepDigests(plan) {
  const ids = Object.keys(plan.steps);
  if (ids.length > MAX_DIGESTED_STEPS) return void 0;
  return Object.fromEntries(ids.map((id) => [id, createHash2("sha256").update(canonicalJson(plan.steps[id])).digest("hex").slice(0, 16)]));
}
function diffFromDigests(digests, plan) {
  if (typeof digests !== "object" || digests === null || Array.isArray(digests)) return null;
  const before = digests;
  const now = stepDigests(plan);
  if (!now) return null;
  const changes = Object.keys(now).map((stepId) => ({
    stepId,
    change: !Object.hasOwn(before, stepId) ? "added" : before[stepId] === now[stepId] ? "unchanged" : "changed"
  }));
  for (const stepId of Object.keys(before)) if (!Object.hasOwn(now, stepId)) changes.push({ stepId, change: "removed" });
  return changes;
}

export {
  effectiveQueue,
  planHash,
  stepDigests,
  diffFromDigests
};
