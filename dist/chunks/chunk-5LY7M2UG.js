import {
  tick,
  waitReason
} from "./chunk-HP34WB3O.js";
import {
  HandOffAgentRunner,
  headCommit,
  resultArtifactName,
  sanitizeArtifactName,
  uploadAttemptLogs
} from "./chunk-XUBHMXRQ.js";
import {
  gateOf,
  isStdoutCopy
} from "./chunk-4JLDVQZR.js";
import {
  streamCommand
} from "./chunk-ANOSUW4P.js";
import {
  LocalOwnerProbe,
  baseConflictNotice,
  gateNotice
} from "./chunk-RDXXX3FV.js";
import {
  createEngine,
  hashPrefix,
  namesPlanHash,
  parseCommandText
} from "./chunk-L5MZAUVI.js";
import {
  footer,
  getIfModified,
  isOwnComment,
  isStatus,
  leadingMarker,
  problemComment,
  rateLimitWaitSeconds,
  refusalOf,
  replyComment,
  replyMarker,
  runProblemComment,
  shouldRetryRateLimit,
  statusOf,
  withoutFooter
} from "./chunk-7JWXCA3G.js";
import {
  blockerNotice,
  cancelledNotice,
  doneComment,
  finalSummaryComment,
  jobSummary,
  marker,
  pullRequestBody,
  runFooter,
  shownOutputs,
  statusComment,
  stepTable
} from "./chunk-6MTQECTV.js";
import {
  budgetText,
  promptPreamble,
  remediationTargets,
  routeOf
} from "./chunk-J73L5JYA.js";
import {
  REMOTE,
  engineSettings,
  issueUrl,
  planBranch,
  runUrl
} from "./chunk-ERRCKADV.js";
import {
  shouldWriteStatus
} from "./chunk-DUAHX55U.js";
import {
  decidePermission,
  gateActor,
  gateComment,
  gateRefusal,
  isBot
} from "./chunk-PSDTEU6M.js";
import {
  attemptIdOf
} from "./chunk-WSTE2BUZ.js";
import {
  fence,
  inline
} from "./chunk-NEPVVNT5.js";
import {
  summary
} from "./chunk-HQAVCPKY.js";
import {
  issueNumberOf,
  planFolder,
  pullRequestBranch
} from "./chunk-6ECGHLWA.js";
import {
  commitText,
  hasPreflightCommands,
  parseAgentCommand
} from "./chunk-O2X2K62E.js";
import {
  commandLine
} from "./chunk-PY777ZN4.js";
import {
  DEFAULT_GROUP_ATTEMPTS,
  DEFAULT_LIMITS,
  DEFAULT_ROUTE_MAX,
  groupOf
} from "./chunk-IU6TIPQF.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  describeError
} from "./chunk-UZTB5BNK.js";

// src/action/plan-tick.ts
import { setTimeout as sleep2 } from "node:timers/promises";

// src/adapters/github/actions-owner.ts
var RUNNING = /* @__PURE__ */ new Set(["queued", "in_progress", "waiting", "pending", "requested"]), ActionsOwnerProbe = class {
  constructor(o) {
    this.o = o;
  }
  o;
  async liveness(owner) {
    if (owner.kind !== "actions") return "unknown";
    let { current } = this.o;
    if (owner.runId === current.runId) {
      if (owner.runAttempt === current.runAttempt) return "alive";
      if (owner.runAttempt < current.runAttempt) return "dead";
    }
    let runId = Number(owner.runId);
    if (!Number.isSafeInteger(runId) || runId <= 0) return "unknown";
    let { owner: repoOwner, repo } = this.repoOf(owner);
    try {
      let { data } = await this.o.client.rest.actions.getWorkflowRun({ owner: repoOwner, repo, run_id: runId });
      return data.status === "completed" ? "dead" : data.status && RUNNING.has(data.status) ? "alive" : "unknown";
    } catch (err) {
      return isStatus(err, 404) ? "dead" : (this.o.log?.(`Could not look up workflow run ${owner.runId}: ${describeError(err)}`), "unknown");
    }
  }
  repoOf(owner) {
    let m = /^([^/\s]+)\/([^/\s]+)$/.exec(owner.repository ?? "");
    return m ? { owner: m[1], repo: m[2] } : { owner: this.o.owner, repo: this.o.repo };
  }
};

// src/adapters/git/git-links.ts
async function outputLinks(git, blobBase, paths) {
  let shas = /* @__PURE__ */ new Map(), wanted = new Set(paths);
  for (let i = 0; i < paths.length; i += 200) {
    let res = await git.run(["-c", "core.quotePath=false", "log", "--format=%x00%H", "--name-only", "--", ...paths.slice(i, i + 200)], { allowFail: !0 });
    if (res.code === 0)
      for (let chunk of res.stdout.split("\0")) {
        let [sha, ...files] = chunk.split(`
`).filter(Boolean);
        if (sha)
          for (let f of files) wanted.has(f) && !shas.has(f) && shas.set(f, sha);
      }
  }
  let encode = (p) => p.split("/").map(encodeURIComponent).join("/");
  return { file: (p) => `${blobBase}/${shas.get(p) ?? "HEAD"}/${encode(p)}` };
}

// src/adapters/git/pull-request-branch.ts
import { writeFile, rm } from "node:fs/promises";
import path from "node:path";
async function pushPullRequestBranch(git, spec) {
  let { remote } = spec, tip = (await git.run(["rev-parse", "--verify", `refs/remotes/${remote}/${spec.branch}^{commit}`])).stdout.trim(), gitDir = (await git.run(["rev-parse", "--absolute-git-dir"])).stdout.trim(), index = { GIT_INDEX_FILE: path.join(gitDir, "sequencer-pr-index") }, outputsOnly = await treeWithout(git, index, tip, spec.stateFolder), commit = (spec.planId ? await stepCommits(git, { ...spec, planId: spec.planId }, tip, index, gitDir, outputsOnly) : null) ?? await commitAs(git, tip, outputsOnly, [tip], "Leave the sequencer's state out of the pull request");
  return await git.run(["push", "-q", remote, `+${commit}:refs/heads/${spec.prBranch}`]), commit;
}
async function treeWithout(git, index, commit, folder) {
  return await git.run(["read-tree", commit], { env: index }), await git.run(["rm", "-r", "-q", "-f", "--cached", "--ignore-unmatch", "--", folder], { env: index }), (await git.run(["write-tree"], { env: index })).stdout.trim();
}
async function commitAs(git, like, tree, parents, message) {
  let [name = "sequencer", email = "", authorDate = "", committerDate = ""] = (await git.run(["show", "-s", "--format=%an%n%ae%n%aI%n%cI", like])).stdout.split(`
`), env = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_AUTHOR_DATE: authorDate, GIT_COMMITTER_DATE: committerDate };
  return (await git.run(["commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-m", message], { env })).stdout.trim();
}
async function stepCommits(git, spec, tip, index, gitDir, outputsOnly) {
  let listed = (await git.run(["rev-list", "--first-parent", "--reverse", "--format=%P%n%s", tip])).stdout, commits = [];
  for (let block of listed.split(/^commit /m).filter(Boolean)) {
    let [sha = "", parents = "", subject = ""] = block.split(`
`);
    commits.push({ sha: sha.trim(), parents: parents.trim().split(" ").filter(Boolean), subject });
  }
  let prefix = `sequencer(${spec.planId}): `, first = commits.findIndex((c) => c.subject.startsWith(prefix)), start = commits[first]?.parents[0];
  if (first < 0 || !start || commits.slice(first).some((c) => !c.subject.startsWith(prefix))) return null;
  let ours = commits.slice(first), merges = ours.filter((c) => c.parents.length > 1), done = new RegExp(`^${escape(prefix)}(\\S+) attempt (\\d+) (?:succeeded|recovered)$`), completions = ours.filter((c) => c.parents.length === 1 && done.test(c.subject));
  if (!completions.length) return null;
  let base = merges.length ? merges[merges.length - 1].parents[1] : start, patch = path.join(gitDir, "sequencer-pr.patch"), parent = base;
  try {
    await git.run(["read-tree", base], { env: index });
    for (let c of completions) {
      let [, stepId = "", n = ""] = done.exec(c.subject) ?? [];
      if (merges.length) {
        let diff = await git.run(["diff", "--binary", "--full-index", c.parents[0], c.sha, "--", ".", `:(exclude,top,literal)${spec.stateFolder}`]);
        if (diff.stdout.trim() && (await writeFile(patch, diff.stdout), (await git.run(["apply", "--cached", "--binary", patch], { env: index, allowFail: !0 })).code !== 0))
          return null;
      } else
        await git.run(["read-tree", c.sha], { env: index }), await git.run(["rm", "-r", "-q", "-f", "--cached", "--ignore-unmatch", "--", spec.stateFolder], { env: index });
      let tree = (await git.run(["write-tree"], { env: index })).stdout.trim(), title = (spec.titles?.[stepId] ?? stepId).replace(/\s+/g, " ").trim() || stepId;
      parent = await commitAs(git, c.sha, tree, [parent], `${title}

Step ${stepId} of plan ${spec.planId}, attempt ${n}.`);
    }
  } finally {
    await rm(patch, { force: !0 });
  }
  return (await git.run(["rev-parse", `${parent}^{tree}`])).stdout.trim() === outputsOnly ? parent : null;
}
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/core/render/confinement-markdown.ts
function refusedChangesNotice(state, n, links = {}) {
  let id = state.planId ?? "plan", more = n.total > n.refused.length ? [`- \u2026 and ${countOf(n.total - n.refused.length, "more change")}`] : [];
  return [
    // One notice per attempt: a later attempt that tries again is told again.
    marker(id, "confined", `${n.stepId}-${n.attempt}`),
    `### \u{1F6E1}\uFE0F Changes left out of \`${n.stepId}\` attempt ${n.attempt}`,
    "",
    `The agent's attempt changed ${countOf(n.total, "path")} that a step may not change. They were not committed; the rest of its work was checked and recorded as usual.`,
    "",
    ...n.refused.map((r) => `- ${inline(r.path, 300)}: ${inline(r.reason, 300)}`),
    ...more,
    ...links.run ? ["", ...runFooter(links)] : []
  ].join(`
`);
}

// src/core/render/proposal-blocks.ts
var PART_CONTENT_CHARS = 58e3, PIECE_CHARS = 18e3, SHORT_INSTRUCTION_CHARS = 400, SHORT_INSTRUCTION_LINES = 6;
function labelledFence(label, text, info, collapsed = !1) {
  let pieces = splitText(text, PIECE_CHARS);
  return pieces.map((piece, i) => {
    let name = pieces.length > 1 ? `${label} (piece ${i + 1} of ${pieces.length})` : label, body = fullFence(piece, info);
    return collapsed ? `<details><summary>${name}</summary>

${body}

</details>` : `${name}

${body}`;
  });
}
function fullFence(text, info = "text") {
  return fence(text, Math.max(1, text.length), info);
}
function splitText(text, max) {
  let out = [], rest = text.replace(/\r\n?/g, `
`);
  for (; rest.length > max; ) {
    let cut = rest.lastIndexOf(`
`, max);
    cut < max / 2 ? cut = max : cut += 1;
    let code = rest.charCodeAt(cut - 1);
    code >= 55296 && code <= 56319 && (cut -= 1), out.push(rest.slice(0, cut)), rest = rest.slice(cut);
  }
  return out.push(rest), out;
}
function linesToBlocks(lines) {
  let blocks = [], current = [], size = 0;
  for (let line of lines)
    size + line.length + 1 > PIECE_CHARS && current.length && (blocks.push(current.join(`
`)), current = [], size = 0), current.push(line), size += line.length + 1;
  return current.length && blocks.push(current.join(`
`)), blocks;
}
function listBlocks(label, items, end = "") {
  return linesToBlocks(items.map((item, i) => `${item}${i < items.length - 1 ? "," : end}`)).map((l, i) => `${i === 0 ? label : "(continued) "}${l.replace(/\n/g, " ")}`);
}
function pack(blocks) {
  let parts = [], current = [], size = 0;
  for (let block of blocks)
    current.length && size + block.length + 2 > PART_CONTENT_CHARS && (parts.push(current), current = [], size = 0), current.push(block), size += block.length + 2;
  return current.length && parts.push(current), parts;
}

// src/core/render/proposal-runs-as.ts
function runsAs(command) {
  let words;
  try {
    words = parseAgentCommand(command, "agent");
  } catch {
    return "";
  }
  let stream = streamCommand(words);
  if (!stream) return "";
  let unwired = stream.ownSettings !== void 0 ? `

The command gives Claude Code its own \`--settings\` (${inline(stream.ownSettings, 100)}), so the sequencer's tool hook is not wired: a tool policy (\`via: hook\`) is refused before the step runs, no tool calls are logged, and a cancel, time limit or spent budget reaches the agent only as SIGTERM after the stop grace; pass \`--settings $SEQUENCER_CLAUDE_SETTINGS\` or leave it out.` : "";
  if (!stream.added.length && !stream.hook.length && !stream.closes) return unwired;
  let line = stream.argv.map((w) => /^[^\s'"\\`]+$/.test(w) ? w : commandLine([w])).join(" "), flags = stream.added.length ? `adds \`${stream.added.join(" ")}\` to read the agent's progress, tokens and cost as it works` : "", hook = stream.hook.length ? `adds \`${stream.hook.join(" ")}\`, the attempt's settings file that wires its tool hook (the tool policy, the command log, and a stop answered at the next tool call)` : "", separator = stream.closes ? `puts \`--\` before the prompt, which the command's last option (${inline(stream.closes, 100)}) would otherwise take as its value` : "", what = [flags, hook, separator].filter(Boolean);
  return `

The sequencer ${what.length > 1 ? `${what.slice(0, -1).join(", ")}, and ${what.at(-1)}` : what.join("")}, so it runs as:

${fullFence(line)}${unwired}`;
}

// src/core/render/proposal-settings-markdown.ts
var TOOLS_NOTE = 'block wins over allow; an empty allow list allows every call; past maxCalls every call is denied, and an attempt that makes more than maxCalls calls fails (onExceed "deny": later calls are denied instead and the step may still finish); via "exec" tells the agent to run its commands through the forwarder', PREFLIGHT_NOTE = "tools must be on PATH, env names must be set for the agent, commands run in the workspace without a shell and must exit 0; a failure blocks before the attempt, costing none";
function settingsBlock(state, settings) {
  let agent = settings.agentCommand?.trim();
  return [
    "**Settings for every step** (a step may override them below):",
    "",
    `- Attempts per step: ${settings.limits.maxAttempts} \xB7 time per attempt: ${settings.limits.attemptTimeoutMinutes} min`,
    `- Delay between steps: ${state.stepDelayMinutes ?? 0} min (\`/approve delay=N\` sets another)`,
    ...typeof state.plan.deadline == "string" ? [`- Deadline: ${inline(state.plan.deadline, 60)}`] : [],
    `- ${planBudgetLine(state, settings)}`,
    `- A finished step's commit holds: ${inline(commitText(state.plan.commit) ?? commitText("all"), 1e3)}${state.plan.commit === void 0 ? " (`commit` in the plan narrows it)" : " (the plan's `commit`)"}`,
    ...state.plan.tools !== void 0 ? ["", `**Tool policy for every step** (${TOOLS_NOTE}):`, "", fullFence(JSON.stringify(state.plan.tools, null, 2), "json")] : [],
    ...groupLines(state),
    ...state.plan.preflight !== void 0 ? ["", `**Checks before every attempt** (${PREFLIGHT_NOTE}):`, "", fullFence(JSON.stringify(state.plan.preflight, null, 2), "json")] : [],
    "",
    agent ? `**Agent command** (the workflow input \`agent-command\`; the step's instruction is added as its last argument):

${fullFence(agent)}${runsAs(agent)}` : "**Agent command**: none set in the workflow (`agent-command`), so a step without its own `agent` cannot run."
  ].join(`
`);
}
function groupLines(state) {
  let groups = Object.entries(state.plan.groups ?? {});
  return groups.length ? [
    "",
    "**Step groups** (a step with `retry: group` that fails runs its whole group again from its first step, while the group has attempts left; then the plan blocks):",
    "",
    ...groups.map(([id, g]) => `- \`${id}\`: ${g.steps.map((s) => `\`${s}\``).join(", ")} \xB7 ${countOf(g.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS, "attempt")}`)
  ] : [];
}
function planBudgetLine(state, settings) {
  let own = budgetText(state.plan.budget);
  if (own) return `Budget of the plan: ${own}, over all its attempts and runs (the plan's own \`budget\`); a spent budget blocks the plan until a writer raises it (\`/approve budget=\u2026\`)`;
  let workflow = budgetText(settings.limits.budget);
  return workflow ? `Budget of the plan: ${workflow}, over all its attempts and runs (the workflow's \`budget-usd\`, \`budget-tokens\`); a spent budget blocks the plan until a writer raises it (\`/approve budget=\u2026\`)` : "Budget of the plan: none (a plan may set `budget`; the workflow may set `budget-usd` and `budget-tokens`)";
}
function preambleBlocks(state) {
  let text = promptPreamble(state);
  if (text === null) return ["Prompt preamble: none (each step prompt is sent as written)."];
  let own = typeof state.plan.promptPreamble == "string";
  return labelledFence(own ? "**Prompt preamble** (the plan's own `promptPreamble`, put before every step prompt):" : "Prompt preamble: the default guidance, put before every step prompt (`promptPreamble` in the plan replaces it; `false` leaves it out)", text, "text", !own || text.length > SHORT_INSTRUCTION_CHARS);
}

// src/core/render/proposal-step-markdown.ts
function stepBlocks(state, stepId, position, settings) {
  let def = state.plan.steps[stepId] ?? { title: stepId, instruction: "" }, facts = [
    `attempts: ${def.maxAttempts ?? `${settings.limits.maxAttempts} (default)`}`,
    `time per attempt: ${def.attemptTimeoutMinutes !== void 0 ? `${def.attemptTimeoutMinutes} min` : `${settings.limits.attemptTimeoutMinutes} min (default)`}`,
    `total time: ${def.timeoutMinutes !== void 0 ? `${def.timeoutMinutes} min` : "no limit"}`,
    `if validation fails: ${failRoute(def, stepId)}`
  ];
  (def.maxOutputBytes !== void 0 || def.onOverflow !== void 0) && facts.push(`output: ${def.maxOutputBytes !== void 0 ? `at most ${def.maxOutputBytes} bytes (maxOutputBytes)` : "no limit"} \xB7 if it overflows: ${failRoute(def, stepId, "onOverflow")}`), def.outputTolerance && facts.push(`done with up to ${Math.round(def.outputTolerance * 1e3) / 10} % of its required outputs missing (outputTolerance)`), def.retry === "group" && facts.push(`if it fails: its group \`${groupOf(state, stepId)?.id ?? "?"}\` runs again from its first step`);
  let budget = budgetText(def.budget);
  budget && facts.push(`budget: ${budget}`), def.expectPayload && facts.push("must write a payload"), def.inheritPayload && facts.push("receives earlier steps\u2019 payloads");
  let outputs = def.requiredOutputs ?? [], gate = gateOf(def), blocks = [[
    `##### ${position} \`${stepId}\`: ${inline(def.title ?? stepId)}`,
    facts.join(" \xB7 "),
    ...outputs.length ? [`Required outputs: ${outputs.map((o) => inline(o, 300)).join(", ")}`] : [],
    ...gate ? [`\u270B **Gate:** the plan pauses before this step until a writer replies \`/approve\` again${gate.reason ? ` (${inline(gate.reason, 300)})` : ""}.`] : [],
    ...def.commit !== void 0 ? [`Its commit holds: ${inline(commitText(def.commit) ?? "", 1e3)} (its own \`commit\`).`] : []
  ].join(`

`)];
  if (def.run !== void 0 && blocks.push(...labelledFence("**Command** it runs instead of an agent (no prompt is added; run in the workspace, without a shell):", JSON.stringify(def.run), "json")), def.agent !== void 0) {
    let own = labelledFence("**Agent command for this step** (instead of the default; the instruction is added as its last argument):", String(def.agent), "text"), added = runsAs(String(def.agent));
    added && own.length === 1 ? own[0] += added : added && own.push(added.trim()), blocks.push(...own);
  }
  def.tools !== void 0 && blocks.push(...labelledFence(`**Tool policy for this step** (replaces the plan's fields it sets; ${TOOLS_NOTE}):`, JSON.stringify(def.tools, null, 2), "json")), def.preflight !== void 0 && blocks.push(...labelledFence(`**Checks before each attempt of this step**, after the plan's (${PREFLIGHT_NOTE}):`, JSON.stringify(def.preflight, null, 2), "json")), def.env !== void 0 && blocks.push(...labelledFence("**Environment** it adds to the agent and its check commands:", JSON.stringify(def.env, null, 2), "json")), def.routes !== void 0 && blocks.push(
    ...labelledFence(
      `**Routes** (after an attempt, the first whose \`when\` holds sends the plan to its \`goto\` step instead of the next one: back, and the steps from there run again; forward, and the steps between are skipped; each at most \`max\` times, ${DEFAULT_ROUTE_MAX} by default):`,
      rulesJson(def.routes),
      "json"
    )
  ), def.validate !== void 0 && blocks.push(...labelledFence("**Validation rules**, all of which must pass (check commands run in the workspace, without a shell):", rulesJson(def.validate), "json"));
  let instruction = String(def.instruction ?? "");
  if (def.run !== void 0 && def.instruction === void 0) return blocks;
  let lines = instruction.split(`
`).length, short = instruction.length <= SHORT_INSTRUCTION_CHARS && lines <= SHORT_INSTRUCTION_LINES;
  return blocks.push(...labelledFence(short ? "Instruction:" : `Instruction (${countOf(instruction.length, "character")}, ${countOf(lines, "line")})`, instruction, "text", !short)), blocks;
}
function rulesJson(rules) {
  return !Array.isArray(rules) || rules.length === 0 ? JSON.stringify(rules) : `[
  ${rules.map((r) => JSON.stringify(r)).join(`,
  `)}
]`;
}
function failRoute(def, stepId, field = "onValidationFail") {
  let route = routeOf(def, field);
  return route.kind === "retry" ? "retry" : route.kind === "fail" ? "block the plan" : route.via === stepId ? "retry" : `run \`${route.via}\`, then retry`;
}

// src/core/render/proposal-markdown.ts
var MAX_PROPOSAL_PARTS = 20, TABLE_MAX_STEPS = 50;
function runnableSteps(state) {
  let queued = [...state.stepQueue], inQueue = new Set(queued), remediation = [];
  for (let id of queued)
    for (let target of remediationTargets(state.plan, id))
      !inQueue.has(target) && !remediation.includes(target) && remediation.push(target);
  let reachable = /* @__PURE__ */ new Set([...queued, ...remediation]), never = Object.keys(state.plan.steps).filter((id) => !reachable.has(id));
  return { queued, remediation, never };
}
function renderProposal(state, settings, changes = []) {
  let id = state.planId ?? "plan", hash = state.planHash ?? "", { queued, remediation, never } = runnableSteps(state), title = inline(state.plan.title ?? id), counts = `${countOf(queued.length, "step")}${remediation.length ? `, ${countOf(remediation.length, "remediation step")}` : ""}`, blocks = [
    ...changeBlocks(state, changes),
    settingsBlock(state, settings),
    ...preambleBlocks(state),
    ...queued.length <= TABLE_MAX_STEPS ? [stepTable(state)] : [],
    "#### Steps, in the order they run"
  ];
  if (queued.forEach((stepId, i) => blocks.push(...stepBlocks(state, stepId, `${i + 1}/${queued.length}`, settings))), remediation.length) {
    blocks.push("#### Remediation steps\n\nThey run only when a step whose validation failed or whose output overflowed routes to them (`onValidationFail`, `onOverflow`); then that step is retried.");
    for (let stepId of remediation) blocks.push(...stepBlocks(state, stepId, "remediation", settings));
  }
  never.length && blocks.push(
    ...listBlocks(
      "Defined in the plan but never run (not queued, no step routes to them): ",
      never.map((s) => `\`${s}\``)
    )
  );
  let packed = pack(blocks), chars = blocks.reduce((n2, b) => n2 + b.length + 2, 0);
  if (packed.length > MAX_PROPOSAL_PARTS) return { tooLarge: { chars, parts: packed.length } };
  let n = packed.length;
  return { parts: packed.map((content, k) => {
    let head = [
      marker(id, "proposal", k === 0 ? hash : `${hash}:part-${k + 1}`),
      `### Proposed plan: ${title} (${counts})${n > 1 ? `, part ${k + 1} of ${n}` : ""}`,
      "",
      ...n > 1 ? [`This proposal is too long for one comment; it is split into ${n} comments. The plan hash and how to approve it are at the end of the last one.`, ""] : []
    ], tail = k === n - 1 ? [
      "",
      `Plan hash: \`${hash}\``,
      "",
      `Reply **\`/approve ${hashPrefix(hash)}\`** to run exactly this plan, or **\`/approve ${hashPrefix(hash)} delay=2\`** to wait 2 minutes between steps (recommended for rate-limited APIs). A bare \`/approve\` is enough unless this issue had an earlier proposal that you may have seen instead of this one.`,
      "Only people with write access (or listed approvers) can approve, and only after this proposal was posted. Edit the plan and the proposal is posted again; this one then says it was superseded."
    ] : ["", `*Continued in the next comment (part ${k + 2} of ${n}).*`];
    return [...head, content.join(`

`), ...tail].join(`
`);
  }) };
}
function changeBlocks(state, changes) {
  let changed = changes.filter((c) => c.change !== "unchanged");
  if (!changed.length) return [];
  let kept = Object.entries(state.stepRuns).filter(([, r]) => r.status === "DONE" || r.status === "SKIPPED").map(([sid]) => `\`${sid}\``);
  return [
    ...linesToBlocks(["The plan changed since it was approved, so it is paused until it is approved again:", ...changed.map((c) => `- \`${c.stepId}\` ${c.change}`)]),
    ...kept.length ? listBlocks("Finished steps kept (same id and instruction): ", kept, ".") : ["No finished step is kept."]
  ];
}
var TOO_LARGE_HEADING = "Plan too large to propose", TOO_LARGE_HINT = "Split it into smaller plans, or start it from the workflow: dispatch `command: start` with the `plan` input (a dispatch by someone with write access approves it).";
function tooLargeText({ parts, chars }) {
  return `Its proposal would take ${countOf(parts, "comment")} (${countOf(chars, "character")}); at most ${MAX_PROPOSAL_PARTS} are posted, so nothing can be approved.`;
}

// src/core/plan/execution-fields.ts
var RULE_FIELDS = ["command", "command_output_contains"];
function executionFields(plan) {
  let out = hasPreflightCommands(plan.preflight) ? [{ stepId: null, fields: ["preflight"] }] : [];
  for (let [stepId, step] of Object.entries(plan.steps)) {
    let fields = [];
    step.agent !== void 0 && fields.push("agent"), step.run !== void 0 && fields.push("run"), step.env !== void 0 && fields.push("env");
    let rules = Array.isArray(step.validate) ? step.validate : [];
    for (let field of RULE_FIELDS)
      rules.some((rule) => typeof rule == "object" && rule !== null && Object.hasOwn(rule, field)) && fields.push(field);
    hasPreflightCommands(step.preflight) && fields.push("preflight"), fields.length && out.push({ stepId, fields });
  }
  return out;
}
function describeExecution(found) {
  return found.map((s) => `${s.stepId === null ? "the plan" : `\`${s.stepId}\``} sets ${s.fields.map((f) => `\`${f}\``).join(", ")}`).join("; ");
}

// src/core/render/refused-plan-markdown.ts
function refusedPlanComment(state, author, found, links = {}) {
  let id = state.planId ?? "plan", listed = describeExecution(found), sets = `it sets what runs: ${listed.length > 3e3 ? `${listed.slice(0, 3e3)}\u2026` : listed}.`, rest = "the agent command, environment and check commands come from the workflow and from people with write access. **Nothing from this plan can be approved or run.**", why = isBot(author) ? [
    `This plan comes from the bot ${codeLogin(author.login)}, and ${sets}`,
    "",
    `A bot files issues with text others gave it, so its plan may only describe the work (${DESCRIBING}), whatever the bot's permission; ${rest}`
  ] : [
    `This plan comes from ${codeLogin(author.login)}, who does not have write access to this repository, and ${sets}`,
    "",
    `A plan from someone without write access may only describe the work (${DESCRIBING}); ${rest}`
  ];
  return [
    marker(id, "refused", state.planHash),
    `### \u26D4 Plan not proposed: ${inline(state.plan.title ?? id)}`,
    "",
    ...why,
    "",
    "To run it, a maintainer can post the plan in an issue of their own, or set `allow-untrusted-plan-commands: true` in the workflow, after which such plans are proposed with every command shown.",
    ...footer(links)
  ].join(`
`);
}
var DESCRIBING = "titles, instructions, required outputs, file and payload checks";
function codeLogin(login) {
  let suffix = /\[bot\]$/i.exec(login)?.[0] ?? "";
  return `\`${login.slice(0, login.length - suffix.length).replace(/[^A-Za-z0-9-]/g, "")}${suffix}\``;
}
function draftHintComment(planId, links = {}) {
  return [
    marker(planId, "request"),
    "### No plan yet",
    "",
    "This issue has no plan block, so it is a request. Drafting a plan from it runs the agent, which only someone with write access can start: **a maintainer can reply `/draft`** to have a plan drafted and proposed here.",
    "",
    'Or add the plan yourself as a fenced ```json or ```yaml block with `"steps"`.',
    ...footer(links)
  ].join(`
`);
}

// src/core/render/retired-proposal-markdown.ts
function proposalMarker(planId, leading) {
  let found = /^<!-- agent-step-sequencer:proposal:([^:\s]+):(sha256:[0-9a-f]{64})(?::part-([1-9]\d{0,2}))? -->$/.exec(leading);
  return !found || found[1] !== planId ? null : { planHash: found[2], part: found[3] ? Number(found[3]) : 1 };
}
function retiredProposalComment(planId, old, by, links = {}) {
  let part = old.part > 1 ? ` (part ${old.part})` : "", plan = `plan \`${old.planHash}\``, text = "withdrawn" in by ? [`### Withdrawn proposal${part}`, "", `This proposal of ${plan} was withdrawn: ${by.withdrawn}. It can no longer be approved.`] : [
    `### Superseded proposal${part}`,
    "",
    `This proposal of ${plan} was replaced by ${linked(`the proposal of plan \`${by.planHash}\``, by.url)} when the plan in the issue changed. It can no longer be approved: review the newer proposal and approve that one.`
  ];
  return [marker(planId, "proposal", old.part > 1 ? `${old.planHash}:part-${old.part}` : old.planHash), ...text, ...footer(links)].join(`
`);
}
function linked(text, url) {
  return /^https:\/\/[^\s()<>[\]]+$/.test(url) ? `[${text}](${url})` : text;
}

// src/adapters/github/issue-comments.ts
import { setTimeout as sleep } from "node:timers/promises";
function toIssueComment(c) {
  return {
    id: c.id,
    body: c.body ?? "",
    login: c.user?.login ?? "ghost",
    userType: c.user?.type ?? "User",
    association: c.author_association ?? "NONE",
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    htmlUrl: c.html_url
  };
}
var SINCE_MARGIN_MS = 6e4;
function sinceQuery(ms) {
  return new Date(ms - SINCE_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
}
async function listIssueComments(where, since) {
  let { client, owner, repo, issueNumber } = where, comments = [], serverTime, params = { owner, repo, issue_number: issueNumber, per_page: 100, ...since ? { since } : {} };
  for await (let response of client.paginate.iterator(client.rest.issues.listComments, params)) {
    if (serverTime === void 0) {
      let t = Date.parse(response.headers.date ?? "");
      serverTime = Number.isNaN(t) ? void 0 : t;
    }
    comments.push(...response.data.map(toIssueComment));
  }
  return comments.sort((a, b) => a.id - b.id), { comments, serverTime };
}
var MarkerIndex = class {
  constructor(where, identity, floor) {
    this.where = where;
    this.identity = identity;
    this.floor = floor;
  }
  where;
  identity;
  floor;
  found = /* @__PURE__ */ new Map();
  scannedAt;
  scanned = !1;
  /** With `fresh`, lists again even when the index has looked before (after a failed write). */
  async find(marker2, fresh = !1) {
    return (!this.scanned || fresh) && await this.refresh(), this.found.get(marker2);
  }
  /** Every comment of ours whose marker starts with `prefix`, listing the issue if not yet done. */
  async startingWith(prefix) {
    return this.scanned || await this.refresh(), [...this.found].filter(([marker2]) => marker2.startsWith(prefix)).map(([, comment]) => comment);
  }
  remember(marker2, comment) {
    this.found.set(marker2, comment);
  }
  forget(marker2) {
    this.found.delete(marker2);
  }
  async refresh() {
    let since = this.scannedAt !== void 0 ? sinceQuery(this.scannedAt) : this.floor, [{ comments, serverTime }, ours] = await Promise.all([listIssueComments(this.where, since), this.identity.login()]);
    for (let c of comments) {
      let marker2 = leadingMarker(c.body);
      if (!marker2 || !isOwnComment(c.login, ours)) continue;
      let known = this.found.get(marker2);
      (!known || c.id <= known.id) && this.found.set(marker2, c);
    }
    this.scanned = !0, this.scannedAt = serverTime;
  }
};
async function createCommentOnce(o) {
  let { client, owner, repo, issueNumber } = o.where, attempts = o.attempts ?? 5, rateLimitRetries = 0;
  for (let attempt = 1; ; attempt++) {
    let existing = await o.find(attempt > 1);
    if (existing) return { comment: existing, created: !1 };
    try {
      let response = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body: o.body, request: { retries: 0 } });
      return { comment: toIssueComment(response.data), created: !0 };
    } catch (err) {
      let limited = rateLimitWaitSeconds(refusalOf(err), Date.now()), again = limited === null ? isTransient(err) : shouldRetryRateLimit(limited, rateLimitRetries++);
      if (attempt >= attempts || !again) throw err;
      o.log?.(`Posting a comment on #${issueNumber} failed (${describeError(err)}); checking whether it landed before attempt ${attempt + 1} of ${attempts}.`), await sleep(limited !== null ? limited * 1e3 : (o.retryBaseMs ?? 1e3) * attempt * attempt);
    }
  }
}
function isTransient(err) {
  let status = statusOf(err);
  return status === void 0 || status >= 500;
}

// src/adapters/github/pull-request.ts
async function ensurePullRequest(spec) {
  let { client, owner, repo, head, base } = spec, label = head.includes(":") ? head : `${owner}:${head}`, open = async () => (await client.rest.pulls.list({ owner, repo, head: label, base, state: "open", per_page: 1 })).data[0], existing = await open();
  if (existing) return { kind: "exists", number: existing.number, url: existing.html_url };
  try {
    let { data } = await client.rest.pulls.create({ owner, repo, head, base, title: spec.title, ...spec.body ? { body: spec.body } : {} });
    return { kind: "created", number: data.number, url: data.html_url };
  } catch (err) {
    if (!isStatus(err, 422)) throw err;
    let raced = await open();
    if (raced) return { kind: "exists", number: raced.number, url: raced.html_url };
    let reason = `GitHub refused to open a pull request from ${label} into ${base}: ${describeError(err)}`;
    return spec.log?.(reason), { kind: "not-opened", reason };
  }
}

// src/adapters/github/posting-identity.ts
var shared = /* @__PURE__ */ new WeakMap(), TokenIdentity = class _TokenIdentity {
  constructor(o) {
    this.o = o;
  }
  o;
  known;
  asked;
  /** One identity per client: the notifier, the inbox and the proposal path ask GitHub once between them. */
  static of(client, log) {
    let identity = shared.get(client);
    return identity || (identity = new _TokenIdentity({ client, ...log ? { log } : {} }), shared.set(client, identity)), identity;
  }
  login() {
    return this.known ? Promise.resolve(this.known) : (this.asked ??= this.ask(), this.asked);
  }
  learn(login) {
    this.known && this.known.toLowerCase() !== login.toLowerCase() && this.o.log?.(`GitHub named the token's login ${this.known}, but the comment just posted is by ${login}; taking ${login} as ours.`), this.known = login;
  }
  async ask() {
    try {
      let login = (await this.o.client.graphql("query { viewer { login } }")).viewer?.login;
      typeof login == "string" && login && (this.known ??= login);
    } catch (err) {
      this.o.log?.(`Could not ask GitHub who the token posts as (${describeError(err)}); no earlier comment counts as ours until this run posts one.`);
    }
    return this.known;
  }
};

// src/core/trust/approval-evidence.ts
import { createHash } from "node:crypto";
function proposalDigest(body) {
  return createHash("sha256").update(withoutFooter(body)).digest("hex");
}
function approvalSource(state) {
  let a = state.approval;
  if (!a) return null;
  if (typeof a.commentId == "number") return { kind: "comment", id: a.commentId };
  let runId = a.runId;
  return typeof runId == "number" ? { kind: "run", id: runId } : null;
}
function recordedParts(state) {
  let p = state.proposal;
  if (!p) return [];
  let parts = p.parts;
  return Array.isArray(parts) && parts.every(isPart) ? parts : typeof p.commentId == "number" ? [{ commentId: p.commentId }] : [];
}
function isPart(x) {
  let p = x;
  return typeof p == "object" && p !== null && Number.isSafeInteger(p.commentId) && typeof p.sha256 == "string";
}
var wholeSeconds = (iso) => Math.floor(Date.parse(iso) / 1e3), sameLogin = (a, b) => a.toLowerCase() === b.toLowerCase();
function judgeApproval(state, e) {
  let approval = state.approval;
  if (!approval) return { ok: !1, reason: "the plan has no approval" };
  let no = (reason) => ({ ok: !1, reason }), source = approvalSource(state);
  if (!source) return no(`the approval by ${approval.by} names no comment or workflow run GitHub can confirm (an approval written into the state by hand, or by the CLI, does not count here)`);
  if (e.approverRefusal !== null) return no(`${approval.by} may not approve this plan now: ${e.approverRefusal}`);
  if (source.kind === "run") {
    let run = e.run;
    return run ? run.event !== "workflow_dispatch" ? no(`the workflow run ${source.id} that approved it was started by ${run.event}, not by a dispatch`) : !run.actor || !sameLogin(run.actor, approval.by) ? no(`the workflow run ${source.id} that approved it was dispatched by ${run.actor ?? "nobody known"}, not by ${approval.by}`) : { ok: !0 } : no(`the workflow run ${source.id} that approved it does not exist`);
  }
  let c = e.approving;
  if (!c) return no(`the approving comment ${source.id} no longer exists`);
  if (e.issueNumber === null || c.issueNumber !== e.issueNumber) return no(`the approving comment ${source.id} is not on the plan's issue`);
  if (!sameLogin(c.login, approval.by)) return no(`the approving comment ${source.id} was written by ${c.login}, not by ${approval.by}`);
  if (e.ourLogin && sameLogin(c.login, e.ourLogin)) return no(`the approving comment ${source.id} is one of ours`);
  let parsed = parseCommandText(c.body, c.login);
  if (!parsed?.ok || parsed.command.kind !== "approve") return no(`the comment ${source.id} does not say /approve (any more)`);
  if (parsed.command.planHash !== void 0 && !namesPlanHash(parsed.command.planHash, state.planHash))
    return no(`the comment ${source.id} approves plan ${parsed.command.planHash}, not ${state.planHash ?? "this plan"}`);
  if (!e.ourLogin) return no("GitHub did not say who the Action posts as, so its proposal cannot be told from a copy");
  let parts = recordedParts(state), held = e.proposal ?? [];
  if (!parts.length || held.length !== parts.length) return no("no proposal of this plan is recorded as posted");
  let planId = state.planId ?? "";
  for (let [k, part] of parts.entries()) {
    let p = held[k];
    if (!p) return no(`the proposal comment ${part.commentId} no longer exists`);
    if (!sameLogin(p.login, e.ourLogin)) return no(`the proposal comment ${part.commentId} was written by ${p.login}, not by the Action (${e.ourLogin})`);
    if (p.issueNumber !== e.issueNumber) return no(`the proposal comment ${part.commentId} is not on the plan's issue`);
    let want = marker(planId, "proposal", k === 0 ? state.planHash : `${state.planHash ?? ""}:part-${k + 1}`), shown = leadingMarker(p.body), legacyPart = part.sha256 === void 0 && shown !== null && shown.startsWith(`${want.slice(0, -4)}:part-`);
    if (shown !== want && !legacyPart) return no(`the proposal comment ${part.commentId} does not show plan ${state.planHash ?? "(no hash)"}`);
    if (part.sha256 !== void 0 && proposalDigest(p.body) !== part.sha256) return no(`the proposal comment ${part.commentId} was edited after the Action posted it`);
    if (wholeSeconds(p.updatedAt) > wholeSeconds(c.createdAt)) return no(`the proposal comment ${part.commentId} changed (${p.updatedAt}) after the approval was written (${c.createdAt})`);
  }
  return { ok: !0 };
}
function judgeRaise(raise, e) {
  let no = (reason) => ({ ok: !1, reason }), what = `the budget raise by ${raise.by}`;
  if (typeof raise.commentId != "number") return no(`${what} names no comment GitHub can confirm (a raise written into the state by hand, or by the CLI, does not count here)`);
  if (e.raiserRefusal !== null) return no(`${raise.by} may not raise this plan's budget now: ${e.raiserRefusal}`);
  let c = e.comment;
  if (!c) return no(`the comment ${raise.commentId} of ${what} no longer exists`);
  if (e.issueNumber === null || c.issueNumber !== e.issueNumber) return no(`the comment ${raise.commentId} of ${what} is not on the plan's issue`);
  if (!sameLogin(c.login, raise.by)) return no(`the comment ${raise.commentId} was written by ${c.login}, not by ${raise.by}`);
  if (e.ourLogin && sameLogin(c.login, e.ourLogin)) return no(`the comment ${raise.commentId} is one of ours`);
  let parsed = parseCommandText(c.body, c.login);
  return (parsed?.ok && parsed.command.kind === "approve" ? parsed.command.budgets ?? [] : []).some((v) => (v.kind ?? raise.kind) === raise.kind && v.amount === raise.limit) ? { ok: !0 } : no(`the comment ${raise.commentId} does not say /approve budget=\u2026 with this limit (any more)`);
}

// src/adapters/github/github-notifier.ts
var GitHubNotifier = class {
  constructor(o) {
    this.o = o;
    this.where = { client: o.client, owner: o.owner, repo: o.repo, issueNumber: o.issueNumber }, this.identity = o.identity ?? TokenIdentity.of(o.client, o.log), this.index = new MarkerIndex(this.where, this.identity);
  }
  o;
  where;
  index;
  identity;
  status;
  /** What the `done` notice did about the pull request, for the Action's outputs. */
  pullRequest;
  async notify(notice, state) {
    let s = this.named(state);
    switch (notice.kind) {
      case "blocked":
        await this.postOnce(blockerNotice(s, notice.stepId, notice.reason, await this.links([], s)));
        return;
      case "done": {
        let links = await this.links(shownOutputs(s, !0), s);
        this.o.openPullRequest && await this.openPullRequest(s, pullRequestBody(s, this.o.issueNumber, finalSummaryComment(s, links), links));
        let status = await this.publishStatus(s, links);
        await this.postOnce(doneComment(s, status.url, pullRequestLine(this.pullRequest), links));
        return;
      }
      case "cancelled":
        await this.postOnce(cancelledNotice(s, notice.runningStep, await this.links(shownOutputs(s), s)));
        return;
      case "gate":
        await this.postOnce(gateNotice(s, notice.stepId, await this.links(shownOutputs(s, !0), s)));
        return;
      case "base-conflict":
        await this.postOnce(baseConflictNotice(s, notice, await this.links([], s)));
        return;
      case "changes-refused":
        await this.postOnce(refusedChangesNotice(s, notice, await this.links([])));
        return;
      default:
        return;
    }
  }
  /**
   * Creates or edits the plan's one status comment; the caller keeps `commentId` in the state.
   * `links` saves building them again when the caller has them already.
   */
  async publishStatus(state, links) {
    let s = this.named(state), body = statusComment(s, links ?? await this.links(shownOutputs(s, s.status === "DONE"), s), pullRequestLine(this.pullRequest)), marker2 = leadingMarker(body), known = this.status?.id ?? state.issue?.statusCommentId ?? void 0, stale = !1;
    if (known !== void 0) {
      if (this.status?.id === known && this.status.body === body) return { commentId: known, changed: !1, url: this.status.url };
      try {
        let edited = await this.edit(known, body);
        return this.status = { id: known, body, url: edited.htmlUrl }, { commentId: known, changed: !0, url: edited.htmlUrl };
      } catch (err) {
        if (!isStatus(err, 404)) throw err;
        this.o.log?.(`Status comment ${known} is gone; posting a new one.`), this.index.forget(marker2), stale = !0;
      }
    }
    let { comment, created } = await this.createOnce(body, marker2, stale);
    return !created && comment.body !== body && await this.edit(comment.id, body), this.status = { id: comment.id, body, url: comment.htmlUrl }, { commentId: comment.id, changed: created || comment.body !== body, url: comment.htmlUrl };
  }
  /**
   * Tells the issue why no plan could be proposed (no plan block, a broken one), once per
   * distinct problem so relabeling or re-editing with the same mistake does not repeat it.
   */
  async postProblem(problem) {
    return { commentId: (await this.postOnce(problemComment(this.o.planId, problem, await this.links([])))).id };
  }
  /**
   * Posts the proposal for this plan hash: every part once, found by its marker. A part found
   * with another body (an earlier run's rendering, other settings) is edited to the current one,
   * so what is shown is what runs; `postedAt` is then the edit's time, not the first post's.
   */
  async proposePlan(state, changes = []) {
    let s = this.named(state), rendered = renderProposal(s, this.o.proposal ?? { limits: DEFAULT_LIMITS }, changes);
    if ("tooLarge" in rendered) return rendered;
    let run = footer(await this.links([], s)), parts = [], postedAt = "", url = "";
    for (let part of rendered.parts) {
      let body = [part, ...run].join(`
`), posted = await this.createOnce(body, leadingMarker(body), !1), { created } = posted, { comment } = posted;
      !created && withoutFooter(comment.body) !== withoutFooter(body) && (comment = await this.edit(comment.id, body));
      let at = created ? comment.createdAt : comment.updatedAt;
      parts.push({ commentId: comment.id, sha256: proposalDigest(comment.body) }), url ||= comment.htmlUrl, (!postedAt || Date.parse(at) > Date.parse(postedAt)) && (postedAt = at);
    }
    let commentIds = parts.map((p) => p.commentId);
    return { planHash: s.planHash ?? "", commentId: commentIds[commentIds.length - 1], commentIds, parts, postedAt, url };
  }
  /**
   * Edits every proposal of another plan hash on the issue to say it was superseded by `current`
   * (linked), or withdrawn (`current` null), so no comment invites an approval that cannot
   * count. Returns GitHub's time by which the last of them said so, null when there was none.
   */
  async retireProposals(state, current, withdrawn = "the plan can no longer be proposed") {
    let planId = this.named(state).planId, links = await this.links([], state), retiredAt = null;
    for (let comment of await this.index.startingWith(marker(planId, "proposal").replace(/ -->$/, ":"))) {
      let old = proposalMarker(planId, leadingMarker(comment.body) ?? "");
      if (!old || old.planHash === current?.planHash) continue;
      let body = retiredProposalComment(planId, old, current ? { planHash: current.planHash, url: current.url } : { withdrawn }, links), at = withoutFooter(comment.body) === withoutFooter(body) ? comment.updatedAt : (await this.edit(comment.id, body)).updatedAt;
      (retiredAt === null || Date.parse(at) > Date.parse(retiredAt)) && (retiredAt = at);
    }
    return retiredAt;
  }
  /** Says once per plan hash why a plan from someone without write access, or from a bot, was not proposed. */
  async refusePlan(state, author, found) {
    return { commentId: (await this.postOnce(refusedPlanComment(this.named(state), author, found, await this.links([])))).id };
  }
  /** Tells a request's issue, once, that a maintainer can reply `/draft`. */
  async postDraftHint() {
    return { commentId: (await this.postOnce(draftHintComment(this.o.planId, await this.links([])))).id };
  }
  /** A run could not do what was asked (once per distinct problem): the issue says so. */
  async postRunProblem(heading, problem, hint) {
    return { commentId: (await this.postOnce(runProblemComment(this.o.planId, heading, problem, hint, await this.links([])))).id };
  }
  async postOnce(body) {
    return (await this.createOnce(body, leadingMarker(body), !1)).comment;
  }
  async createOnce(body, marker2, fresh) {
    let result = await createCommentOnce({
      where: this.where,
      body,
      find: (retrying) => this.index.find(marker2, fresh || retrying),
      ...this.o.retryBaseMs !== void 0 ? { retryBaseMs: this.o.retryBaseMs } : {},
      ...this.o.log ? { log: this.o.log } : {}
    });
    return result.created && this.identity.learn(result.comment.login), this.index.remember(marker2, result.comment), result;
  }
  async edit(id, body) {
    let { client, owner, repo } = this.o, { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: id, body }), comment = toIssueComment(data), marker2 = leadingMarker(body);
    return marker2 && this.index.remember(marker2, comment), comment;
  }
  /** A pull request that cannot be opened is reported, never a reason to withhold the summary. */
  async openPullRequest(state, summary2) {
    let pr = this.o.openPullRequest;
    try {
      await pr.prepare?.(state), this.pullRequest = await ensurePullRequest({
        client: this.o.client,
        owner: this.o.owner,
        repo: this.o.repo,
        head: pr.head,
        base: pr.base,
        title: pullRequestTitle(state.plan?.title) ?? pr.title,
        body: summary2,
        ...this.o.log ? { log: this.o.log } : {}
      });
    } catch (err) {
      let reason = `Could not open the pull request from ${pr.head}: ${describeError(err)}`;
      this.o.log?.(reason), this.pullRequest = { kind: "not-opened", reason };
    }
  }
  /** Links to the run and to these outputs at the commits that produced them: only what a comment shows is looked up. */
  async links(paths, state) {
    if (!this.o.links) return {};
    try {
      return await this.o.links(paths, state);
    } catch (err) {
      return this.o.log?.(`Could not build links to outputs; listing them without links: ${describeError(err)}`), {};
    }
  }
  named(state) {
    return state.planId ? state : { ...state, planId: this.o.planId };
  }
};
function pullRequestTitle(title) {
  let line = title?.replace(/\s+/g, " ").trim();
  if (line)
    return line.length > 256 ? `${line.slice(0, 255)}\u2026` : line;
}
function pullRequestLine(pr) {
  if (!(!pr || pr.kind === "not-opened"))
    return `Pull request: #${pr.number} (${pr.url})`;
}

// src/adapters/github/repository-permissions.ts
var RepositoryPermissions = class {
  constructor(o) {
    this.o = o;
  }
  o;
  asked = /* @__PURE__ */ new Map();
  /** allow for write, maintain or admin permission; deny (with the reason) otherwise. Private: every caller goes through a rule. */
  gate(login) {
    let key = login.toLowerCase(), gate = this.asked.get(key);
    return gate || (gate = this.ask(login), gate.catch(() => this.asked.delete(key)), this.asked.set(key, gate)), gate;
  }
  /** The command rule (core/trust/authorize.ts) for a comment, with the permission asked where the rule needs it. */
  async commentGate(c, policy) {
    return this.settle(gateComment(c, policy), c.login);
  }
  /** The same rule for whoever else asks to act (an issue event's sender, a `/draft`): one answer and one reason for a login, whichever path asks. */
  async actorGate(a, approvers) {
    return this.settle(gateActor(a, approvers), a.login);
  }
  async settle(gate, login) {
    return gate.kind === "check-permission" ? this.gate(login) : gate;
  }
  async ask(login) {
    let { client, owner, repo } = this.o;
    try {
      let { data } = await client.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login });
      return decidePermission(login, data.permission, data.role_name);
    } catch (err) {
      if (isStatus(err, 404)) return decidePermission(login, void 0);
      throw err;
    }
  }
};

// src/adapters/github/issue-inbox.ts
var PER_PAGE = 100, IssueInbox = class {
  constructor(o) {
    this.o = o;
    this.where = { client: o.client, owner: o.owner, repo: o.repo, issueNumber: o.issueNumber }, this.identity = o.identity ?? TokenIdentity.of(o.client, o.log), this.permissions = o.permissions ?? new RepositoryPermissions({ client: o.client, owner: o.owner, repo: o.repo });
  }
  o;
  cursorKey = "lastCommentId";
  where;
  /** Command comments handed out by read(), for reply() to quote and to bound its search. */
  commands = /* @__PURE__ */ new Map();
  /** Our replies, listed from the oldest command still to answer. */
  replies;
  /**
   * Each login's permission, asked once for the whole run: reads come after every step and every
   * second while an agent runs, and a flood of comments must not become a flood of API calls.
   */
  permissions;
  identity;
  async read(memo) {
    let prev = readMemo(memo), listing = await this.list(prev);
    if (!listing) return { items: [] };
    let items = [], lastCommentId = prev.lastCommentId, stoppedEarly = !1, history = new CommentHistory(this.where, listing.comments, prev.since);
    for (let c of listing.comments) {
      if (c.id <= prev.lastCommentId) continue;
      let item = await this.toItem(c, history).catch((err) => (this.o.log?.(`Could not check @${c.login}'s permission for comment ${c.id}; trying again next tick: ${describeError(err)}`), "stop"));
      if (item === "stop") {
        stoppedEarly = !0;
        break;
      }
      item && (items.push(item), this.commands.set(c.id, c)), lastCommentId = c.id;
    }
    let newest = listing.comments.reduce((acc, c) => acc === void 0 || Date.parse(c.createdAt) > Date.parse(acc) ? c.createdAt : acc, void 0), oldestItem = items[0] ? this.commands.get(items[0].cursor)?.createdAt : void 0;
    return this.replies = oldestItem ? { index: new MarkerIndex(this.where, this.identity, oldestItem), floor: oldestItem } : void 0, {
      items,
      memo: {
        lastCommentId,
        commentsSince: (stoppedEarly ? prev.since : newest ?? prev.since) ?? null,
        // A full first page can stay unchanged while later pages grow: its ETag proves nothing.
        commentsEtag: stoppedEarly || !listing.single ? null : listing.etag ?? null
      }
    };
  }
  /** The cursor lives in the state; nothing to do on GitHub's side. */
  async acknowledge(_cursor) {
  }
  async reply(item, text, refused = !1) {
    let command = this.commands.get(item.cursor) ?? await this.fetchComment(item.cursor), marker2 = replyMarker(command.id);
    (!this.replies || Date.parse(this.replies.floor) > Date.parse(command.createdAt)) && (this.replies = { index: new MarkerIndex(this.where, this.identity, command.createdAt), floor: command.createdAt });
    let { index } = this.replies, { comment, created } = await createCommentOnce({
      where: this.where,
      body: replyComment(command.id, command.login, command.body, text, this.o.links),
      find: (fresh) => index.find(marker2, fresh),
      ...this.o.retryBaseMs !== void 0 ? { retryBaseMs: this.o.retryBaseMs } : {},
      ...this.o.log ? { log: this.o.log } : {}
    });
    created && this.identity.learn(comment.login), index.remember(marker2, comment), await this.react(item, refused);
  }
  async react(item, refused = !1) {
    if (this.o.reactions === !1) return;
    let { client, owner, repo } = this.o;
    await client.rest.reactions.createForIssueComment({ owner, repo, comment_id: item.cursor, content: item.refusal || refused ? "confused" : "+1" }).catch((err) => this.o.log?.(`Could not react to comment ${item.cursor}: ${describeError(err)}`));
  }
  /** Comments after the memo's `since`: null when unchanged since the memo's ETag (a free 304). */
  async list(prev) {
    let { client, owner, repo, issueNumber } = this.o, params = { owner, repo, issue_number: issueNumber, per_page: PER_PAGE, ...prev.since ? { since: sinceQuery(Date.parse(prev.since)) } : {} }, first = await getIfModified(async (headers) => {
      let res = await client.rest.issues.listComments({ ...params, headers });
      return { data: { comments: res.data.map(toIssueComment), next: hasNext(res.headers.link) }, headers: res.headers };
    }, prev.etag);
    if (!first.modified) return null;
    let comments = [...first.data.comments], next = first.data.next;
    for (let page = 2; next; page++) {
      let res = await client.rest.issues.listComments({ ...params, page });
      comments.push(...res.data.map(toIssueComment)), next = hasNext(res.headers.link);
    }
    return comments.sort((a, b) => a.id - b.id), { comments, etag: first.etag, single: !first.data.next && first.data.comments.length < PER_PAGE };
  }
  /** An item for a command comment, null for anything that is not one for us. */
  async toItem(c, history) {
    if (c.userType === "Bot") return null;
    let parsed = parseCommandText(c.body, c.login);
    if (!parsed) return null;
    let ours = await this.identity.login();
    if (ours && c.login.toLowerCase() === ours.toLowerCase() && c.body.startsWith("<!-- agent-step-sequencer:") || Date.parse(c.updatedAt) > Date.parse(c.createdAt)) return null;
    let gate = await this.permissions.commentGate({ action: "created", issueNumber: this.o.issueNumber, login: c.login, userType: c.userType, association: c.association }, this.o.policy);
    if (gate.kind === "ignore") return null;
    let fallback = { kind: "status", by: c.login };
    if (gate.kind === "deny") return { cursor: c.id, command: parsed.ok ? parsed.command : fallback, refusal: gate.reason, unauthorized: !0, ...parsed.ok ? {} : { label: parsed.name } };
    if (!parsed.ok) return { cursor: c.id, command: fallback, refusal: parsed.error, label: parsed.name };
    if (parsed.command.kind !== "approve") return { cursor: c.id, command: parsed.command };
    let previous = parsed.command.planHash === void 0 ? { previousCommentAt: await history.previousCommentAt(c) } : {};
    return { cursor: c.id, command: { ...parsed.command, commentId: c.id, at: c.createdAt, ...previous } };
  }
  async fetchComment(id) {
    let { client, owner, repo } = this.o, { data } = await client.rest.issues.getComment({ owner, repo, comment_id: id }), comment = toIssueComment(data);
    return this.commands.set(id, comment), comment;
  }
}, CommentHistory = class {
  constructor(where, listed, since) {
    this.where = where;
    this.listed = listed;
    this.from = since === void 0 ? 0 : Date.parse(sinceQuery(Date.parse(since)));
  }
  where;
  listed;
  /** The listing holds every comment created from this time on (ms); 0 when it holds them all. */
  from;
  all;
  /** The creation time of `c`'s author's latest earlier comment, null when there is none. */
  async previousCommentAt(c) {
    let listed = latestBefore(this.listed, c);
    return this.from === 0 || listed && Date.parse(listed.createdAt) >= this.from ? listed?.createdAt ?? null : (this.all ??= (await listIssueComments(this.where)).comments, latestBefore(this.all, c)?.createdAt ?? null);
  }
};
function latestBefore(comments, c) {
  let login = c.login.toLowerCase();
  return comments.filter((o) => o.id < c.id && o.login.toLowerCase() === login).reduce((latest, o) => latest && latest.id > o.id ? latest : o, void 0);
}
function readMemo(memo) {
  let id = memo.lastCommentId, since = memo.commentsSince;
  return {
    lastCommentId: typeof id == "number" && Number.isSafeInteger(id) && id > 0 ? id : 0,
    etag: typeof memo.commentsEtag == "string" && memo.commentsEtag !== "" ? memo.commentsEtag : void 0,
    since: typeof since == "string" && !Number.isNaN(Date.parse(since)) ? since : void 0
  };
}
function hasNext(link) {
  return /rel="next"/.test(link ?? "");
}

// src/adapters/github/approval-verifier.ts
var GitHubApprovalVerifier = class {
  constructor(o) {
    this.o = o;
  }
  o;
  confirmed = /* @__PURE__ */ new Set();
  async verify(state) {
    let key = JSON.stringify([state.planHash, state.approval, state.proposal]);
    if (this.confirmed.has(key)) return { ok: !0 };
    let verdict = judgeApproval(state, await this.evidence(state));
    return verdict.ok && this.confirmed.add(key), verdict;
  }
  async verifyRaise(_state, raise) {
    let key = JSON.stringify(["raise", raise]);
    if (this.confirmed.has(key)) return { ok: !0 };
    let [comment, ourLogin, raiserRefusal] = await Promise.all([typeof raise.commentId == "number" ? this.comment(raise.commentId) : void 0, this.o.identity.login(), this.refusal(raise.by)]), verdict = judgeRaise(raise, { ourLogin, issueNumber: this.o.issueNumber, raiserRefusal, ...comment !== void 0 ? { comment } : {} });
    return verdict.ok && this.confirmed.add(key), verdict;
  }
  async evidence(state) {
    let source = approvalSource(state), [ourLogin, approverRefusal, held] = await Promise.all([
      this.o.identity.login(),
      this.refusal(state.approval?.by ?? ""),
      source?.kind === "run" ? this.run(source.id).then((run) => ({ run })) : source?.kind === "comment" ? Promise.all([this.comment(source.id), ...recordedParts(state).map((p) => this.comment(p.commentId))]).then(([approving, ...proposal]) => ({ approving: approving ?? null, proposal })) : Promise.resolve({})
    ]);
    return { ourLogin, issueNumber: this.o.issueNumber, approverRefusal, ...held };
  }
  /** Null when `login` may command the plan now (write access, and listed where a list is given). */
  async refusal(login) {
    if (!login) return "the approval names nobody";
    let gate = await this.o.permissions.actorGate({ login, userType: "User", association: "" }, this.o.policy.approvers);
    return gateRefusal(login, gate);
  }
  async comment(id) {
    let { client, owner, repo } = this.o;
    try {
      let { data } = await client.rest.issues.getComment({ owner, repo, comment_id: id }), issue = /\/issues\/(\d+)$/.exec(data.issue_url)?.[1];
      return { ...toIssueComment(data), issueNumber: issue ? Number(issue) : null };
    } catch (err) {
      if (isStatus(err, 404)) return null;
      throw err;
    }
  }
  async run(id) {
    let { client, owner, repo } = this.o;
    try {
      let { data } = await client.rest.actions.getWorkflowRun({ owner, repo, run_id: id });
      return { id: data.id, event: data.event, actor: data.triggering_actor?.login ?? data.actor?.login ?? null };
    } catch (err) {
      if (isStatus(err, 404)) return null;
      throw err;
    }
  }
};

// src/adapters/toolkit/job-summary.ts
var MAX_SUMMARY_BYTES = 1024 * 1024;
async function writeJobSummary(markdown, log) {
  if (!process.env.GITHUB_STEP_SUMMARY) return !1;
  try {
    return await summary.addRaw(capBytes(markdown, MAX_SUMMARY_BYTES - 1), !0).write(), !0;
  } catch (err) {
    return summary.emptyBuffer(), log?.(`Could not write the job summary: ${describeError(err)}`), !1;
  }
}
function capBytes(text, max) {
  if (Buffer.byteLength(text) <= max) return text;
  let note = `

\u2026 (truncated: GitHub limits a job summary to 1 MiB)
`, out = text.slice(0, max - note.length);
  for (; Buffer.byteLength(out) > max - note.length; ) out = out.slice(0, Math.floor(out.length * 0.95));
  return out.replace(/[\ud800-\udbff]$/, "") + note;
}

// src/adapters/merged-inbox.ts
var MergedInbox = class _MergedInbox {
  constructor(sources) {
    this.sources = sources;
    if (!sources.length) throw new Error("MergedInbox needs at least one source");
    this.cursorKey = sources[0].cursorKey;
  }
  sources;
  cursorKey;
  sourceOf = /* @__PURE__ */ new WeakMap();
  /** One source needs no merging. */
  static of(sources) {
    let present = sources.filter((s) => s !== void 0);
    return present.length > 1 ? new _MergedInbox(present) : present[0];
  }
  async read(memo) {
    let items = [], merged;
    for (let source of this.sources) {
      let read = await source.read(memo);
      read.memo && (merged = { ...merged, ...read.memo });
      for (let item of read.items) {
        let tagged = { ...item, cursorKey: item.cursorKey ?? source.cursorKey };
        this.sourceOf.set(tagged, source), items.push(tagged);
      }
    }
    return { items, ...merged ? { memo: merged } : {} };
  }
  async acknowledge(cursor, cursorKey = this.cursorKey) {
    for (let source of this.sources) source.cursorKey === cursorKey && await source.acknowledge(cursor, cursorKey);
  }
  async reply(item, text, refused) {
    await this.sourceOf.get(item)?.reply?.(item, text, refused);
  }
};

// src/adapters/github/run-artifacts.ts
var RunArtifacts = class {
  constructor(o) {
    this.o = o;
  }
  o;
  async hasResult(owner, attemptId) {
    let { data } = await this.o.client.rest.actions.listWorkflowRunArtifacts({
      owner: this.o.owner,
      repo: this.o.repo,
      run_id: Number(owner.runId),
      name: resultArtifactName(attemptId),
      per_page: 10
    });
    return data.artifacts.some((a) => !a.expired);
  }
};

// src/action/plan-tick.ts
function createNotifier(ctx, inputs, client, planId, log, links) {
  let issueNumber = issueNumberOf(planId);
  return issueNumber === null ? null : new GitHubNotifier({
    client,
    owner: ctx.owner,
    repo: ctx.repo,
    issueNumber,
    planId,
    links,
    log: (m) => log.warn(m),
    // What the proposal shows as the settings of every step: the workflow's, not the plan's.
    proposal: {
      ...inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {},
      limits: { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes, ...inputs.budget ? { budget: inputs.budget } : {} }
    },
    ...inputs.openPullRequest ? { openPullRequest: pullRequestSpec(ctx, inputs, planId) } : {}
  });
}
function runLinks(ctx, branch, has = {}) {
  let url = runUrl(ctx);
  return {
    runUrl: url,
    ...has.logs ? { logsUrl: `${url}#artifacts` } : {},
    ...has.branch ? { branchUrl: `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/tree/${branch.split("/").map(encodeURIComponent).join("/")}`, branch } : {}
  };
}
function ranAttemptHere(state, ctx) {
  for (let run of Object.values(state.stepRuns))
    if (run.attempts?.some((a) => a.owner?.kind === "actions" && a.owner.runId === ctx.runId)) return !0;
  return !1;
}
function pullRequestSpec(ctx, inputs, planId) {
  let branch = planBranch(inputs, planId), base = defaultBranch(ctx), title = `Agent Step Sequencer: ${planId}`;
  if (inputs.stateStore !== "git") return { head: branch, base, title };
  let head = pullRequestBranch(planId);
  return { head, base, title, prepare: async (state) => {
    let titles = Object.fromEntries(Object.entries(state.plan.steps).map(([id, def]) => [id, def.title]));
    await pushPullRequestBranch(ctx.git, { remote: REMOTE, branch, prBranch: head, stateFolder: planFolder(planId), planId, titles });
  } };
}
function defaultBranch(ctx) {
  return ctx.payload.repository?.default_branch ?? (ctx.ref.startsWith("refs/heads/") ? ctx.ref.slice(11) : "main");
}
async function repositoryDefaultBranch(ctx, client) {
  let repo = ctx.payload.repository;
  if (typeof repo?.default_branch == "string" && repo.default_branch) return repo.default_branch;
  let { data } = await client.rest.repos.get({ owner: ctx.owner, repo: ctx.repo });
  return data.default_branch || null;
}
var CombinedOwnerProbe = class {
  constructor(actions, local) {
    this.actions = actions;
    this.local = local;
  }
  actions;
  local;
  liveness(owner) {
    return owner.kind === "local" ? this.local.liveness(owner) : this.actions.liveness(owner);
  }
}, ProgressNotifier = class {
  constructor(inner, log, intervalMs, clock = Date.now) {
    this.inner = inner;
    this.log = log;
    this.intervalMs = intervalMs;
    this.clock = clock;
  }
  inner;
  log;
  intervalMs;
  clock;
  lastWriteMs = null;
  async notify(notice, state) {
    await this.inner.notify(notice, state), await this.publish(notice.kind, state);
  }
  /** Writes the status comment when the cadence says so; a failure is a warning, never the run's end. */
  async publish(trigger, state, links) {
    let now = this.clock();
    if (shouldWriteStatus(trigger, { intervalMs: this.intervalMs, lastWriteMs: this.lastWriteMs }, now))
      try {
        let { changed } = await this.inner.publishStatus(state, links);
        changed && (this.lastWriteMs = now);
      } catch (err) {
        this.log.warn(`Could not update the status comment: ${describeError(err)}`);
      }
  }
}, LogNotifier = class {
  constructor(log) {
    this.log = log;
  }
  log;
  async notify(notice, state) {
    (notice.kind === "blocked" || notice.kind === "done" || notice.kind === "cancelled") && this.log.info(`Plan ${state.planId}: ${state.status}`);
  }
};
async function planEngine(ctx, inputs, client, log, opts) {
  let { planId } = opts, branch = planBranch(inputs, planId), blobBase = `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, artifactName = sanitizeArtifactName(`sequencer-${planId}-run-${ctx.runId}-${ctx.runAttempt}`), onBranch = inputs.stateStore === "git", run = runLinks(ctx, branch, { branch: onBranch }), record = (rel) => `${blobBase}/${branch.split("/").map(encodeURIComponent).join("/")}/${planFolder(planId)}/${rel}`, links = async (paths, state) => ({
    ...await outputLinks(ctx.git, blobBase, paths),
    run: runLinks(ctx, branch, { branch: onBranch && state !== void 0, logs: state !== void 0 && ranAttemptHere(state, ctx) }),
    record
  }), notifier = createNotifier(ctx, inputs, client, planId, log, links), progress = notifier ? new ProgressNotifier(notifier, log, ctx.statusIntervalSeconds * 1e3) : null, issueNumber = issueNumberOf(planId), identity = TokenIdentity.of(client, (m) => log.warn(m)), permissions = new RepositoryPermissions({ client, owner: ctx.owner, repo: ctx.repo }), issueInbox = issueNumber === null ? void 0 : new IssueInbox({
    client,
    owner: ctx.owner,
    repo: ctx.repo,
    issueNumber,
    policy: { planIssue: issueNumber, approvers: inputs.approvers },
    log: (m) => log.warn(m),
    links: { run },
    identity,
    permissions
  }), inbox = MergedInbox.of([opts.inbox, issueInbox]), settings = engineSettings(ctx, inputs, planId, log, { deadline: opts.deadline, artifactName, defaultBranch: () => repositoryDefaultBranch(ctx, client) }), { deps, cfg } = await createEngine(settings, {
    log,
    notifier: progress ?? new LogNotifier(log),
    owners: new CombinedOwnerProbe(
      new ActionsOwnerProbe({ client, owner: ctx.owner, repo: ctx.repo, current: { runId: ctx.runId, runAttempt: ctx.runAttempt }, log: (m) => log.warn(m) }),
      new LocalOwnerProbe()
    ),
    // The state's approval is a claim; the approving comment and the proposal on GitHub are the fact.
    approvals: new GitHubApprovalVerifier({ client, owner: ctx.owner, repo: ctx.repo, issueNumber, policy: { approvers: inputs.approvers }, permissions, identity }),
    ...inbox ? { inbox } : {}
  });
  return inputs.phase === "prepare" && (deps.agent = new HandOffAgentRunner(), deps.results = new RunArtifacts({ client, owner: ctx.owner, repo: ctx.repo }), cfg.handOff = !0, cfg.leaseMarginMs = PREPARE_LEASE_MARGIN_MS), { deps, cfg, branch, progress, links, artifactName };
}
var PREPARE_LEASE_MARGIN_MS = 30 * 6e4;
async function tickPlan(ctx, inputs, client, log, opts) {
  let pe = await planEngine(ctx, inputs, client, log, opts), { deps, cfg, branch, progress } = pe, issueNumber = issueNumberOf(opts.planId);
  issueNumber !== null && log.info(`Plan ${opts.planId}: ${issueUrl(ctx, issueNumber)}`);
  let result, attempts = 0, writes = 0;
  for (let first = !0; result = await tick(deps, first ? cfg : { ...cfg, quietResume: !0 }), attempts += result.attempts, writes += result.writes, !(result.outcome !== "waiting" || !result.detail); first = !1) {
    let wait = Date.parse(result.detail) - Date.now();
    if (wait > 10 * 6e4 || Date.now() + wait >= opts.deadline.getTime()) break;
    progress && result.writes > 0 && result.state && await progress.publish("end-of-tick", result.state), log.info(`Waiting ${Math.ceil(wait / 1e3)} s for the ${result.state ? waitReason(result.state) : "step delay"}.`), await sleep2(Math.max(0, wait) + 250);
  }
  await reportPlan(pe, log, result.state, writes, ctx), attempts > 0 && !result.handOff && await uploadAttemptLogs({ dir: cfg.logDir, name: pe.artifactName, secrets: log.secrets, log: (m) => log.warn(m), skip: isStdoutCopy });
  let handOff = result.handOff && result.state ? await describeHandOff(ctx, cfg, result.state, branch, result.handOff) : void 0;
  return handOff?.apply ? log.info(`${handOff.stepId} attempt ${handOff.n}: handed on to the apply job, which records the result workflow run ${handOff.apply.runId} left.`) : handOff && log.info(`${handOff.stepId} attempt ${handOff.n} is checkpointed at ${handOff.commit} and handed on to the agent job (output attempt).`), { result: { ...result, attempts, writes }, branch, ...handOff ? { handOff } : {} };
}
async function reportPlan(pe, log, state, writes, ctx) {
  if (!state) return;
  let fileLinks = await pe.links(state.artifacts ?? [], state);
  pe.progress && writes > 0 && await pe.progress.publish("end-of-tick", state, fileLinks);
  let issueNumber = issueNumberOf(state.planId ?? ""), issue = ctx && issueNumber !== null ? { number: issueNumber, url: issueUrl(ctx, issueNumber) } : void 0;
  await writeJobSummary(log.scrub(jobSummary(state, fileLinks, issue))).catch((err) => log.warn(`Could not write the job summary: ${String(err)}`));
}
async function describeHandOff(ctx, cfg, state, branch, handOff) {
  let planId = state.planId ?? "plan";
  if (handOff.kind === "run") {
    let { stepId: stepId2, n: n2, retry, timeoutMs: timeoutMs2 } = handOff.start, commit = await headCommit(ctx.git);
    return { v: 1, planId, stepId: stepId2, n: n2, attemptId: attemptIdOf(planId, stepId2, n2), branch, commit, runId: ctx.runId, runAttempt: ctx.runAttempt, retry, timeoutMs: timeoutMs2 };
  }
  let { stepId, n, owner } = handOff, attempt = state.stepRuns[stepId]?.attempts?.find((a) => a.n === n), leased = attempt?.leaseExpiresAt && attempt.startedAt ? Date.parse(attempt.leaseExpiresAt) - Date.parse(attempt.startedAt) - cfg.leaseMarginMs : NaN, timeoutMs = Number.isFinite(leased) && leased >= 1e3 ? Math.min(Math.round(leased), 1440 * 6e4) : 6e4;
  return { v: 1, planId, stepId, n, attemptId: attemptIdOf(planId, stepId, n), branch, runId: owner.runId, runAttempt: owner.runAttempt, retry: !1, timeoutMs, apply: { runId: owner.runId } };
}

export {
  outputLinks,
  TOO_LARGE_HEADING,
  TOO_LARGE_HINT,
  tooLargeText,
  executionFields,
  describeExecution,
  sinceQuery,
  listIssueComments,
  createCommentOnce,
  TokenIdentity,
  RepositoryPermissions,
  writeJobSummary,
  createNotifier,
  runLinks,
  ranAttemptHere,
  ProgressNotifier,
  planEngine,
  tickPlan,
  reportPlan
};
