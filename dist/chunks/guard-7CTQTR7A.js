import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  HOOK_AGENTS,
  hookAnswer,
  parseHookPayload
} from "./chunk-6EU3EP4D.js";
import {
  callLine,
  callTime,
  parsePolicyFile,
  resultLine,
  summarizeCommandLog
} from "./chunk-Q3RHMHRP.js";
import {
  commandLine,
  decideCall
} from "./chunk-KPYQ6AV6.js";
import {
  stopReason
} from "./chunk-ZIC6WJ5X.js";
import "./chunk-3RW55J7L.js";
import "./chunk-6BBDAKON.js";
import "./chunk-PANJYNO7.js";

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
    const loaded = this.policy();
    const decision = loaded.ok ? decideCall(call, loaded.policy, this.callsSoFar(), this.stopRequested()) : { decision: "deny", reason: `The sequencer's tool policy for this attempt cannot be read (${loaded.problem}), so no tool call is allowed. Exit with a non-zero status.` };
    this.append(callLine({ now: this.now(), via, call, decision: decision.decision, ...decision.reason ? { reason: decision.reason } : {}, ...id ? { id } : {} }));
    return decision;
  }
  /** Records how a call ended; its duration is measured from its call line when not given. */
  recordResult(via, tool, o) {
    const now = this.now();
    let durationMs = o.durationMs;
    if (durationMs === void 0 && o.id && this.o.commandLog) {
      const started = callTime(readText(this.o.commandLog), o.id);
      if (started) durationMs = now.getTime() - started.getTime();
    }
    this.append(resultLine({ now, via, tool, ...o.id ? { id: o.id } : {}, ...o.exitCode !== void 0 ? { exitCode: o.exitCode } : {}, ...durationMs !== void 0 ? { durationMs } : {} }));
  }
  policy() {
    let text;
    try {
      text = readFileSync(this.o.policyFile, "utf8");
    } catch (err) {
      return { ok: false, problem: `${this.o.policyFile}: ${err.code ?? err.message}` };
    }
    return parsePolicyFile(text);
  }
  callsSoFar() {
    return this.o.commandLog ? summarizeCommandLog(readText(this.o.commandLog)).calls : 0;
  }
  /** False, or why the agent is asked to stop (the stop file names a cancel or a spent budget). */
  stopRequested() {
    if (this.o.stopFile === void 0 || this.o.stopFile === "" || !existsSync(this.o.stopFile)) return false;
    return stopReason(readSmallFile(this.o.stopFile, 1e3));
  }
  append(line) {
    if (!this.o.commandLog) return;
    try {
      appendFileSync(this.o.commandLog, line);
    } catch {
    }
  }
};
function guardFromEnv(env) {
  const policyFile = env.SEQUENCER_POLICY_FILE;
  if (!policyFile) return null;
  return new ToolGuard({
    policyFile,
    ...env.SEQUENCER_COMMAND_LOG ? { commandLog: env.SEQUENCER_COMMAND_LOG } : {},
    ...env.SEQUENCER_STOP_FILE ? { stopFile: env.SEQUENCER_STOP_FILE } : {}
  });
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
    const buf = Buffer.alloc(max);
    const n = readSync(fd, buf, 0, max, 0);
    return buf.subarray(0, n).toString("utf8");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

// src/cli/commands/guard.ts
var EXEC_DENIED = 126;
var EXEC_NOT_FOUND = 127;
async function hookCommand(args, io) {
  const agent = args[0];
  if (!HOOK_AGENTS.includes(agent ?? "")) {
    io.err(`agent-step-sequencer hook: expected one of ${HOOK_AGENTS.join(", ")}, got ${JSON.stringify(agent ?? "")}
`);
    return 2;
  }
  const a = agent;
  const input = await readAll(io.stdin);
  const guard = guardFromEnv(io.env);
  if (!guard) {
    io.out(hookAnswer(a, "allow"));
    return 0;
  }
  let event;
  try {
    event = parseHookPayload(a, input);
  } catch (err) {
    io.out(hookAnswer(a, "deny", `The sequencer's tool hook could not read this call: ${err.message}.`));
    return 0;
  }
  if (event.kind === "pre") {
    const decision = guard.decide(a, event.call, event.id);
    io.out(hookAnswer(a, decision.decision, decision.reason));
    return 0;
  }
  if (event.kind === "post") guard.recordResult(a, event.tool, { ...event.id ? { id: event.id } : {}, ...event.exitCode !== void 0 ? { exitCode: event.exitCode } : {} });
  if (a === "gemini") io.out("{}");
  return 0;
}
async function execCommand(args, io) {
  const argv = args[0] === "--" ? args.slice(1) : args;
  const [program, ...rest] = argv;
  if (program === void 0 || program === "") {
    io.err("usage: agent-step-sequencer exec -- <program> [arguments...]\n");
    return 2;
  }
  const guard = guardFromEnv(io.env);
  const id = randomUUID();
  if (guard) {
    const decision = guard.decide("exec", { tool: "exec", subject: commandLine(argv) }, id);
    if (decision.decision === "deny") {
      io.err(`agent-step-sequencer exec: not run: ${decision.reason}
`);
      return EXEC_DENIED;
    }
  }
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(program, rest, { stdio: "inherit", shell: false, env: io.env });
    child.once("error", (err) => {
      io.err(`agent-step-sequencer exec: cannot run ${JSON.stringify(program)}: ${err.code === "ENOENT" ? "not found" : err.message}
`);
      resolve(err.code === "EACCES" ? EXEC_DENIED : EXEC_NOT_FOUND);
    });
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? 128 + (signal ? constants2.signals[signal] ?? 0 : 0)));
  });
  guard?.recordResult("exec", "exec", { id, exitCode: code, durationMs: Date.now() - started });
  return code;
}
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
export {
  EXEC_DENIED,
  EXEC_NOT_FOUND,
  execCommand,
  hookCommand
};
