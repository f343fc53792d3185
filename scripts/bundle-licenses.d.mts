// Types for scripts/bundle-licenses.mjs, which the build runs as plain JavaScript and the tests import.
import type { Metafile } from 'esbuild';

export declare const ALLOWED_LICENSES: readonly string[];
export declare const ALLOWED_EXTERNALS: Readonly<Record<string, string>>;
export declare const NOTICES_DIR: string;
export declare const RULE: string;

export interface Notice {
  file: string;
  text: string;
}

export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  notices: Notice[];
}

export declare function bundledPackageDirs(metafile: Pick<Metafile, 'inputs'>, root: string): string[];
export declare function unexpectedExternals(metafile: Pick<Metafile, 'outputs'>): string[];
export declare function licenseProblem(expression: unknown): string | null;
export declare function collectNotices(dirs: string[], options?: { noticesDir: string }): Promise<{ packages: BundledPackage[]; problems: string[] }>;
export declare function renderNotices(packages: BundledPackage[]): string;
