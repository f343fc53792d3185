// Which release this is. The bundler replaces __SEQUENCER_VERSION__ with package.json's version
// (scripts/build.mjs); code run from source (the tests) is "0.0.0-source". The commit is not
// compiled in: dist/ is committed and must be what a clean checkout builds, and a bundle that
// named its own commit would change with every commit. Where the commit comes from instead is
// src/core/render/version-line.ts.
declare const __SEQUENCER_VERSION__: string | undefined;

export const VERSION: string = typeof __SEQUENCER_VERSION__ === 'string' ? __SEQUENCER_VERSION__ : '0.0.0-source';
