// writeJobSummary writes through @actions/core to the file GITHUB_STEP_SUMMARY names.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUMMARY_BYTES, writeJobSummary } from '../../src/adapters/toolkit/job-summary.js';

const saved = process.env.GITHUB_STEP_SUMMARY;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'job-summary-'));
  file = path.join(dir, 'step_summary.md');
});

afterEach(() => {
  if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY;
  else process.env.GITHUB_STEP_SUMMARY = saved;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeJobSummary', () => {
  // Runs first: @actions/core remembers the summary path once a write has found the file.
  it('does nothing outside Actions and warns instead of throwing when the file is missing', async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    const logs: string[] = [];
    expect(await writeJobSummary('# hi', (m) => logs.push(m))).toBe(false);
    expect(logs).toEqual([]);

    process.env.GITHUB_STEP_SUMMARY = path.join(dir, 'missing.md');
    expect(await writeJobSummary('# hi', (m) => logs.push(m))).toBe(false);
    expect(logs.join('\n')).toMatch(/Could not write the job summary: Unable to access summary file/);
  });

  it('appends markdown to the step summary file', async () => {
    await writeFile(file, '');
    process.env.GITHUB_STEP_SUMMARY = file;
    expect(await writeJobSummary('### Plan: DONE (2/2)\n\n| a | b |')).toBe(true);
    expect(await writeJobSummary('second')).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('### Plan: DONE (2/2)\n\n| a | b |\nsecond\n');
  });

  it('cuts a summary over 1 MiB and says so', async () => {
    await writeFile(file, '');
    process.env.GITHUB_STEP_SUMMARY = file;
    expect(await writeJobSummary('é'.repeat(MAX_SUMMARY_BYTES))).toBe(true);
    const written = await readFile(file, 'utf8');
    expect(Buffer.byteLength(written)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES);
    expect(written).toMatch(/truncated: GitHub limits a job summary to 1 MiB\)\n\n$/);
    expect(written).not.toContain('\ufffd');
  });
});
