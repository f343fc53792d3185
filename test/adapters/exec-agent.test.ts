import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecAgentRunner } from '../../src/adapters/process/exec-agent.js';
import { isProcessGroupAlive } from '../../src/adapters/process/process-group.js';
import { pidAlive as isProcessAlive, procStat } from '../../src/adapters/process/process-table.js';
import { interruptLine, untilInterrupted } from '../../src/adapters/process/interrupt.js';
import { INTERRUPT_STOP_MESSAGE } from '../../src/core/tick/cooperative-stop.js';
import type { AgentSpec } from '../../src/ports.js';

const node = process.execPath;
let dir: string;
const started: number[] = [];

// Small agents written as files: each is run with real node, no shell anywhere.
const SCRIPTS: Record<string, string> = {
  'args.mjs': `console.log(JSON.stringify(process.argv.slice(2)));`,
  'exit.mjs': `console.log('out line'); console.error('err line'); process.exit(Number(process.argv[2]));`,
  'env.mjs': `console.log(JSON.stringify({ a: process.env.AGENT_A, b: process.env.AGENT_B, base: process.env.BASE_ONLY }));`,
  // Half a JSON line on stdout, a line on stderr, then the rest: what a stream reader must see whole.
  'split-lines.mjs': `
    const wait = () => new Promise((r) => setTimeout(r, 30));
    process.stdout.write('{"type":"a","text":"one');
    await wait();
    process.stderr.write('a warning\\n');
    await wait();
    process.stdout.write(' two"}\\n{"type":"b"}\\n');
    await wait();
    process.stderr.write('é');`,
  'flood.mjs': `for (let i = 0; i < 2000; i++) process.stdout.write('line ' + String(i).padStart(4, '0') + '\\n');`,
  'pid.mjs': `console.log('pid ' + process.pid); setTimeout(() => {}, 300);`,
  // Ignores SIGTERM and leaves a child that dies on SIGTERM; only SIGKILL ends the leader.
  'stubborn.mjs': `
    import { spawn } from 'node:child_process';
    import { writeFileSync } from 'node:fs';
    process.on('SIGTERM', () => {});
    const child = spawn('sleep', ['30'], { stdio: 'inherit' });
    writeFileSync(process.argv[2], String(child.pid));
    console.log('ready');
    setInterval(() => {}, 1000);`,
  // Dies on SIGTERM but leaves a grandchild that ignores SIGTERM and holds no pipes.
  'leaves-stubborn.mjs': `
    import { spawn } from 'node:child_process';
    import { writeFileSync } from 'node:fs';
    const child = spawn(process.execPath, ['-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(process.argv[2], String(child.pid));
    console.log('ready');
    setInterval(() => {}, 1000);`,
  // Puts a link at its stop file's name (argv[3]) pointing at another file (argv[2]), then waits.
  'plant-stop.mjs': `
    import { symlinkSync } from 'node:fs';
    symlinkSync(process.argv[2], process.argv[3]);
    console.log('ready');
    setInterval(() => {}, 1000);`,
  // Prints 1 KiB chunks until its stop file (argv[2]) appears, then copies it to argv[3] and exits 0.
  'flood-until-stop.mjs': `
    import { copyFileSync, existsSync } from 'node:fs';
    const timer = setInterval(() => {
      if (existsSync(process.argv[2])) { clearInterval(timer); copyFileSync(process.argv[2], process.argv[3]); process.exit(0); }
      process.stdout.write('x'.repeat(1023) + '\\n');
    }, 10);`,
  // Waits for its stop file (argv[2]), copies what it says to argv[3], and exits 0.
  'honours-stop.mjs': `
    import { copyFileSync, existsSync } from 'node:fs';
    console.log('working');
    setInterval(() => {
      if (existsSync(process.argv[2])) { copyFileSync(process.argv[2], process.argv[3]); process.exit(0); }
    }, 20);`,
  // Exits 0 at once but leaves "sleep 30" running in the background, holding stdout.
  'background.mjs': `
    import { spawn } from 'node:child_process';
    import { writeFileSync } from 'node:fs';
    const child = spawn('sleep', ['30'], { stdio: 'inherit' });
    child.unref();
    writeFileSync(process.argv[2], String(child.pid));
    console.log('done');`,
};

function script(name: string): string {
  return path.join(dir, name);
}

function spec(argv: string[], extra: Partial<AgentSpec> = {}): AgentSpec {
  return { argv, cwd: dir, env: {}, timeoutMs: 20_000, graceMs: 300, logFile: path.join(dir, 'logs', `${Math.random().toString(36).slice(2)}.log`), ...extra };
}

async function readPid(file: string): Promise<number> {
  const pid = Number(await readFile(file, 'utf8'));
  started.push(pid);
  return pid;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'exec-agent-test-'));
  for (const [name, text] of Object.entries(SCRIPTS)) await writeFile(script(name), text);
});

afterAll(async () => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as the tests expect
    }
  }
  await rm(dir, { recursive: true, force: true });
});

describe('ExecAgentRunner.run', () => {
  const runner = new ExecAgentRunner({ env: { ...process.env, BASE_ONLY: 'base', AGENT_B: 'from-base' } });

  it('reports exit codes and captures stdout and stderr, also in the log file', async () => {
    const chunks: string[] = [];
    const s = spec([node, script('exit.mjs'), '3'], { onOutput: (c) => chunks.push(c) });
    const r = await runner.run(s);
    expect(r).toMatchObject({ exitCode: 3, signal: null, timedOut: false, cancelled: false, stdout: 'out line\n', stderr: 'err line\n' });
    expect(r.spawnError).toBeUndefined();
    expect(r.outputBytes).toBe(18);
    const log = await readFile(s.logFile, 'utf8');
    expect(log).toContain('out line\n');
    expect(log).toContain('err line\n');
    expect(chunks.join('')).toHaveLength(18);
    expect(existsSync(`${s.logFile}.pid`)).toBe(false);

    const ok = await runner.run(spec([node, script('exit.mjs'), '0']));
    expect(ok.exitCode).toBe(0);
  });

  it('hands stdout and stderr to their own callbacks unmixed, so a JSON line cut by stderr arrives whole', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const both: string[] = [];
    const r = await runner.run(spec([node, script('split-lines.mjs')], { onStdout: (c) => out.push(c), onStderr: (c) => err.push(c), onOutput: (c) => both.push(c) }));
    expect(r.exitCode).toBe(0);
    expect(out.join('')).toBe('{"type":"a","text":"one two"}\n{"type":"b"}\n');
    expect(err.join('')).toBe('a warning\né');
    // The mixed callback still sees both, in arrival order: the warning inside the first line.
    expect(both.join('').indexOf('a warning')).toBeLessThan(both.join('').indexOf(' two'));
  });

  it('keeps stdout alone in a file of its own, byte for byte and up to its bound, while the log keeps both as they came', async () => {
    const s = spec([node, script('split-lines.mjs')]);
    const stdoutFile = `${s.logFile}.stdout`;
    const r = await runner.run({ ...s, stdoutFile: { file: stdoutFile, maxBytes: 1000 } });
    expect(r.exitCode).toBe(0);
    expect(await readFile(stdoutFile, 'utf8')).toBe('{"type":"a","text":"one two"}\n{"type":"b"}\n');
    expect(await readFile(s.logFile, 'utf8')).toBe('{"type":"a","text":"one' + 'a warning\n' + ' two"}\n{"type":"b"}\n' + 'é');

    // Past its bound, within a chunk: the copy ends there, the log goes on.
    const flood = spec([node, script('flood.mjs')]);
    const cut = await runner.run({ ...flood, stdoutFile: { file: `${flood.logFile}.stdout`, maxBytes: 15 } });
    expect(cut.exitCode).toBe(0);
    expect(await readFile(`${flood.logFile}.stdout`, 'utf8')).toBe('line 0000\nline ');
    expect((await readFile(flood.logFile, 'utf8')).length).toBe(2000 * 10);
  });

  it('keeps a bounded head and tail in memory but the full output in the log', async () => {
    const small = new ExecAgentRunner({ env: process.env, headChars: 20, tailChars: 20 });
    const s = spec([node, script('flood.mjs')]);
    const r = await small.run(s);
    expect(r.exitCode).toBe(0);
    expect(r.outputBytes).toBe(2000 * 10);
    expect(r.stdout.startsWith('line 0000\nline 0001\n')).toBe(true);
    expect(r.stdout.endsWith('line 1998\nline 1999\n')).toBe(true);
    expect(r.stdout).toContain(`bytes omitted; full log: ${s.logFile}`);
    const log = await readFile(s.logFile, 'utf8');
    expect(log.split('\n')).toHaveLength(2001);
    expect(log).toContain('line 1000\n');
  });

  it('passes the base environment with spec.env on top', async () => {
    const r = await runner.run(spec([node, script('env.mjs')], { env: { AGENT_A: 'a', AGENT_B: 'from-spec' } }));
    expect(JSON.parse(r.stdout)).toEqual({ a: 'a', b: 'from-spec', base: 'base' });
  });

  it('passes the prompt as one literal argument that no shell expands', async () => {
    const prompt = `Fix "the bug" in 'x'; $(touch pwned) \`touch pwned2\` $HOME && echo hi > out.txt | cat\nline two \\ *`;
    const r = await runner.run(spec([node, script('args.mjs'), '--flag', prompt]));
    expect(JSON.parse(r.stdout)).toEqual(['--flag', prompt]);
    expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
    expect(existsSync(path.join(dir, 'pwned2'))).toBe(false);
    expect(existsSync(path.join(dir, 'out.txt'))).toBe(false);
  });

  it('names the process group in a .pid file while the agent runs', async () => {
    const s = spec([node, script('pid.mjs')]);
    let seen: string | null = null;
    const r = await runner.run({
      ...s,
      onOutput: (chunk) => {
        if (chunk.startsWith('pid ')) seen = readFileSync(`${s.logFile}.pid`, 'utf8');
      },
    });
    const agentPid = Number(r.stdout.trim().split(' ')[1]);
    expect(seen).not.toBeNull();
    expect(Number(String(seen).split('\n')[0])).toBe(agentPid);
    expect(existsSync(`${s.logFile}.pid`)).toBe(false);
  });

  it('on timeout SIGTERMs the group, then SIGKILLs it after the grace, grandchildren included', async () => {
    const pidFile = path.join(dir, 'stubborn.pid');
    const s = spec([node, script('stubborn.mjs'), pidFile], { timeoutMs: 700, graceMs: 300 });
    const t0 = Date.now();
    const r = await runner.run(s);
    const grandchild = await readPid(pidFile);
    expect(r).toMatchObject({ timedOut: true, cancelled: false, exitCode: null, signal: 'SIGKILL' });
    expect(r.stdout).toBe('ready\n');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(isProcessAlive(grandchild)).toBe(false);
    expect(existsSync(`${s.logFile}.pid`)).toBe(false);
  });

  it('on timeout with a stop file, writes the timeout message first: an agent that stops by itself is never signalled', async () => {
    const stopFile = path.join(dir, 'logs', 'timeout.stop');
    const seen = path.join(dir, 'timeout-seen.txt');
    const r = await runner.run(
      spec([node, script('honours-stop.mjs'), stopFile, seen], { timeoutMs: 500, graceMs: 300, stop: { file: stopFile, message: 'Stop now.', timeoutMessage: 'Time is up.', graceMs: 10_000 } }),
    );
    expect(r).toMatchObject({ timedOut: true, cancelled: false, exitCode: 0, signal: null, stoppedBy: 'agent' });
    expect(await readFile(seen, 'utf8')).toBe('Time is up.\n');
  });

  it('on timeout, an agent that ignores its stop file is signalled once the stop grace is over', async () => {
    const pidFile = path.join(dir, 'stubborn-stop.pid');
    const stopFile = path.join(dir, 'logs', 'stubborn.stop');
    const t0 = Date.now();
    const r = await runner.run(
      spec([node, script('stubborn.mjs'), pidFile], { timeoutMs: 500, graceMs: 300, stop: { file: stopFile, message: 'Stop now.', timeoutMessage: 'Time is up.', graceMs: 400 } }),
    );
    expect(r).toMatchObject({ timedOut: true, signal: 'SIGKILL', stoppedBy: 'signal' });
    expect(await readFile(stopFile, 'utf8')).toBe('Time is up.\n');
    // The timeout, then the stop grace, then SIGTERM's grace.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500 + 400 + 300);
  });

  it('past maxOutputBytes, writes the overflow message to the stop file and stops the agent as for a timeout', async () => {
    const stopFile = path.join(dir, 'logs', 'overflow.stop');
    const seen = path.join(dir, 'overflow-seen.txt');
    const r = await runner.run(
      spec([node, script('flood-until-stop.mjs'), stopFile, seen], {
        graceMs: 300,
        maxOutputBytes: 4096,
        stop: { file: stopFile, message: 'Stop now.', overflowMessage: 'Too much output.', graceMs: 10_000 },
      }),
    );
    expect(r).toMatchObject({ overflowed: true, timedOut: false, cancelled: false, exitCode: 0, stoppedBy: 'agent' });
    expect(r.outputBytes).toBeGreaterThan(4096);
    expect(await readFile(seen, 'utf8')).toBe('Too much output.\n');
  });

  it('kills a grandchild that ignores SIGTERM after its parent died', async () => {
    const pidFile = path.join(dir, 'leaves.pid');
    const r = await runner.run(spec([node, script('leaves-stubborn.mjs'), pidFile], { timeoutMs: 700, graceMs: 300 }));
    const grandchild = await readPid(pidFile);
    expect(r).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('ends what a finished agent left running in its group, without calling it a timeout', async () => {
    const pidFile = path.join(dir, 'background.pid');
    const t0 = Date.now();
    const r = await runner.run(spec([node, script('background.mjs'), pidFile], { timeoutMs: 20_000 }));
    const grandchild = await readPid(pidFile);
    expect(r).toMatchObject({ exitCode: 0, timedOut: false, cancelled: false, stdout: 'done\n' });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('cancels on abort with the same SIGTERM, grace, SIGKILL sequence', async () => {
    const pidFile = path.join(dir, 'abort.pid');
    const controller = new AbortController();
    const s = spec([node, script('stubborn.mjs'), pidFile], {
      signal: controller.signal,
      graceMs: 200,
      onOutput: (c) => {
        if (c.includes('ready')) controller.abort();
      },
    });
    const r = await runner.run(s);
    const grandchild = await readPid(pidFile);
    expect(r).toMatchObject({ cancelled: true, timedOut: false, exitCode: null, signal: 'SIGKILL' });
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('creates its log, stdout copy and pid file new: links left at their names are replaced, their targets untouched', async () => {
    const s = spec([node, script('pid.mjs')]);
    const stdoutFile = `${s.logFile}.stdout`;
    await mkdir(path.dirname(s.logFile), { recursive: true });
    const victims = { log: path.join(dir, 'victim-log'), stdout: path.join(dir, 'victim-stdout'), pid: path.join(dir, 'victim-pid') };
    for (const file of Object.values(victims)) await writeFile(file, 'victim\n');
    await symlink(victims.log, s.logFile);
    await symlink(victims.stdout, stdoutFile);
    await symlink(victims.pid, `${s.logFile}.pid`);
    let pidFileWasOurs = false;
    const r = await runner.run({
      ...s,
      stdoutFile: { file: stdoutFile, maxBytes: 1000 },
      onOutput: (chunk) => void (chunk.startsWith('pid ') && (pidFileWasOurs = lstatSync(`${s.logFile}.pid`).isFile())),
    });
    expect(r.exitCode).toBe(0);
    expect(pidFileWasOurs).toBe(true);
    for (const file of Object.values(victims)) expect(await readFile(file, 'utf8')).toBe('victim\n');
    for (const file of [s.logFile, stdoutFile]) {
      expect(lstatSync(file).isFile()).toBe(true);
      expect(await readFile(file, 'utf8')).toMatch(/^pid \d+\n$/);
    }
  });

  it('writes the stop file new on cancel, even where the agent put a link at its name', async () => {
    const victim = path.join(dir, 'victim-stop');
    await writeFile(victim, 'victim\n');
    const stopFile = path.join(dir, 'logs', 'planted.stop');
    const controller = new AbortController();
    const s = spec([node, script('plant-stop.mjs'), victim, stopFile], {
      signal: controller.signal,
      graceMs: 100,
      stop: { file: stopFile, message: 'Stop now.', graceMs: 200 },
      onOutput: (c) => {
        if (c.includes('ready')) controller.abort();
      },
    });
    const r = await runner.run(s);
    expect(r).toMatchObject({ cancelled: true, stoppedBy: 'signal' });
    expect(await readFile(victim, 'utf8')).toBe('victim\n');
    expect(lstatSync(stopFile).isFile()).toBe(true);
    expect(await readFile(stopFile, 'utf8')).toBe('Stop now.\n');
  });

  it('does not start an agent whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await runner.run(spec([node, script('args.mjs'), 'x'], { signal: controller.signal }));
    expect(r).toMatchObject({ cancelled: true, exitCode: null, stdout: '' });
  });

  it('returns spawn errors instead of throwing', async () => {
    const s = spec(['no-such-agent-binary-xyz', 'prompt']);
    const missing = await runner.run(s);
    expect(missing).toMatchObject({ exitCode: null, timedOut: false, cancelled: false });
    expect(missing.spawnError).toMatch(/"no-such-agent-binary-xyz": not found on PATH \(ENOENT\)/);
    expect(await readFile(s.logFile, 'utf8')).toContain('not found on PATH');
    expect(existsSync(`${s.logFile}.pid`)).toBe(false);

    const plain = path.join(dir, 'not-executable.sh');
    await writeFile(plain, 'echo hi\n');
    const denied = await runner.run(spec([plain]));
    expect(denied.spawnError).toMatch(/permission denied \(EACCES\)/);

    const noCwd = await runner.run(spec([node, script('args.mjs')], { cwd: path.join(dir, 'no-such-dir') }));
    expect(noCwd.spawnError).toMatch(/working directory .*no-such-dir" does not exist/);

    const empty = await runner.run(spec([]));
    expect(empty.spawnError).toMatch(/empty/);
  });
});

describe('an interrupt (SIGINT, SIGTERM) while an agent runs', () => {
  const runner = new ExecAgentRunner({ env: process.env });

  it('the first stops the agent with its stop file and short waits and keeps its result back; a second kills the group at once and gives 130', async () => {
    const pidFile = path.join(dir, 'interrupted.pid');
    const stopFile = path.join(dir, 'logs', 'interrupted.stop');
    const said: string[] = [];
    const listeners = () => process.listenerCount('SIGINT') + process.listenerCount('SIGTERM');
    const before = listeners();
    let settled = false;
    const s = spec([node, script('stubborn.mjs'), pidFile], { graceMs: 10_000, stop: { file: stopFile, message: 'Stop now.', graceMs: 10_000 } });
    const ran = runner.run(s).finally(() => (settled = true));
    const code = untilInterrupted(ran, (line) => said.push(line));
    await waitFor(() => existsSync(pidFile));
    const grandchild = await readPid(pidFile);
    const agent = Number(readFileSync(`${s.logFile}.pid`, 'utf8').split('\n')[0]);

    process.emit('SIGINT', 'SIGINT');
    expect(said).toEqual([`Interrupted: stopping the agent (pid ${agent}); the next run picks the attempt up.`]);
    await waitFor(() => existsSync(stopFile));
    expect(await readFile(stopFile, 'utf8')).toBe(`${INTERRUPT_STOP_MESSAGE}\n`);

    // The stubborn agent ignores the stop file and SIGTERM; the second signal does not wait for either.
    const t0 = Date.now();
    process.emit('SIGINT', 'SIGINT');
    expect(await code).toBe(130);
    expect(Date.now() - t0).toBeLessThan(1000);
    await waitFor(() => !isProcessGroupAlive(agent) && !isProcessAlive(grandchild));
    // What the agent did is judged by the next tick's recovery, not reported from here.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(settled).toBe(false);
    expect(listeners()).toBe(before);
  });
});

describe('the line an interrupt prints', () => {
  it('names a step’s command as a command, not as an agent', async () => {
    const runner = new ExecAgentRunner({ env: process.env });
    const said: string[] = [];
    const s = spec(['sleep', '30'], { role: 'command' });
    const code = untilInterrupted(runner.run(s), (line) => said.push(line));
    await waitFor(() => existsSync(`${s.logFile}.pid`));
    const pid = Number(readFileSync(`${s.logFile}.pid`, 'utf8').split('\n')[0]);
    process.emit('SIGINT', 'SIGINT');
    expect(await code).toBe(130);
    expect(said).toEqual([`Interrupted: stopping the command (pid ${pid}); the next run picks the attempt up.`]);
    expect(isProcessGroupAlive(pid)).toBe(false);
  });

  it.each([
    [[{ pid: 7, role: 'agent' }], 'the agent (pid 7); the next run picks the attempt up.'],
    [[{ pid: 7, role: 'command' }], 'the command (pid 7); the next run picks the attempt up.'],
    [
      [
        { pid: 9, role: 'command' },
        { pid: 7, role: 'agent' },
        { pid: 8, role: 'agent' },
      ],
      'the agents (pids 7, 8) and the command (pid 9); the next run picks the attempts up.',
    ],
    // A drafting agent has no attempt to pick up.
    [[{ pid: 7, role: 'draft' }], 'the drafting agent (pid 7).'],
  ] as const)('%j: %s', (agents, line) => {
    expect(interruptLine(agents)).toBe(`Interrupted: stopping ${line}`);
  });
});

describe('ExecAgentRunner.resolve', () => {
  it('finds executables on PATH and by path, and returns null otherwise', async () => {
    const bin = path.join(dir, 'bin');
    const other = path.join(dir, 'bin2');
    await mkdir(bin, { recursive: true });
    await mkdir(path.join(other, 'my-agent'), { recursive: true });
    await writeFile(path.join(bin, 'my-agent'), '#!/bin/sh\n');
    await chmod(path.join(bin, 'my-agent'), 0o755);
    await writeFile(path.join(bin, 'plain'), 'x');
    const runner = new ExecAgentRunner({ cwd: dir, env: { PATH: ['', other, bin].join(path.delimiter) } });
    expect(await runner.resolve('my-agent')).toBe(path.join(bin, 'my-agent'));
    expect(await runner.resolve('plain')).toBeNull();
    expect(await runner.resolve('nope')).toBeNull();
    expect(await runner.resolve('./bin/my-agent')).toBe(path.join(bin, 'my-agent'));
    expect(await runner.resolve('bin/plain')).toBeNull();
    expect(await runner.resolve(path.join(bin, 'my-agent'))).toBe(path.join(bin, 'my-agent'));
    // The empty PATH entry does not mean the current directory.
    expect(await runner.resolve('args.mjs')).toBeNull();
  });
});

describe('ExecAgentRunner.reap', () => {
  it('ends a process group that an earlier, dead tick left behind and removes the pid file', async () => {
    const logFile = path.join(dir, 'logs', 'orphan.log');
    await mkdir(path.dirname(logFile), { recursive: true });
    const pidFile = path.join(dir, 'orphan-grandchild.pid');
    // Started the way run() starts agents, then abandoned as if our tick had died.
    const orphan = spawn(node, [script('stubborn.mjs'), pidFile], { detached: true, stdio: 'ignore' });
    orphan.unref();
    const leader = orphan.pid as number;
    started.push(leader);
    await waitFor(() => existsSync(pidFile));
    const grandchild = await readPid(pidFile);
    await writeFile(`${logFile}.pid`, `${leader}\n${procStat(leader)?.start ?? ''}\n`);
    expect(isProcessGroupAlive(leader)).toBe(true);

    await new ExecAgentRunner({ env: process.env, reapGraceMs: 200 }).reap(logFile);
    expect(isProcessAlive(leader)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
    expect(isProcessGroupAlive(leader)).toBe(false);
    expect(existsSync(`${logFile}.pid`)).toBe(false);
  });

  it('leaves a group alone when its leader pid was reused by a later process', async () => {
    const logFile = path.join(dir, 'logs', 'reused.log');
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    other.unref();
    const pid = other.pid as number;
    started.push(pid);
    await writeFile(`${logFile}.pid`, `${pid}\n1\n`);
    await new ExecAgentRunner({ env: process.env, reapGraceMs: 100 }).reap(logFile);
    expect(isProcessAlive(pid)).toBe(true);
    expect(existsSync(`${logFile}.pid`)).toBe(false);
    process.kill(pid, 'SIGKILL');
  });

  it('never follows a link at the pid file: the group named in the file it points at lives on', async () => {
    const logFile = path.join(dir, 'logs', 'linked.log');
    await mkdir(path.dirname(logFile), { recursive: true });
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    other.unref();
    const pid = other.pid as number;
    started.push(pid);
    const elsewhere = path.join(dir, 'elsewhere.pid');
    await writeFile(elsewhere, `${pid}\n`);
    await symlink(elsewhere, `${logFile}.pid`);
    await new ExecAgentRunner({ env: process.env, reapGraceMs: 100 }).reap(logFile);
    expect(isProcessAlive(pid)).toBe(true);
    expect(existsSync(`${logFile}.pid`)).toBe(false);
    expect(await readFile(elsewhere, 'utf8')).toBe(`${pid}\n`);
    process.kill(pid, 'SIGKILL');
  });

  it("ends nothing named by a pid file it cannot have written: no start time recorded, or another user's file", async () => {
    const logFile = path.join(dir, 'logs', 'planted.log');
    await mkdir(path.dirname(logFile), { recursive: true });
    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    other.unref();
    const pid = other.pid as number;
    started.push(pid);
    // What an agent can plant: a group id and nothing we recorded about it.
    await writeFile(`${logFile}.pid`, `${pid}\n`);
    await new ExecAgentRunner({ env: process.env, reapGraceMs: 100 }).reap(logFile);
    expect(isProcessAlive(pid)).toBe(true);
    // An agent run as another user writes the right start time, but the file is not ours.
    if (process.getuid?.() === 0) {
      await writeFile(`${logFile}.pid`, `${pid}\n${procStat(pid)?.start ?? ''}\n`);
      await chown(`${logFile}.pid`, 65534, 65534);
      await new ExecAgentRunner({ env: process.env, reapGraceMs: 100 }).reap(logFile);
      expect(isProcessAlive(pid)).toBe(true);
    }
    process.kill(pid, 'SIGKILL');
  });

  it('only removes the pid file when the group is gone, and ignores garbage', async () => {
    const runner = new ExecAgentRunner({ env: process.env, reapGraceMs: 100 });
    const logFile = path.join(dir, 'logs', 'stale.log');
    await writeFile(`${logFile}.pid`, '999999999\n');
    await runner.reap(logFile);
    expect(existsSync(`${logFile}.pid`)).toBe(false);
    for (const text of ['1\n', '0\n', '-1\n', 'abc']) {
      await writeFile(`${logFile}.pid`, text);
      await runner.reap(logFile);
      expect(existsSync(`${logFile}.pid`)).toBe(false);
    }
    await runner.reap(path.join(dir, 'logs', 'never.log'));
  });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
