// The sample agent the demo runs: deterministic, writes the outputs its step requires, fails
// the first attempt of the "fetch" step (so the troubleshooting retry shows) and works slowly
// on the "analyse" step (so the demo can interrupt it mid-step).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function demoAgent(prompt: string, env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const step = env.SEQUENCER_STEP_ID ?? '?';
  const attempt = Number(env.SEQUENCER_ATTEMPT ?? '1');
  const workspace = env.SEQUENCER_WORKSPACE ?? process.cwd();
  const outputs = JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS ?? '[]') as string[];
  // The task is the prompt's last paragraph (the autonomy preamble comes first).
  const task = prompt.split('\n\n').pop() ?? prompt;
  print(`[sample agent] ${step} attempt ${attempt}: ${task.slice(0, 140)}${task.length > 140 ? '…' : ''}`);

  if (step === 'fetch' && attempt === 1) {
    print('[sample agent] the primary source returned nothing; giving up on this attempt');
    process.stderr.write('source https://example.invalid/data returned an empty response\n');
    return 1;
  }
  if (step === 'analyse') {
    for (let i = 1; i <= 4; i++) {
      print(`[sample agent] analysing… ${i * 25}%`);
      await sleep(700);
    }
  }
  for (const out of outputs) {
    const file = path.join(workspace, out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `# ${step}\n\nWritten by the sample agent (attempt ${attempt}).\n\n${prompt}\n`);
    print(`[sample agent] wrote ${out}`);
  }
  return 0;
}
