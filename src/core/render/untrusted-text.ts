// Agent output and issue text are untrusted: before they reach a comment or a job summary they
// are size-capped, @mentions are neutralised (no pinging whole teams from an agent's log) and
// they are fenced with a fence longer than any backtick run inside, so they cannot close it.

const ZERO_WIDTH_JOINER = '\u200d';

/** `@user` and `@org/team` become inert: the zero-width joiner breaks GitHub's mention parser. */
export function neutralizeMentions(text: string): string {
  return text.replace(/(^|[^A-Za-z0-9`])@(?=[A-Za-z0-9])/g, `$1@${ZERO_WIDTH_JOINER}`);
}

export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  const tail = max - head;
  return `${text.slice(0, head)}\n… [${text.length - max} characters omitted] …\n${text.slice(text.length - tail)}`;
}

/** A fenced block that no content can break out of. */
export function fence(text: string, max = 4000, info = 'text'): string {
  const body = neutralizeMentions(capText(text.replace(/\r\n?/g, '\n'), max));
  const longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(longestRun + 1);
  return `${ticks}${info}\n${body}\n${ticks}`;
}

/** Inline text for a table cell or a heading: one line, no markup that changes structure. */
export function inline(text: string, max = 200): string {
  const one = text.replace(/[\r\n]+/g, ' ').trim();
  const capped = one.length > max ? `${one.slice(0, max - 1)}…` : one;
  return neutralizeMentions(capped.replace(/([\\`*_[\]<>|#~])/g, '\\$1'));
}
