// Which code this is. The bundler replaces __SEQUENCER_BUILD_ID__ with a digest of src/ (see
// scripts/build.mjs); code run from source (the tests) is "source". A record that this build
// wrote a state file vouches for the file only to the same build: another build may validate
// or normalize differently.
declare const __SEQUENCER_BUILD_ID__: string | undefined;

export const BUILD_ID: string = typeof __SEQUENCER_BUILD_ID__ === 'string' ? __SEQUENCER_BUILD_ID__ : 'source';
