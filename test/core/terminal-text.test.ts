// What the CLI prints must not drive the terminal: control sequences in plan text, errors and
// agent output are removed whole, every other control character too, newlines and tabs stay.
import { describe, expect, it } from 'vitest';
import { statusTable } from '../../src/core/render/render.js';
import { terminalJson, terminalLine, terminalText } from '../../src/core/render/terminal-text.js';
import { state } from '../fakes/states.js';

const TITLE_OSC = '\x1b]0;pwned\x07';
const CLEAR = '\x1b[2J';
const C1_CSI = '\x9b31m';
const LINK = '\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\';
const HOSTILE = `Report ${TITLE_OSC}${CLEAR}on ${C1_CSI}otters ${LINK}`;

/** Every C0 and C1 control except newline and tab, and DEL. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('terminalText', () => {
  it('removes a window-title OSC, a clear-screen CSI, a C1 CSI and an OSC 8 hyperlink, keeping the visible text', () => {
    expect(terminalText(HOSTILE)).toBe('Report on otters click me');
  });

  it.each<[string, string, string]>([
    ['OSC ended by C1 ST', 'a\x9d2;x\x9cb', 'ab'],
    ['C1 OSC ended by BEL', 'a\x9d0;x\x07b', 'ab'],
    ['DCS string', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['APC string', 'a\x1b_payload\x1b\\b', 'ab'],
    ['an OSC left open ends at the line end', 'a\x1b]0;title\nnext', 'a\nnext'],
    ['CSI with parameters and an intermediate', 'a\x1b[1;31 qb', 'ab'],
    ['reset (ESC c)', 'a\x1bcb', 'ab'],
    ['charset (ESC ( 0)', 'a\x1b(0b', 'ab'],
    ['a lone ESC at the end', 'ab\x1b', 'ab'],
    ['carriage return, backspace, bell, NUL, DEL', 'a\rb\bc\x07d\x00e\x7f', 'abcde'],
    ['other C1 controls', 'a\x85b\x8dc', 'abc'],
    ['a sequence split by another', 'a\x1b\x1b]0;x\x07[2Jb', 'ab'],
  ])('%s', (_name, input, expected) => {
    expect(terminalText(input)).toBe(expected);
  });

  it('keeps newlines, tabs and every printable character (non-Latin text, emoji)', () => {
    const text = 'Étape 1\tétude\n研究 😀 – “quotes” [1] ~ ^ \\ | {}';
    expect(terminalText(text)).toBe(text);
  });

  it('leaves no control character whatever the input', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['\x1b', '[', ']', '\x07', '\\', '\x9b', '\x9c', '\x9d', 'P', '0', ';', 'm', 'a', '\n', '\t', '\r', '\x00', '\x7f', '8'];
    for (let i = 0; i < 500; i++) {
      const input = Array.from({ length: 40 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(terminalText(input), JSON.stringify(input)).not.toMatch(CONTROL);
    }
  });

  it('terminalLine also puts the text on one line', () => {
    expect(terminalLine('a\nb\t\tc\x1b[2J')).toBe('a b c');
  });

  it('terminalJson keeps every character for a JSON reader, raw for no terminal', () => {
    const doc = { title: HOSTILE, other: 'café\u0085' };
    const json = terminalJson(doc, 2);
    expect(json).not.toMatch(CONTROL);
    expect(JSON.parse(json)).toEqual(doc);
    expect(json).toContain('\\u009b31m');
  });
});

describe('the CLI step table', () => {
  it('prints plan text without control sequences, and its columns still line up', () => {
    const s = state(['s1', 's2'], {}, (id) => ({ title: id === 's1' ? `Gather${CLEAR}\nsources ${LINK}` : 'Write' }));
    s.plan.title = HOSTILE;
    const table = statusTable(s);
    expect(table).not.toMatch(CONTROL);
    const lines = table.split('\n');
    expect(lines[0]).toBe('Report on otters click me [p] IN_PROGRESS (0/2 steps done, revision 0)');
    const header = lines[1]!;
    const row = lines.find((l) => l.includes('s1'))!;
    expect(row).toContain('Gather sources click me');
    // The status column starts at the same place in the header and in the row.
    expect(row.indexOf('PENDING')).toBe(header.indexOf('status'));
  });
});
