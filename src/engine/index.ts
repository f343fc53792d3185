// The engine's public entry: one tick of a plan, the ports and settings it runs with, and what
// it reports. The modules beside this one are its parts.
export { tick } from './tick.js';
export type { EngineConfig, EngineDeps, TickOutcome, TickResult } from './types.js';
