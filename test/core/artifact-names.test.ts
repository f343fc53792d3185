import { describe, expect, it } from 'vitest';
import { MAX_ARTIFACT_NAME, sanitizeArtifactName } from '../../src/core/render/artifact-names.js';

describe('sanitizeArtifactName', () => {
  it('replaces every character the artifact service forbids', () => {
    expect(sanitizeArtifactName('issue-42/step-2/1: "x" <a|b> *? back\\slash\r\nend')).toBe('issue-42-step-2-1- -x- -a-b- -- back-slash--end');
    expect(sanitizeArtifactName('sequencer-issue-42-run-123-1')).toBe('sequencer-issue-42-run-123-1');
  });

  it('keeps at most 100 characters, whole code points, and never returns an empty name', () => {
    const long = sanitizeArtifactName(`${'é'.repeat(99)}😀😀`);
    expect(Array.from(long)).toHaveLength(MAX_ARTIFACT_NAME);
    expect(long.endsWith('😀')).toBe(true);
    expect(sanitizeArtifactName('   ')).toBe('sequencer-logs');
    expect(sanitizeArtifactName('\u0001\u0002')).toBe('sequencer-logs');
  });
});
