// Links to each output at the commit that last produced it on the work branch.
import { git } from './git.js';
import type { Links } from '../core/render-markdown.js';

export async function outputLinks(workspace: string, blobBase: string, paths: string[]): Promise<Links> {
  const shas = new Map<string, string>();
  for (const p of paths) {
    const res = await git(['log', '-1', '--format=%H', '--', p], { cwd: workspace, allowFail: true });
    const sha = res.stdout.trim();
    if (res.code === 0 && sha) shas.set(p, sha);
  }
  const encode = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  return { file: (p) => `${blobBase}/${shas.get(p) ?? 'HEAD'}/${encode(p)}` };
}
