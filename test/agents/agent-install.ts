// The real agent CLIs the agent lane runs, installed on first use into a cache outside the
// repository (the Claude Code binary alone is ~370 MB: not a devDependency, not in `npm ci`).
// Versions are pinned exactly, so a recorded stream and the parser tested against it belong to a
// known release; moving a pin is a deliberate change that re-records the fixtures.
//
// Each package goes to its own prefix `<cache>/<name>@<version>` (installed beside it and moved
// into place, so two runs starting together never see half an install). When the registry
// cannot be reached the answer is a skip with the reason; any other failure is an error.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface AgentPackage {
  /** Which agent (the lane's own name). */
  agent: 'claude' | 'codex' | 'gemini';
  /** The npm package installed, and its exact version. */
  name: string;
  version: string;
  /** Where the program is inside the prefix. */
  binary: string;
  /** How to start it: the binary itself, or through this Node (a JavaScript entry point). */
  viaNode: boolean;
}

/**
 * The pinned releases. Claude Code's platform package holds the native `claude` binary and needs
 * no install script (the `@anthropic-ai/claude-code` wrapper only picks the platform package).
 * Codex's npm package is a Node launcher that runs the native binary of its platform package.
 * Gemini CLI is a bundled Node program.
 */
export const AGENT_PACKAGES: readonly AgentPackage[] = [
  { agent: 'claude', name: '@anthropic-ai/claude-code-linux-x64', version: '2.1.332', binary: 'node_modules/@anthropic-ai/claude-code-linux-x64/claude', viaNode: false },
  { agent: 'codex', name: '@openai/codex', version: '0.171.0', binary: 'node_modules/@openai/codex/bin/codex.js', viaNode: true },
  { agent: 'gemini', name: '@google/gemini-cli', version: '0.61.0', binary: 'node_modules/@google/gemini-cli/bundle/gemini.js', viaNode: true },
];

export type Installed =
  | { agent: AgentPackage['agent']; ok: true; pkg: string; argv: string[]; binary: string; binaryBytes: number; installedBytes: number; installMs: number; cached: boolean }
  | { agent: AgentPackage['agent']; ok: false; pkg: string; skip: boolean; reason: string };

/** `${XDG_CACHE_HOME:-~/.cache}/agent-step-sequencer/agents`, or AGENT_CACHE_DIR when set. */
export function agentCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AGENT_CACHE_DIR) return path.resolve(env.AGENT_CACHE_DIR);
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'agent-step-sequencer', 'agents');
}

function run(file: string, args: string[], timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout, stderr: stderr || (err ? err.message : '') });
    });
  });
}

/** npm's words for "the registry could not be reached" (DNS, refused, timed out, offline). */
const UNREACHABLE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENOTCACHED|network request to .* failed|request to .* failed, reason)\b/i;

/** The lines of npm's error output that say what went wrong (not its stack trace). */
function npmReason(text: string): string {
  return text
    .split('\n')
    .filter((l) => l.trim() && !/^npm error\s+at /.test(l) && !/^npm error\s*[{}]?$/.test(l) && !/^npm error\s+(code|errno|syscall|address|port|type)\b/.test(l))
    .slice(0, 4)
    .join('\n');
}

/** Bytes of every file under `dir` (what the install put on disk). */
async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) total += (await lstat(path.join(e.parentPath, e.name))).size;
  }
  return total;
}

function argvFor(pkg: AgentPackage, binary: string): string[] {
  return pkg.viaNode ? [process.execPath, binary] : [binary];
}

/** Installs one package (or finds it installed) and answers how to run it, or why it cannot be. */
export async function installAgent(pkg: AgentPackage, cache = agentCacheDir()): Promise<Installed> {
  const spec = `${pkg.name}@${pkg.version}`;
  const prefix = path.join(cache, spec.replace(/\//g, '+'));
  const binary = path.join(prefix, pkg.binary);
  if (existsSync(binary)) {
    return { agent: pkg.agent, ok: true, pkg: spec, argv: argvFor(pkg, binary), binary, binaryBytes: (await stat(binary)).size, installedBytes: await treeBytes(prefix), installMs: 0, cached: true };
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { agent: pkg.agent, ok: false, pkg: spec, skip: true, reason: `the pinned packages are the linux-x64 builds; this is ${process.platform}-${process.arch}` };
  }
  const staging = `${prefix}.tmp-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const started = Date.now();
  // Few, short fetch retries: without a registry the lane should say so in seconds.
  const args = [
    'install',
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--fetch-retries=1',
    '--fetch-retry-mintimeout=2000',
    '--fetch-retry-maxtimeout=5000',
    '--prefix',
    staging,
    spec,
  ];
  const res = await run('npm', args, 600_000);
  const installMs = Date.now() - started;
  if (!existsSync(path.join(staging, pkg.binary))) {
    await rm(staging, { recursive: true, force: true });
    const why = npmReason(res.stderr || res.stdout);
    const skip = UNREACHABLE.test(res.stderr + res.stdout);
    return { agent: pkg.agent, ok: false, pkg: spec, skip, reason: skip ? `the npm registry cannot be reached:\n${why}` : `npm install ${spec} failed (exit ${res.code}):\n${why}` };
  }
  await rm(prefix, { recursive: true, force: true });
  await rename(staging, prefix).catch(async () => {
    // Another run won the race; its copy is as good as ours.
    await rm(staging, { recursive: true, force: true });
  });
  return { agent: pkg.agent, ok: true, pkg: spec, argv: argvFor(pkg, binary), binary, binaryBytes: (await stat(binary)).size, installedBytes: await treeBytes(prefix), installMs, cached: false };
}
