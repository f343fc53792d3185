// How the sequencer runs git in a workspace an agent has written to (docs/security.md): the agent
// owns the work tree and `.git/`, so nothing it could plant there may run inside our git commands,
// redirect them, or see the push credential. Pure decisions; src/adapters/git/ applies them.
//
// - Command-line overrides switch off what git would run from any config level: hooks (every
//   one, through an impossible hooks path), fsmonitor, status runs inside nested repositories,
//   the `ext::` transport, background gc, and signing programs.
// - The environment is rebuilt from a short list, so neither the runner's secrets (INPUT_*,
//   ACTIONS_*, GITHUB_TOKEN) nor GIT_* variables reach git.
// - On GitHub Actions, git reads no global or system config and the repository's config is the
//   one kept from before any agent ran, reduced to the entries listed in TRUSTED_KEYS (no
//   filters, helpers, URL rewrites, includes or remote programs); the token reaches git through
//   the environment of each command, never through a file.

export type GitMode = 'action' | 'cli';

/** `-c` overrides for every git command we run. */
const ALWAYS: ReadonlyArray<readonly [string, string]> = [
  // No hook exists under /dev/null: post-commit, post-checkout, reference-transaction, pre-push…
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  // `git status` run inside a nested repository would read that repository's own config.
  ['diff.ignoreSubmodules', 'all'],
  ['submodule.recurse', 'false'],
  ['protocol.ext.allow', 'never'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  ['commit.gpgSign', 'false'],
  ['tag.gpgSign', 'false'],
];

/** Only on GitHub Actions, where the person's own helpers and attributes have no place. */
const ACTION_ONLY: ReadonlyArray<readonly [string, string]> = [
  // An empty value empties the helper list: the token comes from our extra header only.
  ['credential.helper', ''],
  // The defaults ($XDG_CONFIG_HOME/git/attributes and git/ignore, else under ~/.config) are
  // files the agent's user can write: a planted ignore file would hide its outputs from `add -A`.
  ['core.attributesFile', '/dev/null'],
  ['core.excludesFile', '/dev/null'],
];

export function hardeningArgs(mode: GitMode): string[] {
  const pairs = mode === 'action' ? [...ALWAYS, ...ACTION_ONLY] : ALWAYS;
  return pairs.flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

/** What git needs from the environment (locale, home, temp, proxies, certificates). */
const PASSED = new Set([
  'PATH',
  'HOME',
  'LANG',
  'LANGUAGE',
  'TMPDIR',
  'TZ',
  'USER',
  'LOGNAME',
  'SYSTEMROOT',
  'PATHEXT',
  'USERPROFILE',
  'COMSPEC',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
]);

/**
 * The CLI runs with the person's own credentials: their ssh agent and ssh command, and their
 * global and system config (credential helpers, URL rewrites). The agent can write the
 * repository's `.git/config`, which the guard restores, but a workspace-bound agent cannot write
 * these.
 */
const PASSED_CLI = new Set([
  'SSH_AUTH_SOCK',
  'SSH_AGENT_PID',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_SSH_VARIANT',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'DISPLAY',
  'XDG_CONFIG_HOME',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
]);

const PASSED_IN_CLI: readonly string[] = [...PASSED, ...PASSED_CLI];

/** The environment of one git command: `base` reduced to what git needs, then `extra` on top. */
export function gitEnvironment(base: Readonly<Record<string, string | undefined>>, mode: GitMode, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  // Looked up by name: listing process.env copies every variable, once per git command.
  for (const k of mode === 'cli' ? PASSED_IN_CLI : PASSED) {
    const v = base[k];
    if (v !== undefined) env[k] = v;
  }
  Object.assign(env, { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_NO_REPLACE_OBJECTS: '1' });
  if (mode === 'action') Object.assign(env, { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_ATTR_NOSYSTEM: '1' });
  return Object.assign(env, extra);
}

/**
 * The token as an extra header for the server's https URLs, in GIT_CONFIG_* variables: one git
 * process's environment, readable only by its own user, where a `-c` argument would be readable
 * by every user of the machine (/proc/<pid>/cmdline). The first, empty value drops any header
 * another config level set for the same URL. Nothing for other schemes: a plain-http server
 * would see the token in the clear.
 */
export function credentialEnvironment(serverUrl: string, token: string): Record<string, string> {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return {};
  }
  if (url.protocol !== 'https:' || !token) return {};
  const key = `http.${url.origin}/.extraheader`;
  return {
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: key,
    GIT_CONFIG_VALUE_0: '',
    GIT_CONFIG_KEY_1: key,
    GIT_CONFIG_VALUE_1: `AUTHORIZATION: basic ${btoa(`x-access-token:${token}`)}`,
  };
}

/** One entry of `git config --list --null`: `section[.subsection].name`, value null for a bare key. */
export interface ConfigEntry {
  key: string;
  value: string | null;
}

export function parseConfigList(output: string): ConfigEntry[] {
  return output
    .split('\0')
    .filter((item) => item !== '')
    .map((item) => {
      const nl = item.indexOf('\n');
      return nl < 0 ? { key: item, value: null } : { key: item.slice(0, nl), value: item.slice(nl + 1) };
    });
}

/** Split as git does: the section before the first dot, the name after the last, the subsection between. */
function splitKey(key: string): { section: string; subsection: string | null; name: string } | null {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first <= 0 || last === key.length - 1) return null;
  return {
    section: key.slice(0, first).toLowerCase(),
    subsection: first === last ? null : key.slice(first + 1, last),
    name: key.slice(last + 1).toLowerCase(),
  };
}

/** Entries of the repository config that change no program, URL, header or credential. */
const TRUSTED_KEYS = new Set([
  'core.repositoryformatversion',
  'core.filemode',
  'core.bare',
  'core.logallrefupdates',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.symlinks',
  'core.autocrlf',
  'core.eol',
  'core.safecrlf',
  'core.longpaths',
  'core.protectntfs',
  'core.protecthfs',
  'core.sparsecheckout',
  'core.sparsecheckoutcone',
  'extensions.objectformat',
  'extensions.refstorage',
  'extensions.partialclone',
]);
/** Per remote: where it is and what it fetches; no push URL, proxy or upload/receive program. */
const TRUSTED_REMOTE_KEYS = new Set(['url', 'fetch', 'promisor', 'partialclonefilter', 'tagopt']);

/**
 * The repository config the Action keeps, from the config as actions/checkout left it (read
 * before any agent ran): the format and layout settings and each remote's URL and fetch specs.
 * Everything else goes, the persisted extra header and the includes naming its file first.
 */
export function trustedRepositoryConfig(entries: readonly ConfigEntry[]): ConfigEntry[] {
  return entries.filter((e) => {
    const k = splitKey(e.key);
    if (!k || e.value === null || /[\0\n]/.test(k.subsection ?? '')) return false;
    if (k.section === 'remote') return k.subsection !== null && TRUSTED_REMOTE_KEYS.has(k.name);
    return k.subsection === null && TRUSTED_KEYS.has(`${k.section}.${k.name}`);
  });
}

/** The config without any persisted token: extra headers and includes (which name the token's file). */
export function withoutCredentials(entries: readonly ConfigEntry[]): ConfigEntry[] {
  return entries.filter((e) => {
    const k = splitKey(e.key);
    return !k || !((k.section === 'http' && k.name === 'extraheader') || k.section === 'include' || k.section === 'includeif');
  });
}

/**
 * Files named by includes that look like the credential files actions/checkout v6+ writes under
 * RUNNER_TEMP (`git-credentials-<uuid>.config`); the caller removes those under RUNNER_TEMP.
 */
export function credentialIncludes(entries: readonly ConfigEntry[]): string[] {
  const out = new Set<string>();
  for (const e of entries) {
    const k = splitKey(e.key);
    if (k && (k.section === 'include' || k.section === 'includeif') && k.name === 'path' && e.value && /(^|[\\/])git-credentials-[0-9a-f-]+\.config$/i.test(e.value)) {
      out.add(e.value);
    }
  }
  return [...out];
}

const quoteValue = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
// Subsection names know only these two escapes (and cannot hold a newline at all).
const quoteSubsection = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Config file text for `entries`, grouped by section in first-seen order (values keep their order). */
export function formatConfig(entries: readonly ConfigEntry[]): string {
  const sections = new Map<string, string[]>();
  for (const e of entries) {
    const k = splitKey(e.key);
    if (!k || /[\0\n]/.test(k.subsection ?? '')) continue;
    const header = k.subsection === null ? `[${k.section}]` : `[${k.section} ${quoteSubsection(k.subsection)}]`;
    const lines = sections.get(header) ?? [];
    lines.push(e.value === null ? `\t${k.name}` : `\t${k.name} = ${quoteValue(e.value)}`);
    sections.set(header, lines);
  }
  return [...sections].map(([header, lines]) => `${header}\n${lines.join('\n')}\n`).join('');
}
