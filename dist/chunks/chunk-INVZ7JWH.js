import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  stepsDone,
  stepsSkipped
} from "./chunk-K6PSMX6F.js";
import {
  countOfTotal
} from "./chunk-3RW55J7L.js";

// src/core/render/step-progress.ts
function stepProgress(state, tense = "past") {
  const finished = stepsDone(state);
  const skipped = stepsSkipped(state);
  const total = state.stepQueue.length;
  if (!skipped) return countOfTotal(finished, total, "step", "done", tense);
  return `${countOfTotal(finished, total, "step", "finished", tense)} (${finished - skipped} done, ${skipped} skipped)`;
}

export {
  stepProgress
};
