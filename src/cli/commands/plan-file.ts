// Reading a plan file from disk into a validated plan (JSON or YAML, a bare plan or a state.json of
// the original step-sequencer).
import { readFile } from 'node:fs/promises';
import { ConfigError, describeError } from '../../core/errors.js';
import type { ExtractedPlan } from '../../core/plan/plan-text.js';
import { scrubJson } from '../../core/trust/secrets.js';

/**
 * `scrub`: the secrets of the environment are taken out before the plan is validated, hashed and
 * stored, so the state (pushed with --store git) and the agent hold `***`, never the secret.
 * `given`: the argument that named the file, as an error names it (`validate FILE` takes no --plan).
 */
export async function readPlanFile(file: string, scrub?: (text: string) => string, given = '--plan'): Promise<ExtractedPlan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${given}: cannot read "${file}" (${describeError(err)}); expected a JSON or YAML plan file`);
  }
  // The YAML parser is a tenth of the CLI's code: loaded only by the commands that read a plan file.
  const { loadPlanText } = await import('../../core/plan/plan-text.js');
  return loadPlanText(text, file, scrub ? (doc) => scrubJson(doc, scrub) : undefined);
}
