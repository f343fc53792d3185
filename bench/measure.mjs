// Timing helpers for the benchmark: whole-process wall time of spawned children, medians, and
// the baselines (process spawn cost, Node start) that the figures subtract.
import { spawn } from 'node:child_process';

/** Runs argv[0] with argv[1..] (no shell) and resolves with its wall time, stdout and stderr. */
export function timeChild(argv, { cwd, env } = {}) {
  return new Promise((resolve, reject) => {
    const out = [];
    const err = [];
    const started = process.hrtime.bigint();
    const child = spawn(argv[0], argv.slice(1), { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      resolve({ ms, code, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
    });
  });
}

/** Like timeChild, but a non-zero exit is an error carrying the child's output. */
export async function timeOk(argv, opts) {
  const r = await timeChild(argv, opts);
  if (r.code !== 0) {
    const tail = `${r.stderr}${r.stdout}`.trim().split('\n').slice(-8).join('\n');
    throw new Error(`${argv.slice(0, 3).join(' ')} … exited with ${r.code ?? r.signal}:\n${tail}`);
  }
  return r;
}

/** Spawns `program` n times one after another, awaiting each: what n agent runs cost at least. */
export async function timeSequentialSpawns(program, n) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    await new Promise((resolve, reject) => {
      const child = spawn(program, [], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('close', resolve);
    });
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** `reps` measurements of `fn` after one unmeasured warm-up (page cache, JIT of this script). */
export async function sample(reps, fn, { warmup = 1 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < reps; i++) samples.push(await fn());
  return samples;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
