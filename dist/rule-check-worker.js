import {
  runTextCheck
} from "./chunks/chunk-VZJ5KI2F.js";
import "./chunks/chunk-JRKLLSI7.js";
import "./chunks/chunk-LKZZV6XG.js";
import "./chunks/chunk-BW4A33EZ.js";
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
