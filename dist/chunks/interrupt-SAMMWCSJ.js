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
    stopping = !0;
    let pids = agents.map((a) => a.pid).join(", "), one = agents.length === 1;
    return say(`Interrupted: stopping the ${one ? `agent (pid ${pids})` : `agents (pids ${pids})`}; the next run picks the attempt${one ? "" : "s"} up.`), Promise.allSettled(agents.map((a) => a.stop(INTERRUPT_GRACE_MS))).then(() => EXIT_CODES[signal]);
  };
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
  interruptResponder,
  untilInterrupted
};
