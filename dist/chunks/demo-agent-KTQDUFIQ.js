import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import "./chunk-PANJYNO7.js";

// src/cli/commands/demo-agent.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
async function demoAgent(prompt, env, print) {
  const step = env.SEQUENCER_STEP_ID ?? "?";
  const attempt = Number(env.SEQUENCER_ATTEMPT ?? "1");
  const workspace = env.SEQUENCER_WORKSPACE ?? process.cwd();
  const outputs = JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS ?? "[]");
  const task = prompt.split("\n\n").pop() ?? prompt;
  print(`[sample agent] ${step} attempt ${attempt}: ${task.slice(0, 140)}${task.length > 140 ? "\u2026" : ""}`);
  if (step === "fetch" && attempt === 1) {
    print("[sample agent] the primary source returned nothing; giving up on this attempt");
    process.stderr.write("source https://example.invalid/data returned an empty response\n");
    return 1;
  }
  if (step === "analyse") {
    for (let i = 1; i <= 4; i++) {
      print(`[sample agent] analysing\u2026 ${i * 25}%`);
      await sleep(700);
    }
  }
  for (const out of outputs) {
    const file = path.join(workspace, out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `# ${step}

Written by the sample agent (attempt ${attempt}).

${prompt}
`);
    print(`[sample agent] wrote ${out}`);
  }
  return 0;
}
export {
  demoAgent
};
