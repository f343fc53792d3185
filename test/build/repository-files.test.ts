// The files a stranger looks for before trusting the project: the licence package.json names,
// how to report a vulnerability (pointing at the promises in docs/security.md), how to set up,
// test and rebuild dist/ (the same two set-up commands as the README), how a release is cut; and
// every link between these documents leads to a file that exists.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../src/core/plan/plan-from-issue.js';
import { REPO_ROOT } from '../e2e/helpers.js';

const read = (file: string) => readFile(path.join(REPO_ROOT, file), 'utf8');
const DOCUMENTS = ['LICENSE', 'SECURITY.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/releasing.md', 'docs/security.md', 'README.md'];

/** Relative Markdown links of a document that lead nowhere (anchors and web addresses aside). */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    const local = target.split('#')[0] ?? '';
    if (!existsSync(path.resolve(REPO_ROOT, path.dirname(file), local))) broken.push(`${file}: ${target}`);
  }
  return broken;
}

describe('the repository’s documents', () => {
  it('LICENSE is the MIT licence package.json names, held by the contributors', async () => {
    const [license, pkg] = await Promise.all([read('LICENSE'), read('package.json')]);
    expect((JSON.parse(pkg) as { license: string }).license).toBe('MIT');
    expect(license.split('\n').slice(0, 3)).toEqual(['MIT License', '', 'Copyright (c) 2026 Agent Step Sequencer contributors']);
    expect(license).toContain('Permission is hereby granted, free of charge, to any person obtaining a copy');
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it('SECURITY.md says how to report a vulnerability privately and links the promises in docs/security.md', async () => {
    const text = await read('SECURITY.md');
    expect(text).toMatch(/^## Reporting a vulnerability$/m);
    expect(text).toContain('**Report a vulnerability**');
    expect(text).toContain('not in a public issue');
    expect(text).toContain('](docs/security.md)');
  });

  it('CONTRIBUTING.md has the README’s two set-up commands, the test lanes and how dist/ is rebuilt, and names only scripts package.json has', async () => {
    const [text, readme, pkg] = await Promise.all([read('CONTRIBUTING.md'), read('README.md'), read('package.json')]);
    const setup = (doc: string) => fencedBlocks(doc).find((b) => b.info === 'sh' && b.content.includes('npm ci'))?.content;
    expect(setup(text)).toBeDefined();
    expect(setup(text)).toBe(setup(readme));
    for (const lane of ['npm test', 'npm run test:faults', 'npm run test:package', 'npm run test:agents', 'npm run build', 'bash .ci/run']) expect(text, lane).toContain(`\`${lane}`);
    const scripts = Object.keys((JSON.parse(pkg) as { scripts: Record<string, string> }).scripts);
    const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? '');
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
    expect(named).toEqual(expect.arrayContaining(['test:faults', 'test:package', 'test:agents', 'build', 'typecheck']));
  });

  it('docs/releasing.md says how a maintainer cuts a release with the workflow that does it', async () => {
    const text = await read('docs/releasing.md');
    expect(text).toContain('](../.github/workflows/release.yml)');
    for (const step of ['npm version', 'git tag -a v', 'git push origin v', 'npm publish --provenance', 'CHANGELOG.md', '`v1`']) expect(text, step).toContain(step);
  });

  it('links between the documents lead to files that exist (the check can fail)', async () => {
    expect(brokenLinks('docs/x.md', '[a](../LICENSE) [b](missing.md) [c](#anchor) [d](https://example.com)')).toEqual(['docs/x.md: missing.md']);
    const broken: string[] = [];
    for (const file of DOCUMENTS) broken.push(...brokenLinks(file, await read(file)));
    expect(broken).toEqual([]);
  });
});
