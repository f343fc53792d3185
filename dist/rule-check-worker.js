import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  runTextCheck
} from "./chunks/chunk-V5P7V7LJ.js";
import "./chunks/chunk-JRKLLSI7.js";
import "./chunks/chunk-CIGEKA3Y.js";
import "./chunks/chunk-27FUKKN2.js";

// src/adapters/fs/rule-check-worker.ts
import { parentPort } from "node:worker_threads";
var port = parentPort;
port?.on("message", (request) => {
  runTextCheck(request.check).then(
    (result) => port.postMessage({ id: request.id, result }),
    (err) => port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) })
  );
});
