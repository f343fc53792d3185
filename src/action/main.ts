// The Action's wiring: inputs → ports → one tick → outputs. Every path sets the outputs.
import * as core from '@actions/core';
import { describeError, SequencerError } from '../core/errors.js';

export async function run(): Promise<number> {
  try {
    core.setFailed('agent-step-sequencer: the GitHub Action entry is not wired yet; use the CLI.');
    return 1;
  } catch (err) {
    core.setFailed(err instanceof SequencerError ? err.message : describeError(err));
    return 1;
  }
}
