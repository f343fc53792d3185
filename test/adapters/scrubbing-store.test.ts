// Every state write passes through the store, so that is where secrets leave what the agent
// produced: a tick whose agent prints a key and fails records none of it, in any write.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/adapters/fs/file-store.js';
import { ScrubbingStore } from '../../src/adapters/scrubbing-store.js';
import type { State } from '../../src/core/state/types.js';
import { createScrubber, type Scrubber } from '../../src/core/trust/secrets.js';
import { tick, type EngineDeps } from '../../src/engine/index.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig } from '../fakes/ports.js';
import { state } from '../fakes/states.js';
import { callLine } from '../../src/core/guard/command-log.js';

const KEY = 'sk-live-0123456789abcdefghijklmn';
const b64 = (s: string) => Buffer.from(s).toString('base64');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'scrubbing-store-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

/** A scrubber that counts the texts it is given. */
function counting(secrets: string[]): Scrubber & { calls: number } {
  const inner = createScrubber(secrets);
  const counter = {
    needles: inner.needles,
    calls: 0,
    scrub: (text: string) => {
      counter.calls++;
      return inner.scrub(text);
    },
  };
  return counter;
}

describe('ScrubbingStore', () => {
  it('keeps a key the agent printed out of every write of a tick, the commit message included', async () => {
    const inner = new MemoryStore(state(['a'], {}, { validate: [{ command: { argv: ['check'] } }], onValidationFail: 'fail' }));
    const workspace = new FakeWorkspace();
    const attemptFiles = new MemoryAttemptFiles();
    const agent = new FakeAgent(
      (spec) => {
        // Its command log, kept with the attempt, holds the key too.
        void attemptFiles.write(spec.env.SEQUENCER_COMMAND_LOG!, callLine({ now: new Date(0), via: 'exec', call: { tool: 'exec', subject: `curl -H "Authorization: ${KEY}"` }, decision: 'allow' }));
        return { exitCode: 0, stdout: `my key is ${KEY}`, payload: { token: KEY, [`k-${KEY}`]: b64(KEY) } };
      },
      workspace,
      undefined,
      attemptFiles,
    );
    // The check command prints it too, so the blocker (and the commit message) quote it.
    const verifier = new FakeVerifier(workspace, () => ({ exitCode: 1, stderr: `leaked ${KEY}` }));
    const deps: EngineDeps = {
      clock: new FakeClock(),
      store: new ScrubbingStore(inner, createScrubber([KEY])),
      agent,
      workspace,
      owners: new FakeOwners('dead'),
      notifier: new RecordingNotifier(),
      log: new MemoryLog(),
      verifier,
      attemptFiles,
    };
    const result = await tick(deps, engineConfig({ agentCommand: 'my-agent' }));
    expect(result.outcome).toBe('blocked');
    expect(inner.writes.length).toBeGreaterThanOrEqual(3);
    for (const w of inner.writes) {
      expect(JSON.stringify(w)).not.toContain(KEY);
      expect(JSON.stringify(w)).not.toContain(b64(KEY));
    }
    const last = inner.current!;
    expect(last.stepRuns.a?.stdout).toBe('my key is ***');
    expect(last.blockers?.[0]).toMatch(/leaked \*\*\*/);
    expect(inner.writes.some((w) => w.meta.message.includes('leaked ***'))).toBe(true);
    const kept = inner.writes.flatMap((w) => w.meta.records ?? []);
    expect(kept.map((r) => r.path)).toEqual(['commands/a/attempt-1.jsonl']);
    expect(kept[0]!.text).toContain('curl -H \\"Authorization: ***\\"');
  });

  it('writes the scrubbed state to disk through a real store', async () => {
    const file = path.join(dir, 'state.json');
    const store = new ScrubbingStore(new FileStore({ statePath: file }), createScrubber([KEY]));
    await store.lock();
    expect((await store.load()).kind).toBe('missing');
    const s = state(['a']);
    const written = await store.write({ ...s, stepRuns: { a: { status: 'FAILED', tries: 1, error: `exit 1: ${KEY}` } } }, { kind: 'update', message: 'x' });
    await store.release();
    expect(written.stepRuns.a?.error).toBe('exit 1: ***');
    expect(await readFile(file, 'utf8')).not.toContain(KEY);
  });

  it('scans only the runs a tick changed, not every run on record', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `s${i}`);
    const base = state(ids);
    const inner = new FileStore({ statePath: path.join(dir, 'big.json') });
    const secrets = counting([KEY]);
    const store = new ScrubbingStore(inner, secrets);
    await store.lock();
    await store.load();
    const withRuns: State = { ...base, stepRuns: Object.fromEntries(ids.map((id) => [id, { status: 'DONE' as const, tries: 1, stdout: 'ok', error: null }])) };
    let current = await store.write(withRuns, { kind: 'update', message: 'all' });
    expect(secrets.calls).toBeGreaterThanOrEqual(500);

    secrets.calls = 0;
    const changed: State = { ...current, stepRuns: { ...current.stepRuns, s7: { status: 'FAILED', tries: 2, stdout: KEY, error: 'e' } } };
    current = await store.write(changed, { kind: 'update', message: 'one' });
    expect(current.stepRuns.s7?.stdout).toBe('***');
    // The changed run's two texts and the commit message; the 499 untouched runs are not scanned.
    expect(secrets.calls).toBeLessThanOrEqual(4);
    await store.release();
  });
});
