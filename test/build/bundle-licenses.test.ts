// dist/ ships other people's code, so it ships their notices: every package whose code is in the
// bundle has a section in dist/licenses.txt with a licence on the allow-list and its notice, and
// a package without a notice or with another licence stops the build (scripts/bundle-licenses.mjs).
// The bundle imports nothing at run time but Node's own modules, so the package installs with no
// dependencies.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_LICENSES, RULE, bundledPackageDirs, collectNotices, licenseProblem, renderNotices, unexpectedExternals } from '../../scripts/bundle-licenses.mjs';
import { REPO_ROOT } from '../e2e/helpers.js';

const DIST = path.join(REPO_ROOT, 'dist');
const MIT = 'MIT License\n\nCopyright (c) 2024 Someone\n\nPermission is hereby granted, free of charge, ...';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'sequencer-licenses-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A package folder under scratch/node_modules with a package.json and the given files. */
async function pkg(name: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): Promise<string> {
  const dir = path.join(scratch, 'node_modules', name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  return dir;
}

describe('the notices of bundled packages', () => {
  it('reads licences as SPDX expressions and allows only the listed ones', () => {
    for (const ok of ['MIT', 'ISC', '(Apache-2.0 AND BSD-3-Clause)', 'MIT OR GPL-3.0', 'BlueOak-1.0.0', '0BSD']) expect(licenseProblem(ok), ok).toBeNull();
    expect(licenseProblem('GPL-3.0')).toBe(`licence "GPL-3.0" is not on the allow-list (${ALLOWED_LICENSES.join(', ')})`);
    expect(licenseProblem('MIT AND GPL-3.0')).toMatch(/not on the allow-list/);
    expect(licenseProblem('Apache-2.0 WITH LLVM-exception')).toMatch(/not an SPDX expression this check reads/);
    expect(licenseProblem('SEE LICENSE IN LICENSE.txt')).toMatch(/not an SPDX expression/);
    expect(licenseProblem('MIT/X11')).toMatch(/not an SPDX expression/);
    expect(licenseProblem('UNLICENSED')).toMatch(/not an SPDX expression/);
    expect(licenseProblem(undefined)).toBe('its package.json declares no licence');
  });

  it('copies each package’s licence and NOTICE files, and names every package it cannot ship', async () => {
    const dirs = [
      await pkg('good', { license: 'MIT' }, { LICENSE: `${MIT}\r\n`, 'NOTICE.txt': 'Good includes software from elsewhere.', 'README.md': 'not a notice' }),
      await pkg('old-style', { licenses: [{ type: 'ISC' }] }, { 'LICENCE.md': 'ISC licence text' }),
      await pkg('no-file', { license: 'MIT' }, { 'index.js': '' }),
      await pkg('copyleft', { license: 'GPL-3.0-only' }, { COPYING: 'GNU GENERAL PUBLIC LICENSE' }),
      await pkg('undeclared', {}, { LICENSE: MIT }),
    ];
    const { packages, problems } = await collectNotices(dirs, { noticesDir: path.join(scratch, 'notices') });
    expect(problems).toEqual([
      `no-file@1.0.0: ships no licence file to copy; check its licence upstream and record its notice in ${path.join(scratch, 'notices')}/no-file@1.0.0.txt`,
      `copyleft@1.0.0: licence "GPL-3.0-only" is not on the allow-list (${ALLOWED_LICENSES.join(', ')})`,
      'undeclared@1.0.0: its package.json declares no licence',
    ]);
    const good = packages.find((p) => p.name === 'good');
    expect(good).toEqual({
      name: 'good',
      version: '1.0.0',
      license: 'MIT',
      notices: [
        { file: 'LICENSE', text: MIT },
        { file: 'NOTICE.txt', text: 'Good includes software from elsewhere.' },
      ],
    });
    expect(packages.find((p) => p.name === 'old-style')?.license).toBe('ISC');
  });

  it('takes a notice recorded in the repository for a package that ships none, and it must say where it comes from', async () => {
    const notices = path.join(scratch, 'recorded');
    await mkdir(notices, { recursive: true });
    const dir = await pkg('@scope/bare', { license: 'MIT/X11' });
    await writeFile(path.join(notices, '@scope+bare@1.0.0.txt'), `License: MIT\nSource: its repository's LICENSE\n\n${MIT}\n`);
    const { packages, problems } = await collectNotices([dir], { noticesDir: notices });
    expect(problems).toEqual([]);
    expect(packages).toEqual([{ name: '@scope/bare', version: '1.0.0', license: 'MIT', notices: [{ file: "notice recorded in the repository (source: its repository's LICENSE)", text: MIT }] }]);

    await writeFile(path.join(notices, '@scope+bare@1.0.0.txt'), `License: MIT\n\n${MIT}\n`);
    await expect(collectNotices([dir], { noticesDir: notices })).rejects.toThrow(/expected 'License: <SPDX id>' and 'Source: <where the notice comes from>' lines/);
  });

  it('finds the bundled packages in the metafile, nested and scoped, past a linked node_modules, skipping stubs', () => {
    const input = { bytes: 1, imports: [] };
    const metafile = {
      inputs: {
        'src/cli/index.ts': input,
        '../shared/node_modules/yaml/dist/index.js': input,
        '../shared/node_modules/yaml/dist/doc.js': input,
        'node_modules/glob/node_modules/minimatch/dist/esm/index.js': input,
        'node_modules/@actions/core/lib/core.js': input,
        'no-oidc:@actions/http-client': input,
      },
    };
    expect(bundledPackageDirs(metafile, '/repo')).toEqual(['/repo/node_modules/@actions/core', '/repo/node_modules/glob/node_modules/minimatch', '/shared/node_modules/yaml']);
  });

  it('lets the bundle leave only Node’s own modules (and the listed optional ones) to run time', () => {
    const output = (...paths: string[]) => ({ bytes: 1, inputs: {}, exports: [], imports: paths.map((p) => ({ path: p, kind: 'import-statement' as const, external: true })) });
    const metafile: Pick<Metafile, 'outputs'> = {
      outputs: { 'dist/a.js': output('node:fs', 'path', 'supports-color', '<runtime>'), 'dist/b.js': output('left-pad', 'node:child_process', '@scope/thing') },
    };
    expect(unexpectedExternals(metafile)).toEqual(['@scope/thing', 'left-pad']);
  });
});

/** dist/licenses.txt as package ("name version") → its section. */
function sections(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(`\n${RULE}\n`).slice(1)) map.set(part.split('\n', 1)[0] ?? '', part);
  return map;
}

/** Every package whose code is in the bundle, read from the module path comments esbuild writes before each module. */
async function packagesInBundle(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js'));
  const dirs = new Set<string>();
  for (const file of files) {
    for (const [, p = ''] of (await readFile(path.join(dir, file), 'utf8')).matchAll(/^\/\/ (\S*node_modules\/\S+)$/gm)) {
      const at = p.lastIndexOf('node_modules/') + 'node_modules/'.length;
      const [first = '', second = ''] = p.slice(at).split('/');
      dirs.add(p.slice(0, at) + (first.startsWith('@') ? `${first}/${second}` : first));
    }
  }
  const names = new Set<string>();
  for (const d of dirs) {
    const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, d, 'package.json'), 'utf8')) as { name: string; version: string };
    names.add(`${manifest.name} ${manifest.version}`);
  }
  return [...names].sort();
}

/** What is wrong with a notices file for the packages found in the bundle. */
function noticeProblems(text: string, bundled: string[]): string[] {
  const found = sections(text);
  const problems: string[] = [];
  for (const name of bundled) {
    const section = found.get(name);
    if (!section) {
      problems.push(`${name}: no section`);
      continue;
    }
    const license = /^License: (.+)$/m.exec(section)?.[1];
    if (licenseProblem(license) !== null) problems.push(`${name}: ${licenseProblem(license)}`);
    const bodies = section
      .split(/^--- .*$/m)
      .slice(1)
      .map((b) => b.trim());
    if (!bodies.length || bodies.some((b) => b.length < 20)) problems.push(`${name}: no notice text`);
  }
  return problems;
}

describe('dist/licenses.txt', () => {
  it('has a section with an allowed licence and a notice for every package whose code is in dist/', async () => {
    const [text, bundled] = await Promise.all([readFile(path.join(DIST, 'licenses.txt'), 'utf8'), packagesInBundle(DIST)]);
    expect(bundled.length).toBeGreaterThan(50);
    for (const name of ['yaml', '@octokit/rest', '@actions/core', 'ajv'])
      expect(
        bundled.some((b) => b.startsWith(`${name} `)),
        name,
      ).toBe(true);
    expect(noticeProblems(text, bundled)).toEqual([]);
    // Nothing listed that is not in the bundle (a stale list would claim code that is gone).
    expect([...sections(text).keys()].sort()).toEqual(bundled);
  });

  it('the check fails for a package without a section, without a notice or with another licence', async () => {
    const section = (name: string, license: string, notice: string) => `${RULE}\n${name}\nLicense: ${license}\n\n--- LICENSE\n\n${notice}\n`;
    const text = ['header', section('a 1.0.0', 'MIT', MIT), section('b 2.0.0', 'GPL-3.0', MIT), section('c 3.0.0', 'MIT', '')].join('\n');
    expect(noticeProblems(text, ['a 1.0.0', 'b 2.0.0', 'c 3.0.0', 'd 4.0.0'])).toEqual([
      `b 2.0.0: licence "GPL-3.0" is not on the allow-list (${ALLOWED_LICENSES.join(', ')})`,
      'c 3.0.0: no notice text',
      'd 4.0.0: no section',
    ]);
  });

  it('prints a notice once and refers to it from packages with the same text', () => {
    const text = renderNotices([
      { name: 'a', version: '1.0.0', license: 'MIT', notices: [{ file: 'LICENSE', text: MIT }] },
      { name: 'b', version: '2.0.0', license: 'MIT', notices: [{ file: 'LICENSE.md', text: MIT }] },
    ]);
    expect(text.split(MIT)).toHaveLength(2);
    expect(sections(text).get('b 2.0.0')).toContain('(the same text as a 1.0.0 above)');
    expect(noticeProblems(text, ['a 1.0.0', 'b 2.0.0'])).toEqual([]);
  });
});
