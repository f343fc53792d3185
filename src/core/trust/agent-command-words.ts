// Splits an agent command line into words with the quoting people know from the shell, without
// ever running one: what only a shell gives meaning to (pipes, redirections, ";", "&",
// substitutions, variables other than the sequencer's own) is refused with an explanation.
import { sequencerReference } from './agent-command-variables.js';
import type { Fail } from './program-check.js';

export const EXAMPLE = 'give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.';

export function tokenize(text: string, fail: Fail): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const syntax = (what: string): never =>
    fail(
      `uses shell syntax (${what}) outside single quotes; it is not run by a shell, so pipes, redirections, ";", "&", substitutions and variables do not work. Quote the character to pass it literally, or ${EXAMPLE}`,
    );
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) fail("has an unbalanced single quote; expected a closing '");
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        const c = text[i] as string;
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === '\\' && i + 1 < text.length) {
          const next = text[i + 1] as string;
          // POSIX: inside double quotes a backslash only escapes these; otherwise it is literal.
          if ('\\"$`'.includes(next)) word += next;
          else if (next !== '\n') word += c + next;
          i += 2;
          continue;
        }
        if (c === '`') syntax('`...`');
        const ref = c === '$' ? sequencerReference(text, i, fail) : null;
        if (ref) {
          word += ref;
          i += ref.length;
          continue;
        }
        if (c === '$' && isExpansion(text, i)) syntax(`"${text.slice(i, i + 2)}..."`);
        word += c;
        i++;
      }
      if (!closed) fail('has an unbalanced double quote; expected a closing "');
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 >= text.length) fail('ends with a lone backslash; expected a character after it');
      const next = text[i + 1] as string;
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      i += 2;
    } else {
      if ('|;&<>()`'.includes(ch)) syntax(ch);
      const ref = ch === '$' ? sequencerReference(text, i, fail) : null;
      if (ref) {
        word += ref;
        inWord = true;
        i += ref.length;
        continue;
      }
      if (ch === '$' && isExpansion(text, i)) syntax(`${text.slice(i, i + 2)}...`);
      if (ch === '#' && !inWord) syntax('# comment');
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function isExpansion(text: string, i: number): boolean {
  const next = text[i + 1];
  return next !== undefined && /[A-Za-z_0-9{(?!#@*$-]/.test(next);
}
