import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  workspaceGit
} from "./chunk-2RH4ER7E.js";
import "./chunk-27FUKKN2.js";
export {
  workspaceGit
};
