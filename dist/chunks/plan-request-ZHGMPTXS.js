import {
  classifyRequest,
  planFromRequest,
  shortTitle
} from "./chunk-5GBQ26RZ.js";
import {
  newState
} from "./chunk-WLMOWD6H.js";
import {
  cliSecrets,
  createStore,
  localPaths,
  localUserName
} from "./chunk-X2DQ6Z7J.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import {
  ExecAgentRunner
} from "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import {
  statusTable
} from "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-BYHQDYH5.js";
import "./chunk-3N2GOI4J.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import {
  writeFileAtomic
} from "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import {
  draftedPlanFileIn,
  planIdOfFile
} from "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import {
  withoutRunnerFiles
} from "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/cli/commands/plan-request.ts
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
async function planCommand(s, print) {
  let request = await readRequest(s);
  await refuseExistingPlan(s);
  let { multiStep, reasons } = classifyRequest(request);
  print(`Request: ${multiStep ? "multi-step" : "single step"} (${reasons.join("; ")}).`);
  let { logDir } = localPaths(s);
  multiStep && s.agentCommand !== void 0 && print(`Asking the agent to draft a plan; its output goes to ${path.join(logDir, "plan-draft.log")}.`);
  let result = await planFromRequest({
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
  result.attempts > 1 && print("The agent's first draft was invalid; the retry produced a valid plan.");
  let plan = { title: shortTitle(request), ...result.plan }, outFile = s.outFile ?? draftedPlanFileIn(s.workspace, s.planId);
  await mkdir(path.dirname(outFile), { recursive: !0 }), await writeFileAtomic(outFile, `${JSON.stringify(plan, null, 2)}
`);
  let idFlag = planIdOfFile(outFile) === s.planId ? "" : ` --plan-id ${s.planId}`;
  print(`Plan written to ${outFile} (to change it, edit the file and run \`agent-step-sequencer init --plan ${outFile}${idFlag}\`).`);
  let written = await createProposal(s, plan);
  print(statusTable(written));
  let approve = ["agent-step-sequencer approve", ...s.planId !== "plan" ? [`--plan-id ${s.planId}`] : [], ...s.store !== "file" ? [`--store ${s.store}`] : []].join(" ");
  return print(`Approve with \`${approve}\` (add \`--delay 2\` for 2 minutes between steps, recommended for rate-limited APIs).`), 0;
}
async function readRequest(s) {
  if (s.request !== void 0 && s.requestFile !== void 0)
    throw new ConfigError("plan: --request and --request-file were both given; expected one of them");
  let text, flag;
  if (s.requestFile !== void 0) {
    flag = "--request-file";
    try {
      text = await readFile(s.requestFile, "utf8");
    } catch (err) {
      throw new ConfigError(`--request-file: cannot read "${s.requestFile}" (${describeError(err)}); expected a text file with the request`);
    }
  } else if (s.request !== void 0)
    flag = "--request", text = s.request;
  else
    throw new ConfigError('plan: expected --request TEXT or --request-file FILE, e.g. `agent-step-sequencer plan --request "Research X, then write a report"`');
  if (text.trim() === "") throw new ConfigError(`${flag}: the request is empty; expected the work to do in words`);
  return text.trim();
}
async function createProposal(s, plan) {
  let store = createStore(s, "plan");
  return withStore(
    store,
    "write",
    async () => {
      if ((await store.load()).kind === "loaded")
        throw new ConfigError(
          `A plan for "${s.planId}" was created at ${store.description} while this one was drafted; it was left untouched. Use \`init --plan\` with the written plan file to replace it.`
        );
      let state = newState(plan, { planId: s.planId, now: /* @__PURE__ */ new Date(), stepDelayMinutes: s.delayMinutes ?? 0, requestedBy: localUserName() });
      return store.write(state, { kind: "update", message: "plan proposed from a request" });
    },
    (holder) => {
      throw new ConfigError(`Cannot create the plan: another tick holds ${store.description} (${holder}).`);
    }
  );
}
async function refuseExistingPlan(s) {
  let store = createStore(s, "plan"), loaded = await withStore(store, "read", () => store.load());
  if (loaded.kind === "loaded")
    throw new ConfigError(`A plan already exists for "${s.planId}" (${loaded.state.status}) at ${store.description}; it was left untouched. Use \`status\`, or another --plan-id.`);
}
export {
  planCommand
};
