import { describe, expect, it } from 'vitest';
import { lineEcho } from '../../src/core/render/output-echo.js';

function run(chunks: string[], cap?: Parameters<typeof lineEcho>[1]): string[] {
  const out: string[] = [];
  const echo = lineEcho((l) => out.push(l), cap);
  for (const c of chunks) echo.push(c);
  echo.end();
  return out;
}

describe('lineEcho', () => {
  it('emits whole lines across chunk boundaries, including a last line without a break', () => {
    expect(run(['one\ntw', 'o\r\nthree\rfou', 'r'])).toEqual(['one', 'two', 'three', 'four']);
  });

  it('stops at the line cap and says how many lines the full log has beyond it', () => {
    const out = run(['a\nb\nc\nd\n'], { maxLines: 2, maxChars: 1000, fullLog: 'the artifact logs-1' });
    expect(out).toEqual(['a', 'b', '… output truncated (2 more lines not shown), full log in the artifact logs-1']);
  });

  it('stops at the character cap with a singular count', () => {
    const out = run(['12345\n', '67890\n', 'x'], { maxLines: 100, maxChars: 10, fullLog: 'the artifact a' });
    expect(out).toEqual(['12345', '67890', '… output truncated (1 more line not shown), full log in the artifact a']);
  });

  it('adds no note when everything fits', () => {
    expect(run(['a\nb'], { maxLines: 2, maxChars: 2, fullLog: 'x' })).toEqual(['a', 'b']);
  });
});
