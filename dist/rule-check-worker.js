import {
  runTextCheck
} from "./chunks/chunk-IYAFPMAX.js";
import "./chunks/chunk-X26RSK32.js";
import "./chunks/chunk-JRKLLSI7.js";
import "./chunks/chunk-UZTB5BNK.js";
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
