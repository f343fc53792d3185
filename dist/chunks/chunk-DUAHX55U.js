
// src/core/tick/status-cadence.ts
var ALWAYS = /* @__PURE__ */ new Set(["blocked", "done", "gate", "cancelled", "timed-out", "end-of-tick"]), PROGRESS = /* @__PURE__ */ new Set(["step-done", "step-failed", "interrupted"]);
function shouldWriteStatus(trigger, cadence, nowMs) {
  return ALWAYS.has(trigger) ? !0 : PROGRESS.has(trigger) ? cadence.intervalMs <= 0 || cadence.lastWriteMs === null ? !0 : nowMs - cadence.lastWriteMs >= cadence.intervalMs : !1;
}

export {
  shouldWriteStatus
};
