// The git hardening decisions: the `-c` overrides, the minimal environment, the token's extra
// header, and the repository config the Action keeps from a checkout.
import { describe, expect, it } from 'vitest';
import {
  credentialEnvironment,
  credentialIncludes,
  formatConfig,
  gitEnvironment,
  hardeningArgs,
  parseConfigList,
  trustedRepositoryConfig,
  withoutCredentials,
  type ConfigEntry,
} from '../../src/core/trust/git-policy.js';

const overrides = (args: string[]) => Object.fromEntries(args.filter((_, i) => i % 2 === 1).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));

describe('hardeningArgs', () => {
  it.each(['action', 'cli'] as const)('%s: hooks, fsmonitor, nested status, ext:: and signing are off, as -c pairs', (mode) => {
    const args = hardeningArgs(mode);
    expect(args.filter((_, i) => i % 2 === 0).every((a) => a === '-c')).toBe(true);
    expect(overrides(args)).toMatchObject({
      'core.hooksPath': '/dev/null',
      'core.fsmonitor': 'false',
      'diff.ignoreSubmodules': 'all',
      'submodule.recurse': 'false',
      'protocol.ext.allow': 'never',
      'commit.gpgSign': 'false',
    });
  });

  it('empties the credential helpers and the attributes and ignore files only on GitHub Actions', () => {
    expect(overrides(hardeningArgs('action'))).toMatchObject({ 'credential.helper': '', 'core.attributesFile': '/dev/null', 'core.excludesFile': '/dev/null' });
    expect(overrides(hardeningArgs('cli'))).not.toHaveProperty('credential.helper');
    expect(overrides(hardeningArgs('cli'))).not.toHaveProperty('core.attributesFile');
    expect(overrides(hardeningArgs('cli'))).not.toHaveProperty('core.excludesFile');
  });
});

describe('gitEnvironment', () => {
  const runner = {
    PATH: '/usr/bin',
    HOME: '/home/runner',
    LANG: 'C.UTF-8',
    TMPDIR: '/tmp',
    https_proxy: 'http://proxy:3128',
    'INPUT_GITHUB-TOKEN': 'ghs_input',
    GITHUB_TOKEN: 'ghs_env',
    ACTIONS_RUNTIME_TOKEN: 'rt',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc',
    GIT_DIR: '/elsewhere/.git',
    GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='evil'",
    GIT_SSH_COMMAND: 'ssh -i key',
    SSH_AUTH_SOCK: '/tmp/agent.sock',
    GIT_CONFIG_GLOBAL: '/home/me/.gitconfig',
    ANTHROPIC_API_KEY: 'sk-ant',
    UNSET: undefined,
  };

  it('action: only what git needs; no runner secret, no GIT_* from outside, no global or system config', () => {
    expect(gitEnvironment(runner, 'action')).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      LANG: 'C.UTF-8',
      TMPDIR: '/tmp',
      https_proxy: 'http://proxy:3128',
      GIT_TERMINAL_PROMPT: '0',
      LC_ALL: 'C',
      GIT_NO_REPLACE_OBJECTS: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_ATTR_NOSYSTEM: '1',
    });
  });

  it("cli: also the person's ssh agent, ssh command and global config, still no secrets", () => {
    const env = gitEnvironment(runner, 'cli');
    expect(env).toMatchObject({ SSH_AUTH_SOCK: '/tmp/agent.sock', GIT_SSH_COMMAND: 'ssh -i key', GIT_CONFIG_GLOBAL: '/home/me/.gitconfig' });
    for (const k of ['INPUT_GITHUB-TOKEN', 'GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'GIT_DIR', 'GIT_CONFIG_PARAMETERS', 'ANTHROPIC_API_KEY', 'GIT_CONFIG_NOSYSTEM']) {
      expect(env, k).not.toHaveProperty(k);
    }
  });

  it('puts the pinned repository and the credential on top', () => {
    const env = gitEnvironment(runner, 'action', { GIT_DIR: '/ws/.git', GIT_CONFIG_COUNT: '2' });
    expect(env).toMatchObject({ GIT_DIR: '/ws/.git', GIT_CONFIG_COUNT: '2' });
  });
});

describe('credentialEnvironment', () => {
  it('sends the token as basic auth to the https server only, after emptying its header list', () => {
    const env = credentialEnvironment('https://github.com', 'ghs_abc');
    expect(env).toEqual({
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'http.https://github.com/.extraheader',
      GIT_CONFIG_VALUE_0: '',
      GIT_CONFIG_KEY_1: 'http.https://github.com/.extraheader',
      GIT_CONFIG_VALUE_1: `AUTHORIZATION: basic ${Buffer.from('x-access-token:ghs_abc').toString('base64')}`,
    });
  });

  it('scopes to the origin of an Enterprise server with a port; nothing for http, a bad URL or no token', () => {
    expect(credentialEnvironment('https://ghe.example.com:8443/', 't').GIT_CONFIG_KEY_1).toBe('http.https://ghe.example.com:8443/.extraheader');
    expect(credentialEnvironment('http://ghe.example.com', 't')).toEqual({});
    expect(credentialEnvironment('not a url', 't')).toEqual({});
    expect(credentialEnvironment('https://github.com', '')).toEqual({});
  });
});

// `git config --list --null` of a checkout by actions/checkout v4 (extra header) and v6 (includeIf),
// plus what an earlier step or an agent might have added.
const CHECKOUT =
  [
    'core.repositoryformatversion\n0',
    'core.filemode\ntrue',
    'core.bare\nfalse',
    'core.logallrefupdates\ntrue',
    'extensions.objectformat\nsha256',
    'remote.origin.url\nhttps://github.com/octo-org/octo-repo',
    'remote.origin.fetch\n+refs/heads/*:refs/remotes/origin/*',
    'remote.origin.fetch\n+refs/tags/*:refs/tags/*',
    'remote.origin.pushurl\nhttps://evil.example/repo',
    'remote.origin.receivepack\n/tmp/evil',
    'http.https://github.com/.extraheader\nAUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2FiYw==',
    'includeIf.gitdir:/home/runner/work/r/r/.git.path\n/home/runner/work/_temp/git-credentials-0b6f6c5e-1d2a-4c3b-9e8f-123456789abc.config',
    'includeIf.gitdir:/github/workspace/.git.path\n/github/runner_temp/git-credentials-0b6f6c5e-1d2a-4c3b-9e8f-123456789abc.config',
    'include.path\n/home/me/other.gitconfig',
    'core.fsmonitor\n/tmp/evil',
    'core.hookspath\n/tmp/hooks',
    'core.sshcommand\n/tmp/evil',
    'core.worktree\n/elsewhere',
    'filter.lfs.clean\ngit-lfs clean -- %f',
    'url.https://evil.example/.insteadof\nhttps://github.com/',
    'credential.helper\n!/tmp/evil',
    'alias.st\n!/tmp/evil',
    'extensions.worktreeconfig\ntrue',
    'branch.main.remote\norigin',
    'core.ignorecase',
  ].join('\0') + '\0';

describe('the repository config kept on GitHub Actions', () => {
  const entries = parseConfigList(CHECKOUT);

  it('parses keys and values, and a bare key as null', () => {
    expect(entries).toHaveLength(25);
    expect(entries[5]).toEqual({ key: 'remote.origin.url', value: 'https://github.com/octo-org/octo-repo' });
    expect(entries[24]).toEqual({ key: 'core.ignorecase', value: null });
  });

  it('keeps format and layout settings and each remote URL and fetch spec; drops every program, rewrite, include and header', () => {
    expect(trustedRepositoryConfig(entries)).toEqual<ConfigEntry[]>([
      { key: 'core.repositoryformatversion', value: '0' },
      { key: 'core.filemode', value: 'true' },
      { key: 'core.bare', value: 'false' },
      { key: 'core.logallrefupdates', value: 'true' },
      { key: 'extensions.objectformat', value: 'sha256' },
      { key: 'remote.origin.url', value: 'https://github.com/octo-org/octo-repo' },
      { key: 'remote.origin.fetch', value: '+refs/heads/*:refs/remotes/origin/*' },
      { key: 'remote.origin.fetch', value: '+refs/tags/*:refs/tags/*' },
    ]);
  });

  it('finds the credential files the includes name, and drops only headers and includes from a submodule config', () => {
    expect(credentialIncludes(entries)).toEqual([
      '/home/runner/work/_temp/git-credentials-0b6f6c5e-1d2a-4c3b-9e8f-123456789abc.config',
      '/github/runner_temp/git-credentials-0b6f6c5e-1d2a-4c3b-9e8f-123456789abc.config',
    ]);
    const kept = withoutCredentials(entries).map((e) => e.key);
    expect(kept).toContain('core.worktree');
    expect(kept.filter((k) => /extraheader|^include/i.test(k))).toEqual([]);
  });

  it('writes config text that keeps order and quotes values and subsection names', () => {
    const text = formatConfig([
      { key: 'core.bare', value: 'false' },
      { key: 'remote.my "odd" \\remote.url', value: 'C:\\repo "x"\tend\nnext' },
      { key: 'remote.my "odd" \\remote.fetch', value: '+refs/heads/*:refs/remotes/odd/*' },
      { key: 'core.ignorecase', value: null },
    ]);
    expect(text).toBe(
      ['[core]', '\tbare = "false"', '\tignorecase', '[remote "my \\"odd\\" \\\\remote"]', '\turl = "C:\\\\repo \\"x\\"\\tend\\nnext"', '\tfetch = "+refs/heads/*:refs/remotes/odd/*"', ''].join('\n'),
    );
  });
});
