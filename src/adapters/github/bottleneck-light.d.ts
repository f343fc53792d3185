// bottleneck ships types for its main entry only; the light build (no Redis clustering) is the
// one @octokit/plugin-throttling bundles, so we use the same class without a second copy.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
