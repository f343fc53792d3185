// Links to each output at the commit that last produced it on the work branch.
import type { GitRunner } from './git.js';
import type { Links } from '../../core/render/render-markdown.js';

export async function outputLinks(git: GitRunner, blobBase: string, paths: string[]): Promise<Links> {
  const shas = new Map<string, string>();
  const wanted = new Set(paths);
  // One `git log` for all outputs (newest first): the first commit naming a path last changed it.
  // A process per output made every tick, even an idle one, slower with each finished step.
  for (let i = 0; i < paths.length; i += 200) {
    const res = await git.run(['-c', 'core.quotePath=false', 'log', '--format=%x00%H', '--name-only', '--', ...paths.slice(i, i + 200)], { allowFail: true });
    if (res.code !== 0) continue;
    for (const chunk of res.stdout.split('\0')) {
      const [sha, ...files] = chunk.split('\n').filter(Boolean);
      if (!sha) continue;
      for (const f of files) if (wanted.has(f) && !shas.has(f)) shas.set(f, sha);
    }
  }
  const encode = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  return { file: (p) => `${blobBase}/${shas.get(p) ?? 'HEAD'}/${encode(p)}` };
}
