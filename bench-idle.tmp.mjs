// temporary: run only the Action figures
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
const root = process.cwd();
const outfile = path.join(root, 'node_modules', '.cache', 'sequencer-bench', 'action-figures.mjs');
await build({ entryPoints: ['bench/action-figures.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile, logLevel: 'warning', define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'test', 'e2e', 'x.ts')).href) } });
const m = await import(pathToFileURL(outfile).href);
const r = await m.idleTickFigures(Number(process.argv[2] ?? 5));
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ one: med(r.oneFinished), hundred: med(r.hundredFinished), bare: med(r.nodeBare), r }, (k, v) => (typeof v === 'number' ? Math.round(v) : v)));
