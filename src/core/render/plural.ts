// Counts in messages read as words: "1 step", "2 steps", "1 of 4 steps was done".

/** "1 step", "2 steps"; nouns without a plain -s plural give theirs ("1 try", "2 tries"). */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** "1 of 4 steps was done", "2 of 4 steps were done"; in the present, "1 of 4 steps is done". */
export function countOfTotal(n: number, total: number, noun: string, verb: string, tense: 'past' | 'present' = 'past'): string {
  const be = tense === 'past' ? (n === 1 ? 'was' : 'were') : n === 1 ? 'is' : 'are';
  return `${n} of ${countOf(total, noun)} ${be} ${verb}`;
}
