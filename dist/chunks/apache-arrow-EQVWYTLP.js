import "./chunk-27FUKKN2.js";

// no-arrow:apache-arrow
function tableFromIPC() {
  throw new Error("Apache Arrow blob listings are not available in agent-step-sequencer");
}
export {
  tableFromIPC
};
