// Comments in src/ point only at what is in the repository: a README section that exists, a file
// under docs/ that exists. Documents the repository does not hold (the product brief and its
// source documents) are never cited, so a reader can follow every pointer.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await sourceFiles(rel)));
    else if (rel.endsWith('.ts')) out.push(rel);
  }
  return out;
}

/** The comment lines of a TypeScript file, with their line numbers. */
function comments(text: string): Array<{ line: number; text: string }> {
  return text
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter(({ text: t }) => t.startsWith('//') || t.startsWith('*') || t.startsWith('/**'));
}

describe('comments in src/', () => {
  it('cite no document outside the repository', async () => {
    const found: string[] = [];
    for (const file of await sourceFiles('src')) {
      for (const c of comments(await readFile(path.join(ROOT, file), 'utf8'))) {
        if (/\bDESIGN\b/.test(c.text) || /\bseeds?\b/i.test(c.text)) found.push(`${file}:${c.line}: ${c.text}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('point at README sections and docs/ files that exist', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    const headings = new Set([...readme.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.trim()));
    const broken: string[] = [];
    let checked = 0;
    for (const file of await sourceFiles('src')) {
      for (const c of comments(await readFile(path.join(ROOT, file), 'utf8'))) {
        for (const m of c.text.matchAll(/README(?:'s)?,? "([^"]+)"/g)) {
          checked++;
          if (!headings.has(m[1]!)) broken.push(`${file}:${c.line}: README "${m[1]}"`);
        }
        for (const m of c.text.matchAll(/\bdocs\/[\w./-]*\w/g)) {
          checked++;
          if (!(await stat(path.join(ROOT, m[0])).catch(() => null))) broken.push(`${file}:${c.line}: ${m[0]}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
