import {
  liveAgents
} from "./chunk-PFOLIUZO.js";
import "./chunk-27FUKKN2.js";

// src/adapters/process/interrupt.ts
var INTERRUPT_GRACE_MS = 2e3, EXIT_CODES = { SIGINT: 130, SIGTERM: 143 }, INTERRUPTS = Object.keys(EXIT_CODES);
function interruptResponder(say) {
  let stopping = !1;
  return (signal) => {
    let agents = liveAgents();
    if (stopping || agents.length === 0) {
      for (let agent of agents) agent.kill();
      return Promise.resolve(EXIT_CODES[signal]);
    }
    return stopping = !0, say(interruptLine(agents)), Promise.allSettled(agents.map((a) => a.stop(INTERRUPT_GRACE_MS))).then(() => EXIT_CODES[signal]);
  };
}
var NOUNS = { agent: "agent", command: "command", draft: "drafting agent" };
function interruptLine(agents) {
  let named = Object.keys(NOUNS).flatMap((role) => {
    let pids = agents.filter((a) => a.role === role).map((a) => a.pid), s = pids.length === 1 ? "" : "s";
    return pids.length ? [`the ${NOUNS[role]}${s} (pid${s} ${pids.join(", ")})`] : [];
  }), attempts = agents.filter((a) => a.role !== "draft").length;
  return `Interrupted: stopping ${named.join(" and ")}${attempts ? `; the next run picks the attempt${attempts === 1 ? "" : "s"} up` : ""}.`;
}
function untilInterrupted(work, say) {
  let respond = interruptResponder(say), end = () => {
  }, interrupted = new Promise((resolve) => end = resolve), handlers = INTERRUPTS.map((signal) => [signal, () => {
    respond(signal).then(end);
  }]);
  for (let [signal, handler] of handlers) process.on(signal, handler);
  return Promise.race([work, interrupted]).finally(() => {
    for (let [signal, handler] of handlers) process.off(signal, handler);
  });
}
export {
  INTERRUPTS,
  interruptLine,
  interruptResponder,
  untilInterrupted
};
