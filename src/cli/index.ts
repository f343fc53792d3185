#!/usr/bin/env node
// CLI entry. One top-level handler turns every failure (including non-Error throws) into a
// message and the documented exit code.
import { EXIT, PlanError, SequencerError, describeError } from '../core/errors.js';
import { terminalText } from '../core/render/terminal-text.js';
import { createScrubber, environmentSecrets } from '../core/trust/secrets.js';
// Each command is loaded only when asked for: `hook` and `exec` run for every tool call of an
// agent, and must not pay for loading the engine, git and the store adapters each time.
const heartbeat = () => import('./commands/heartbeat.js');
const fleet = () => import('./commands/fleet.js');
const setup = () => import('./commands/setup.js');
// Ctrl-C while an agent runs stops the agent too (the commands that run agents: `plan` drafts with one).
const interruptible = async (command: () => Promise<number>): Promise<number> => (await import('../adapters/process/interrupt.js')).untilInterrupted(command(), (line) => printError(`${line}\n`));
import { USAGE, parseCli } from './options.js';
import { commandUsage } from './usage.js';
import { tolerateClosedOutput } from './closed-output.js';
import { BUILD_ID } from '../build-id.js';
import { VERSION } from '../version.js';
import { versionLine } from '../core/render/version-line.js';
import { readReleaseStamp } from '../adapters/fs/release-stamp.js';

tolerateClosedOutput(process.stdout, 'stdout', (line) => process.stderr.write(`${line}\n`));
tolerateClosedOutput(process.stderr, 'stderr', () => {});

// Everything the CLI prints passes terminalText(): plan text, errors and agent output must not
// drive the terminal (retitle it, clear it, hide a link's target). It may quote agent output, so
// the environment's secrets never show in it either.
const secrets = createScrubber(environmentSecrets(process.env));
const print = (line: string) => process.stdout.write(`${terminalText(secrets.scrub(line))}\n`);
const printError = (text: string) => process.stderr.write(terminalText(secrets.scrub(text)));

async function main(argv: string[]): Promise<number> {
  // The sample agent receives the prompt as its last argument, which may look like a flag.
  if (argv[0] === 'demo-agent') return (await import('./commands/demo-agent.js')).demoAgent(argv.slice(1).join(' '), process.env, print);
  // Called for every tool call of an agent: their argv and stdin belong to the agent CLI's protocol.
  // Only a first argument of --help or -h asks for help: `exec -- --help` runs a program so named.
  if ((argv[0] === 'hook' || argv[0] === 'exec') && (argv[1] === '--help' || argv[1] === '-h')) {
    print(commandUsage(argv[0]) ?? USAGE);
    return 0;
  }
  if (argv[0] === 'hook' || argv[0] === 'exec') {
    const io = { env: process.env, stdin: process.stdin, out: (t: string) => process.stdout.write(t), err: (t: string) => process.stderr.write(terminalText(secrets.scrub(t))) };
    const guard = await import('./commands/guard.js');
    return argv[0] === 'hook' ? guard.hookCommand(argv.slice(1), io) : guard.execCommand(argv.slice(1), io);
  }
  const parsed = parseCli(argv, process.env, process.cwd());
  // Which plan a command means is looked up only for a command that may act on one.
  const s = parsed.command === 'help' || parsed.command === 'version' ? parsed : await (await import('./plan-choice.js')).resolvePlan(parsed);
  switch (s.command) {
    case 'check':
      return interruptible(async () => (await heartbeat()).checkCommand(s));
    case 'run':
      return interruptible(async () => (await heartbeat()).runCommand(s, print));
    case 'init':
      return (await setup()).initCommand(s, print);
    case 'plan':
      return interruptible(async () => (await import('./commands/plan-request.js')).planCommand(s, print));
    case 'status':
      return (await import('./commands/status.js')).statusCommand(s, print);
    case 'usage':
      return (await import('./commands/usage.js')).usageCommand(s, print);
    case 'approve':
    case 'cancel':
    case 'retry':
    case 'skip':
    case 'resume':
    case 'restart':
      return (await import('./commands/steer.js')).steerCommand(s, print);
    case 'validate':
      return (await setup()).validateCommand(s, print);
    case 'list':
      return (await fleet()).listCommand(s, print);
    case 'audit':
      return (await fleet()).auditCommand(s, print);
    case 'maintenance':
      return (await fleet()).maintenanceCommand(s, print);
    case 'demo':
      return (await import('./commands/demo.js')).demoCommand(print);
    case 'help': {
      const topic = s.positionals[0];
      if (topic === undefined) {
        print(USAGE);
        return 0;
      }
      const usage = commandUsage(topic);
      if (usage === undefined) {
        printError(`Unknown command "${topic}".\n\n${USAGE}\n`);
        return EXIT.config;
      }
      print(usage);
      return 0;
    }
    case 'version':
      print(versionLine({ version: VERSION, buildId: BUILD_ID, stamp: readReleaseStamp(process.argv[1]) }));
      return 0;
    default:
      printError(`Unknown command "${s.command}".\n\n${USAGE}\n`);
      return EXIT.config;
  }
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof SequencerError) {
      // Only a command that is not `validate` itself points to it.
      const hint = err instanceof PlanError && argv[0] !== 'validate' ? `${err.hint} \`agent-step-sequencer validate FILE\` checks a plan file without running it.` : err.hint;
      printError(`error: ${err.message}\n${hint ? `hint: ${hint}\n` : ''}`);
      process.exit(err.exitCode);
    }
    printError(`error: ${describeError(err)}\n${err instanceof Error && err.stack ? `${err.stack}\n` : ''}`);
    process.exit(1);
  },
);
