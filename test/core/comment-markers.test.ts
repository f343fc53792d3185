import { describe, expect, it } from 'vitest';
import { answeredCommands, isOwnComment, leadingMarker, problemComment, replyComment, replyMarker } from '../../src/core/render/comment-markers.js';
import { marker } from '../../src/core/render/render-markdown.js';

describe('comment markers', () => {
  it('finds only a leading marker', () => {
    expect(leadingMarker(`${marker('issue-1', 'status')}\n### title`)).toBe(marker('issue-1', 'status'));
    expect(leadingMarker(`> quoted\n${marker('issue-1', 'status')}`)).toBeNull();
    expect(leadingMarker('<!-- something else -->')).toBeNull();
    expect(leadingMarker(undefined)).toBeNull();
  });

  it('answers a command with its quoted first line and inert mentions', () => {
    const body = replyComment(77, 'alice', '/approve delay=2 @org/team\nmore lines', 'Approved; cc @bob');
    expect(body.split('\n')).toEqual([replyMarker(77), '> /approve delay=2 \\@\u200dorg/team', '', '@alice: Approved; cc \\@\u200dbob']);
    expect(leadingMarker(body)).toBe('<!-- agent-step-sequencer:reply:77 -->');
  });

  it('one reply can answer several commands: their markers follow the first', () => {
    const body = replyComment(77, 'alice', '/draft', 'no', {}, [78, 80]);
    expect(leadingMarker(body)).toBe(replyMarker(77));
    expect(answeredCommands(body)).toEqual([77, 78, 80]);
    expect(answeredCommands(replyComment(77, 'alice', '/draft', 'no'))).toEqual([77]);
    // Only the markers a reply starts with: a quoted command cannot add one.
    expect(answeredCommands(replyComment(77, 'alice', replyMarker(99), replyMarker(98)))).toEqual([77]);
    expect(answeredCommands(`text\n${replyMarker(5)}`)).toEqual([]);
  });

  it('gives each distinct problem its own marker', () => {
    const a = problemComment('issue-3', 'no plan');
    expect(leadingMarker(a)).toMatch(/^<!-- agent-step-sequencer:problem:issue-3:[0-9a-f]{16} -->$/);
    expect(leadingMarker(problemComment('issue-3', 'no plan'))).toBe(leadingMarker(a));
    expect(leadingMarker(problemComment('issue-3', 'other'))).not.toBe(leadingMarker(a));
  });

  it('counts a comment as ours only when our login wrote it: never by association, bot type or marker', () => {
    expect(isOwnComment('github-actions[bot]', 'github-actions[bot]')).toBe(true);
    expect(isOwnComment('GitHub-Actions[bot]', 'github-actions[bot]')).toBe(true);
    expect(isOwnComment('renovate[bot]', 'github-actions[bot]')).toBe(false);
    expect(isOwnComment('triage-collaborator', 'github-actions[bot]')).toBe(false);
    // Our login unknown (GitHub would not say and we posted nothing yet): nothing is ours.
    expect(isOwnComment('github-actions[bot]', undefined)).toBe(false);
    expect(isOwnComment('', '')).toBe(false);
  });
});
