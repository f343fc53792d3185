// Plan text (titles, instructions, step ids), errors and the agent's output reach a person's
// terminal through the CLI. A terminal obeys control sequences in what it prints: ESC ]0;…BEL
// retitles the window, ESC [2J clears the screen, ESC ]8;;URL draws a link whose text hides where
// it points, and the one-byte C1 forms (U+009B is CSI) do the same without an ESC. So the CLI
// prints text only after these are removed whole, along with every other C0 and C1 control
// except newline and tab.

// Strings (OSC, DCS, SOS, PM, APC) end at BEL or ST (ESC \ or U+009C); one left open ends at the
// line's end, so a stray introducer cannot swallow the rest of the output. The classes exclude
// their own terminators, so each match is linear and the whole pass is too.
const STRING = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?/g;
// CSI: ESC [ or U+009B, parameter bytes, intermediate bytes, one final byte.
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?/g;
// Any other escape: ESC, intermediate bytes, one final byte (ESC c resets the terminal).
const ESCAPE = /\x1b[ -/]*[0-~]?/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
const ANY_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** The text without terminal control sequences or control characters; newlines and tabs stay. */
export function terminalText(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(STRING, '').replace(CSI, '').replace(ESCAPE, '').replace(CONTROL, '');
}

/** One table cell or list item: terminalText on one line (newlines and tabs become spaces). */
export function terminalLine(text: string): string {
  return terminalText(text).replace(/[\n\t]+/g, ' ');
}

/**
 * JSON for a terminal: the same document, with C1 controls and DEL written as \u escapes (JSON
 * escapes C0 itself), so a reader gets every character back and the terminal obeys none.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
