// The licence notices of the third-party code the bundle carries. dist/ ships other people's
// code without their files, so their notices travel in dist/licenses.txt, built from what the
// bundler actually put in (its metafile), not from package.json's dependency list: a package
// that ends up bundled through some dependency's dependency needs its notice just the same.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * Licences whose terms the project has read and can meet by shipping the notice: permissive
 * licences that ask for the copyright and permission notice (and, for Apache-2.0, its NOTICE
 * file) to travel with the code. Anything else fails the build until someone has looked at it.
 */
export const ALLOWED_LICENSES = Object.freeze(['0BSD', 'Apache-2.0', 'BlueOak-1.0.0', 'BSD-2-Clause', 'BSD-3-Clause', 'ISC', 'MIT']);

/**
 * Imports the bundle leaves to Node at run time that are not Node's own modules, each with why
 * that is safe. Everything else must be bundled: the package installs with no dependencies.
 */
export const ALLOWED_EXTERNALS = Object.freeze({
  // debug (via @actions/artifact's HTTP agents) asks for it inside try/catch, for colours only.
  'supports-color': 'optional: debug requires it inside try/catch and prints without colours when it is missing',
});

/** Where notices live for packages that ship no licence file of their own (one file per name@version). */
export const NOTICES_DIR = 'scripts/third-party-notices';

const NOTICE_FILE = /^(licen[cs]e|copying|notice)([.-]|$)/i;

/** A package's folder and name from a path esbuild recorded, or null for the project's own files. */
function packageOf(file) {
  const marker = 'node_modules/';
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = file.slice(at + marker.length).split('/');
  const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  return name ? { dir: file.slice(0, at + marker.length + name.length), name } : null;
}

/**
 * The folders of the packages whose files esbuild bundled, resolved against the folder it ran in.
 * Inputs from a plugin namespace (`name:path`, e.g. a stub in place of a module) are no package's
 * code and are skipped.
 */
export function bundledPackageDirs(metafile, root) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    if (/^[\w-]+:/.test(input)) continue;
    const pkg = packageOf(input.split(path.sep).join('/'));
    if (pkg) dirs.add(path.resolve(root, pkg.dir));
  }
  return [...dirs].sort();
}

/** Imports the bundle leaves for Node to resolve that are neither Node's modules nor allowed. */
export function unexpectedExternals(metafile) {
  const found = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) {
      if (!imp.external || imp.path === '<runtime>') continue;
      const bare = imp.path.replace(/^node:/, '');
      if (builtinModules.includes(bare) || bare in ALLOWED_EXTERNALS) continue;
      found.add(imp.path);
    }
  }
  return [...found].sort();
}

/**
 * Why an SPDX expression such as `MIT` or `(Apache-2.0 AND BSD-3-Clause)` cannot be shipped, or
 * null when it can: every licence of an AND must be allowed, one of an OR is enough. An
 * expression this does not read (a `WITH` exception, a file reference, `UNLICENSED`, a mix of AND
 * and OR) is refused rather than guessed at.
 */
export function licenseProblem(expression) {
  if (typeof expression !== 'string' || !expression.trim()) return 'its package.json declares no licence';
  const tokens = expression.replace(/[()]/g, ' ').trim().split(/\s+/);
  const ids = tokens.filter((_, i) => i % 2 === 0);
  const ops = new Set(tokens.filter((_, i) => i % 2 === 1));
  const readable = tokens.length % 2 === 1 && ops.size <= 1 && [...ops].every((op) => op === 'AND' || op === 'OR') && ids.every((id) => /^[A-Za-z0-9.+-]+$/.test(id) && id !== 'UNLICENSED');
  if (!readable) return `licence "${expression}" is not an SPDX expression this check reads`;
  const allowed = ops.has('OR') ? ids.some((id) => ALLOWED_LICENSES.includes(id)) : ids.every((id) => ALLOWED_LICENSES.includes(id));
  return allowed ? null : `licence "${expression}" is not on the allow-list (${ALLOWED_LICENSES.join(', ')})`;
}

/** package.json's licence: the SPDX `license` string, or the old `license: {type}` / `licenses: [{type}]` forms. */
function declaredLicense(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license && typeof license.type === 'string') return license.type;
  if (Array.isArray(licenses))
    return (
      licenses
        .map((l) => l?.type)
        .filter(Boolean)
        .join(' OR ') || undefined
    );
  return undefined;
}

/** A notice written down by hand: `License: <SPDX>` and `Source: <where it was checked>`, a blank line, the text. */
function parseNoticeFile(text, file) {
  const [head = '', ...body] = text.replace(/\r\n/g, '\n').split('\n\n');
  const fields = Object.fromEntries(
    head
      .split('\n')
      .map((l) => l.split(/:\s*/, 2))
      .map(([k = '', ...v]) => [k.toLowerCase(), v.join('')]),
  );
  const notice = body.join('\n\n').trim();
  if (!fields.license || !fields.source || !notice) throw new Error(`${file}: expected 'License: <SPDX id>' and 'Source: <where the notice comes from>' lines, a blank line, then the notice`);
  return { license: fields.license, source: fields.source, text: notice };
}

const normalize = (text) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trim();

/**
 * Each bundled package's name, version, licence and notices, one entry per name and version,
 * and the problems that must stop a release: no licence declared, a licence not on the
 * allow-list, or no notice to ship.
 */
export async function collectNotices(dirs, { noticesDir } = { noticesDir: NOTICES_DIR }) {
  const packages = new Map();
  const problems = [];
  for (const dir of dirs) {
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const id = `${manifest.name}@${manifest.version}`;
    if (packages.has(id)) continue;
    const handWritten = path.join(noticesDir, `${manifest.name.replace('/', '+')}@${manifest.version}.txt`);
    let license = declaredLicense(manifest);
    let notices = [];
    if (existsSync(handWritten)) {
      const notice = parseNoticeFile(await readFile(handWritten, 'utf8'), handWritten);
      license = notice.license;
      notices = [{ file: `notice recorded in the repository (source: ${notice.source})`, text: notice.text }];
    } else {
      const files = (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isFile() && NOTICE_FILE.test(e.name))
        .map((e) => e.name)
        .sort();
      for (const file of files) notices.push({ file, text: normalize(await readFile(path.join(dir, file), 'utf8')) });
    }
    const problem = licenseProblem(license);
    if (problem) problems.push(`${id}: ${problem}`);
    if (!notices.some((n) => n.text))
      problems.push(`${id}: ships no licence file to copy; check its licence upstream and record its notice in ${noticesDir}/${manifest.name.replace('/', '+')}@${manifest.version}.txt`);
    packages.set(id, { name: manifest.name, version: manifest.version, license: license ?? 'none', notices });
  }
  const list = [...packages.values()].sort((a, b) => (a.name === b.name ? a.version.localeCompare(b.version, 'en', { numeric: true }) : a.name < b.name ? -1 : 1));
  return { packages: list, problems };
}

export const RULE = '='.repeat(80);

/** dist/licenses.txt: a header, then one section per package. A notice printed once is referred to after that. */
export function renderNotices(packages) {
  const out = [
    'Third-party notices for Agent Step Sequencer',
    '',
    'The files in this folder contain code from the packages below, bundled by esbuild. Each is',
    'listed with its version, its licence and the notices it is distributed with. Agent Step',
    'Sequencer itself is under the MIT licence (LICENSE).',
  ];
  const seen = new Map();
  for (const pkg of packages) {
    out.push('', RULE, `${pkg.name} ${pkg.version}`, `License: ${pkg.license}`);
    for (const notice of pkg.notices) {
      const earlier = seen.get(notice.text);
      out.push('', `--- ${notice.file}`);
      if (earlier) out.push(`(the same text as ${earlier} above)`);
      else {
        seen.set(notice.text, `${pkg.name} ${pkg.version}`);
        out.push('', notice.text);
      }
    }
  }
  return `${out.join('\n')}\n`;
}
