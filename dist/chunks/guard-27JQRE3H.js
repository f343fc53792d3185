import {
  HOOK_AGENTS,
  hookAnswer,
  parseHookPayload
} from "./chunk-FQEWC6NM.js";
import {
  callLine,
  callTime,
  parsePolicyFile,
  resultLine,
  summarizeCommandLog
} from "./chunk-7JTDDRLV.js";
import {
  commandLine,
  decideCall
} from "./chunk-PY777ZN4.js";
import {
  stopReason
} from "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-27FUKKN2.js";

// src/cli/commands/guard.ts
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { constants as constants2 } from "node:os";

// src/adapters/guard/tool-guard.ts
import { appendFileSync, closeSync, constants, existsSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
var ToolGuard = class {
  constructor(o) {
    this.o = o;
    this.now = o.now ?? (() => /* @__PURE__ */ new Date());
  }
  o;
  now;
  /** Decides one call and records it. A policy that cannot be read denies the call (fail closed). */
  decide(via, call, id) {
    let loaded = this.policy(), decision = loaded.ok ? decideCall(call, loaded.policy, this.callsSoFar(), this.stopRequested()) : { decision: "deny", reason: `The sequencer's tool policy for this attempt cannot be read (${loaded.problem}), so no tool call is allowed. Exit with a non-zero status.` };
    return this.append(callLine({ now: this.now(), via, call, decision: decision.decision, ...decision.reason ? { reason: decision.reason } : {}, ...id ? { id } : {} })), decision;
  }
  /** Records how a call ended; its duration is measured from its call line when not given. */
  recordResult(via, tool, o) {
    let now = this.now(), durationMs = o.durationMs;
    if (durationMs === void 0 && o.id && this.o.commandLog) {
      let started = callTime(readText(this.o.commandLog), o.id);
      started && (durationMs = now.getTime() - started.getTime());
    }
    this.append(resultLine({ now, via, tool, ...o.id ? { id: o.id } : {}, ...o.exitCode !== void 0 ? { exitCode: o.exitCode } : {}, ...durationMs !== void 0 ? { durationMs } : {} }));
  }
  policy() {
    let text;
    try {
      text = readFileSync(this.o.policyFile, "utf8");
    } catch (err) {
      return { ok: !1, problem: `${this.o.policyFile}: ${err.code ?? err.message}` };
    }
    return parsePolicyFile(text);
  }
  callsSoFar() {
    return this.o.commandLog ? summarizeCommandLog(readText(this.o.commandLog)).calls : 0;
  }
  /** False, or why the agent is asked to stop (the stop file names a cancel or a spent budget). */
  stopRequested() {
    return this.o.stopFile === void 0 || this.o.stopFile === "" || !existsSync(this.o.stopFile) ? !1 : stopReason(readSmallFile(this.o.stopFile, 1e3));
  }
  append(line) {
    if (this.o.commandLog)
      try {
        appendFileSync(this.o.commandLog, line);
      } catch {
      }
  }
};
function guardFromEnv(env) {
  let policyFile = env.SEQUENCER_POLICY_FILE;
  return policyFile ? new ToolGuard({
    policyFile,
    ...env.SEQUENCER_COMMAND_LOG ? { commandLog: env.SEQUENCER_COMMAND_LOG } : {},
    ...env.SEQUENCER_STOP_FILE ? { stopFile: env.SEQUENCER_STOP_FILE } : {}
  }) : null;
}
function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
function readSmallFile(file, max) {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    let buf = Buffer.alloc(max), n = readSync(fd, buf, 0, max, 0);
    return buf.subarray(0, n).toString("utf8");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

// src/cli/commands/guard.ts
var EXEC_DENIED = 126, EXEC_NOT_FOUND = 127;
async function hookCommand(args, io) {
  let agent = args[0];
  if (!HOOK_AGENTS.includes(agent ?? ""))
    return io.err(`agent-step-sequencer hook: expected one of ${HOOK_AGENTS.join(", ")}, got ${JSON.stringify(agent ?? "")}
`), 2;
  let a = agent, input = await readAll(io.stdin), guard = guardFromEnv(io.env);
  if (!guard)
    return io.out(hookAnswer(a, "allow")), 0;
  let event;
  try {
    event = parseHookPayload(a, input);
  } catch (err) {
    return io.out(hookAnswer(a, "deny", `The sequencer's tool hook could not read this call: ${err.message}.`)), 0;
  }
  if (event.kind === "pre") {
    let decision = guard.decide(a, event.call, event.id);
    return io.out(hookAnswer(a, decision.decision, decision.reason)), 0;
  }
  return event.kind === "post" && guard.recordResult(a, event.tool, { ...event.id ? { id: event.id } : {}, ...event.exitCode !== void 0 ? { exitCode: event.exitCode } : {} }), a === "gemini" && io.out("{}"), 0;
}
async function execCommand(args, io) {
  let argv = args[0] === "--" ? args.slice(1) : args, [program, ...rest] = argv;
  if (program === void 0 || program === "")
    return io.err(`usage: agent-step-sequencer exec -- <program> [arguments...]
`), 2;
  let guard = guardFromEnv(io.env), id = randomUUID();
  if (guard) {
    let decision = guard.decide("exec", { tool: "exec", subject: commandLine(argv) }, id);
    if (decision.decision === "deny")
      return io.err(`agent-step-sequencer exec: not run: ${decision.reason}
`), EXEC_DENIED;
  }
  let started = Date.now(), code = await new Promise((resolve) => {
    let child = spawn(program, rest, { stdio: "inherit", shell: !1, env: io.env });
    child.once("error", (err) => {
      io.err(`agent-step-sequencer exec: cannot run ${JSON.stringify(program)}: ${err.code === "ENOENT" ? "not found" : err.message}
`), resolve(err.code === "EACCES" ? EXEC_DENIED : EXEC_NOT_FOUND);
    }), child.once("exit", (exitCode, signal) => resolve(exitCode ?? 128 + (signal ? constants2.signals[signal] ?? 0 : 0)));
  });
  return guard?.recordResult("exec", "exec", { id, exitCode: code, durationMs: Date.now() - started }), code;
}
async function readAll(stream) {
  let chunks = [];
  for await (let chunk of stream) chunks.push(typeof chunk == "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
export {
  EXEC_DENIED,
  EXEC_NOT_FOUND,
  execCommand,
  hookCommand
};
