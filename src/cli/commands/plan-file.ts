// Reading a plan file from disk into a validated plan (JSON or YAML, a bare plan or a state.json of
// the original step-sequencer).
import { readFile } from 'node:fs/promises';
import { ConfigError, describeError } from '../../core/errors.js';
import type { ExtractedPlan } from '../../core/plan/plan-text.js';

export async function readPlanFile(file: string): Promise<ExtractedPlan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`--plan: cannot read "${file}" (${describeError(err)}); expected a JSON or YAML plan file`);
  }
  // The YAML parser is a tenth of the CLI's code: loaded only by the commands that read a plan file.
  const { loadPlanText } = await import('../../core/plan/plan-text.js');
  return loadPlanText(text, file);
}
