import { describe, expect, it } from 'vitest';
import { MAX_ARTIFACT_NAME, sanitizeArtifactName, scrubSecrets, secretNeedles } from '../../src/core/render/artifact-names.js';

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

describe('scrubSecrets', () => {
  it('replaces every occurrence of every secret, longest first', () => {
    const text = 'token=ghp_abc123 again ghp_abc123; prefix ghp_ alone';
    expect(scrubSecrets(text, ['ghp_abc123', 'ghp_'])).toBe('token=*** again ***; prefix *** alone');
    expect(scrubSecrets('a-long-secret-value', ['secret', 'a-long-secret-value'])).toBe('***');
  });

  it('hides each line of a multi-line secret and ignores empty or tiny values', () => {
    const key = '-----BEGIN KEY-----\nAAAABBBBCCCC\n-----END KEY-----';
    const log = 'found\nAAAABBBBCCCC\nin the log; also 1 and ab stay';
    expect(scrubSecrets(log, [key, '', '1', 'ab'])).toBe('found\n***\nin the log; also 1 and ab stay');
    expect(secretNeedles([key])).toEqual([key, '-----BEGIN KEY-----', '-----END KEY-----', 'AAAABBBBCCCC']);
  });
});
