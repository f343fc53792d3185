// `plan --request TEXT`: the original step-sequencer's "propose a step plan and wait for
// confirmation", done locally.
// The request is classified; a single-step request becomes a one-step plan, a multi-step one is
// drafted by the agent. Either way the plan is written to a file the person can read and edit,
// and the state is created AWAITING_APPROVAL, as `init` without --approve would. Not through
// initState itself: that one re-plans an existing state, and a draft takes long enough for
// another `init` to create the plan meanwhile, which we must leave alone.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../adapters/fs/atomic-write.js';
import { ExecAgentRunner } from '../../adapters/process/exec-agent.js';
import { planFromRequest } from '../../adapters/process/plan-drafter.js';
import { classifyRequest } from '../../core/plan/classify-request.js';
import { localUserName } from '../local-user.js';
import { ConfigError, describeError } from '../../core/errors.js';
import { newState } from '../../core/plan/new-state.js';
import { shortTitle } from '../../core/plan/planning-prompt.js';
import { statusTable } from '../../core/render/render.js';
import type { Plan, State } from '../../core/state/types.js';
import { withoutRunnerFiles } from '../../core/trust/runner-files.js';
import type { CliSettings } from '../options.js';
import { cliSecrets, createStore, localPaths } from '../plan-settings.js';
import { draftedPlanFileIn, planIdOfFile } from '../../wiring/plan-layout.js';
import { withStore } from '../../store-access.js';

export async function planCommand(s: CliSettings, print: (line: string) => void): Promise<number> {
  const request = await readRequest(s);
  // Checked before the agent runs: a draft nobody can use would only cost time and tokens.
  await refuseExistingPlan(s);

  const { multiStep, reasons } = classifyRequest(request);
  print(`Request: ${multiStep ? 'multi-step' : 'single step'} (${reasons.join('; ')}).`);
  const { logDir } = localPaths(s);
  if (multiStep && s.agentCommand !== undefined) print(`Asking the agent to draft a plan; its output goes to ${path.join(logDir, 'plan-draft.log')}.`);
  const result = await planFromRequest({
    request,
    ...(s.agentCommand !== undefined ? { agentCommand: s.agentCommand } : {}),
    agentSource: s.agentSource,
    runner: new ExecAgentRunner({ cwd: s.workspace, env: withoutRunnerFiles(process.env) }),
    workspace: s.workspace,
    logDir,
    timeoutMs: s.attemptTimeoutMinutes * 60_000,
    graceMs: s.graceSeconds * 1000,
    // The plan is written to a file and the store as it is: a key the agent wrote into it must not.
    scrub: cliSecrets(s).scrub,
  });
  if (result.attempts > 1) print(`The agent's first draft was invalid; the retry produced a valid plan.`);
  const plan: Plan = { title: shortTitle(request), ...result.plan };

  const outFile = s.outFile ?? draftedPlanFileIn(s.workspace, s.planId);
  await mkdir(path.dirname(outFile), { recursive: true });
  await writeFileAtomic(outFile, `${JSON.stringify(plan, null, 2)}\n`);
  // `init` names the plan after its file unless told otherwise.
  const idFlag = planIdOfFile(outFile) === s.planId ? '' : ` --plan-id ${s.planId}`;
  print(`Plan written to ${outFile} (to change it, edit the file and run \`agent-step-sequencer init --plan ${outFile}${idFlag}\`).`);

  const written = await createProposal(s, plan);
  print(statusTable(written));
  const approve = ['agent-step-sequencer approve', ...(s.planId !== 'plan' ? [`--plan-id ${s.planId}`] : []), ...(s.store !== 'file' ? [`--store ${s.store}`] : [])].join(' ');
  print(`Approve with \`${approve}\` (add \`--delay 2\` for 2 minutes between steps, recommended for rate-limited APIs).`);
  return 0;
}

async function readRequest(s: CliSettings): Promise<string> {
  if (s.request !== undefined && s.requestFile !== undefined) {
    throw new ConfigError('plan: --request and --request-file were both given; expected one of them');
  }
  let text: string;
  let flag: string;
  if (s.requestFile !== undefined) {
    flag = '--request-file';
    try {
      text = await readFile(s.requestFile, 'utf8');
    } catch (err) {
      throw new ConfigError(`--request-file: cannot read "${s.requestFile}" (${describeError(err)}); expected a text file with the request`);
    }
  } else if (s.request !== undefined) {
    flag = '--request';
    text = s.request;
  } else {
    throw new ConfigError('plan: expected --request TEXT or --request-file FILE, e.g. `agent-step-sequencer plan --request "Research X, then write a report"`');
  }
  if (text.trim() === '') throw new ConfigError(`${flag}: the request is empty; expected the work to do in words`);
  return text.trim();
}

/** Writes the new state AWAITING_APPROVAL, unless a plan with this id appeared meanwhile. */
async function createProposal(s: CliSettings, plan: Plan): Promise<State> {
  const store = createStore(s, 'plan');
  return withStore(
    store,
    'write',
    async () => {
      if ((await store.load()).kind === 'loaded') {
        throw new ConfigError(
          `A plan for "${s.planId}" was created at ${store.description} while this one was drafted; it was left untouched. Use \`init --plan\` with the written plan file to replace it.`,
        );
      }
      const state = newState(plan, { planId: s.planId, now: new Date(), stepDelayMinutes: s.delayMinutes ?? 0, requestedBy: localUserName() });
      return store.write(state, { kind: 'update', message: 'plan proposed from a request' });
    },
    (holder) => {
      throw new ConfigError(`Cannot create the plan: another tick holds ${store.description} (${holder}).`);
    },
  );
}

async function refuseExistingPlan(s: CliSettings): Promise<void> {
  const store = createStore(s, 'plan');
  // As in `status`: a look needs no lock (a git store still fetches first).
  const loaded = await withStore(store, 'read', () => store.load());
  if (loaded.kind === 'loaded') {
    throw new ConfigError(`A plan already exists for "${s.planId}" (${loaded.state.status}) at ${store.description}; it was left untouched. Use \`status\`, or another --plan-id.`);
  }
}
