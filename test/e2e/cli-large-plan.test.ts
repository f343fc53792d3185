// A plan large enough to be written compact, run by the built CLI: heartbeats after the first
// load the state through its digest note (no second validation, the plan's text reused), and
// what they write must be exactly what a full validation would give.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseState } from '../../src/core/state/validate-state.js';
import { makeTempDir, output, removeTempDirs, runCli, writeJson } from './helpers.js';

afterEach(removeTempDirs);

const STEPS = 700;

describe('a large plan on the file store', () => {
  it('runs heartbeat after heartbeat from its own notes, and still refuses a hand edit that breaks the state', async () => {
    const ws = await makeTempDir('large-ws-');
    const steps: Record<string, { title: string; instruction: string }> = {};
    for (let i = 1; i <= STEPS; i++) steps[`step-${i}`] = { title: `Step ${i}`, instruction: `Do part ${i}: "quote", backslash \\ and é` };
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, { title: 'large', steps });
    const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
    const noteFile = `${stateFile}.digest`;
    const env = { STEP_AGENT_CMD: 'true' };

    const init = await runCli(['init', '--plan', planFile, '--approve', '--workspace', ws, '--quiet']);
    expect(init.code, output(init)).toBe(0);
    // A short step delay, so that each heartbeat runs exactly one step. Editing the file by hand
    // makes the next heartbeat validate it in full.
    const created = JSON.parse(await readFile(stateFile, 'utf8')) as Record<string, unknown>;
    await writeFile(stateFile, `${JSON.stringify({ ...created, stepDelayMinutes: 0.003 })}\n`);

    for (let beat = 1; beat <= 3; beat++) {
      const r = await runCli(['check', stateFile, '--quiet'], { env });
      expect(r.code, output(r)).toBe(0);
      const bytes = await readFile(stateFile);
      const text = bytes.toString('utf8');
      const written = JSON.parse(text) as Record<string, unknown>;
      expect(written.currentStep).toBe(beat);
      // Exactly what validating it gives, written compact, and named by the note beside it.
      expect(parseState(JSON.parse(text))).toEqual(written);
      expect(text).toBe(`${JSON.stringify(written)}\n`);
      const note = await readFile(noteFile, 'utf8');
      expect(note).toMatch(new RegExp(`^build-[0-9a-f]{16} sha256:${createHash('sha256').update(bytes).digest('hex')} plan=\\d+-\\d+ stepQueue=\\d+-\\d+\\n$`));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // The note names the old bytes, so the edited file is validated in full, refused, and kept.
    const edited = (await readFile(stateFile, 'utf8')).replace('"title":"Step 5"', '"title":""');
    await writeFile(stateFile, edited);
    const refused = await runCli(['check', stateFile, '--quiet'], { env });
    expect(refused.code, output(refused)).toBe(3);
    expect(output(refused)).toContain('plan.steps.step-5.title');
    expect(await readFile(stateFile, 'utf8')).toBe(edited);
  });
});
