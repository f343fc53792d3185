import { appendFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Turns off the `git gc --auto` a bare repository starts after every push it receives. GitHub's
 * servers do not collect garbage on a push either, and on a test remote each one is a process
 * per push (hundreds per suite run) that checks nothing the tests judge.
 */
export async function withoutServerGc(bareRepo: string): Promise<void> {
  await appendFile(path.join(bareRepo, 'config'), '[receive]\n\tautogc = false\n');
}
