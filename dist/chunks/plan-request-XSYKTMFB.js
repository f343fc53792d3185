import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  classifyRequest,
  planFromRequest,
  shortTitle
} from "./chunk-ITDEIWE4.js";
import "./chunk-5JF6EE7Y.js";
import {
  cliSecrets,
  createStore,
  localPaths,
  localUserName
} from "./chunk-DOCE244H.js";
import "./chunk-PDTINHGB.js";
import {
  ExecAgentRunner
} from "./chunk-5X5WQJM4.js";
import {
  statusTable
} from "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-PK4HEZIW.js";
import {
  newState
} from "./chunk-IBCC6RDC.js";
import "./chunk-ETDKUUCO.js";
import "./chunk-A7XPLWEY.js";
import {
  withStore
} from "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import {
  writeFileAtomic
} from "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import {
  draftedPlanFileIn,
  planIdOfFile
} from "./chunk-YX2CLHBO.js";
import "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import {
  withoutRunnerFiles
} from "./chunk-PL4AQ5NX.js";
import "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import {
  ConfigError,
  describeError
} from "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";

// src/cli/commands/plan-request.ts
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
async function planCommand(s, print) {
  const request = await readRequest(s);
  await refuseExistingPlan(s);
  const { multiStep, reasons } = classifyRequest(request);
  print(`Request: ${multiStep ? "multi-step" : "single step"} (${reasons.join("; ")}).`);
  const { logDir } = localPaths(s);
  if (multiStep && s.agentCommand !== void 0) print(`Asking the agent to draft a plan; its output goes to ${path.join(logDir, "plan-draft.log")}.`);
  const result = await planFromRequest({
    request,
    ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
    agentSource: s.agentSource,
    runner: new ExecAgentRunner({ cwd: s.workspace, env: withoutRunnerFiles(process.env) }),
    workspace: s.workspace,
    logDir,
    timeoutMs: s.attemptTimeoutMinutes * 6e4,
    graceMs: s.graceSeconds * 1e3,
    // The plan is written to a file and the store as it is: a key the agent wrote into it must not.
    scrub: cliSecrets(s).scrub
  });
  if (result.attempts > 1) print(`The agent's first draft was invalid; the retry produced a valid plan.`);
  const plan = { title: shortTitle(request), ...result.plan };
  const outFile = s.outFile ?? draftedPlanFileIn(s.workspace, s.planId);
  await mkdir(path.dirname(outFile), { recursive: true });
  await writeFileAtomic(outFile, `${JSON.stringify(plan, null, 2)}
`);
  const idFlag = planIdOfFile(outFile) === s.planId ? "" : ` --plan-id ${s.planId}`;
  print(`Plan written to ${outFile} (to change it, edit the file and run \`agent-step-sequencer init --plan ${outFile}${idFlag}\`).`);
  const written = await createProposal(s, plan);
  print(statusTable(written));
  const approve = ["agent-step-sequencer approve", ...s.planId !== "plan" ? [`--plan-id ${s.planId}`] : [], ...s.store !== "file" ? [`--store ${s.store}`] : []].join(" ");
  print(`Approve with \`${approve}\` (add \`--delay 2\` for 2 minutes between steps, recommended for rate-limited APIs).`);
  return 0;
}
async function readRequest(s) {
  if (s.request !== void 0 && s.requestFile !== void 0) {
    throw new ConfigError("plan: --request and --request-file were both given; expected one of them");
  }
  let text;
  let flag;
  if (s.requestFile !== void 0) {
    flag = "--request-file";
    try {
      text = await readFile(s.requestFile, "utf8");
    } catch (err) {
      throw new ConfigError(`--request-file: cannot read "${s.requestFile}" (${describeError(err)}); expected a text file with the request`);
    }
  } else if (s.request !== void 0) {
    flag = "--request";
    text = s.request;
  } else {
    throw new ConfigError('plan: expected --request TEXT or --request-file FILE, e.g. `agent-step-sequencer plan --request "Research X, then write a report"`');
  }
  if (text.trim() === "") throw new ConfigError(`${flag}: the request is empty; expected the work to do in words`);
  return text.trim();
}
async function createProposal(s, plan) {
  const store = createStore(s, "plan");
  return withStore(
    store,
    "write",
    async () => {
      if ((await store.load()).kind === "loaded") {
        throw new ConfigError(`A plan for "${s.planId}" was created at ${store.description} while this one was drafted; it was left untouched. Use \`init --plan\` with the written plan file to replace it.`);
      }
      const state = newState(plan, { planId: s.planId, now: /* @__PURE__ */ new Date(), stepDelayMinutes: s.delayMinutes ?? 0, requestedBy: localUserName() });
      return store.write(state, { kind: "update", message: "plan proposed from a request" });
    },
    (holder) => {
      throw new ConfigError(`Cannot create the plan: another tick holds ${store.description} (${holder}).`);
    }
  );
}
async function refuseExistingPlan(s) {
  const store = createStore(s, "plan");
  const loaded = await withStore(store, "read", () => store.load());
  if (loaded.kind === "loaded") {
    throw new ConfigError(`A plan already exists for "${s.planId}" (${loaded.state.status}) at ${store.description}; it was left untouched. Use \`status\`, or another --plan-id.`);
  }
}
export {
  planCommand
};
