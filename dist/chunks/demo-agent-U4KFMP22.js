import "./chunk-27FUKKN2.js";

// src/cli/commands/demo-agent.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
async function demoAgent(prompt, env, print) {
  let step = env.SEQUENCER_STEP_ID ?? "?", attempt = Number(env.SEQUENCER_ATTEMPT ?? "1"), workspace = env.SEQUENCER_WORKSPACE ?? process.cwd(), outputs = JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS ?? "[]"), task = prompt.split(`

`).pop() ?? prompt;
  if (print(`[sample agent] ${step} attempt ${attempt}: ${task.slice(0, 140)}${task.length > 140 ? "\u2026" : ""}`), step === "fetch" && attempt === 1)
    return print("[sample agent] the primary source returned nothing; giving up on this attempt"), process.stderr.write(`source https://example.invalid/data returned an empty response
`), 1;
  if (step === "analyse")
    for (let i = 1; i <= 4; i++)
      print(`[sample agent] analysing\u2026 ${i * 25}%`), await sleep(700);
  for (let out of outputs) {
    let file = path.join(workspace, out);
    await mkdir(path.dirname(file), { recursive: !0 }), await writeFile(file, `# ${step}

Written by the sample agent (attempt ${attempt}).

${prompt}
`), print(`[sample agent] wrote ${out}`);
  }
  return 0;
}
export {
  demoAgent
};
