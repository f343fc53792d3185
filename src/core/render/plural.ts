// Counts in messages read as words: "1 step", "2 steps", "1 of 4 steps was done".

/** "1 step", "2 steps" (nouns with a plain -s plural only). */
export function countOf(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/** "1 of 4 steps was done", "2 of 4 steps were done". */
export function countOfTotal(n: number, total: number, noun: string, verb: string): string {
  return `${n} of ${countOf(total, noun)} ${n === 1 ? 'was' : 'were'} ${verb}`;
}
