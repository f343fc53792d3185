import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  runTextCheck
} from "./chunks/chunk-4Z7O3SX3.js";
import "./chunks/chunk-6BBDAKON.js";
import "./chunks/chunk-XDUK4LLW.js";
import "./chunks/chunk-PANJYNO7.js";

// src/adapters/fs/rule-check-worker.ts
import { parentPort } from "node:worker_threads";
var port = parentPort;
port?.on("message", (request) => {
  runTextCheck(request.check).then(
    (result) => port.postMessage({ id: request.id, result }),
    (err) => port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) })
  );
});
