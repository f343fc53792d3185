
// src/adapters/process/live-agents.ts
var live = /* @__PURE__ */ new Set();
function trackAgent(agent) {
  return live.add(agent), () => live.delete(agent);
}
function liveAgents() {
  return [...live];
}

export {
  trackAgent,
  liveAgents
};
