/**
 * Worker entry: decode the cities and pack the index, then post it (typed arrays
 * transferred, strings copied). Loaded by gazetteer.ts through tsx's CommonJS API.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { decodeCities } from './decode-cities';
import { packIndex } from './packed-index';

// The file comes from the parent: this module may run as CommonJS (no import.meta here).
const packed = packIndex(decodeCities(readFileSync((workerData as { file: string }).file)));
const buffers = [packed.keyAt, packed.nameAt, packed.ids, packed.pop, packed.lat, packed.lon].map((a) => a.buffer as ArrayBuffer);
parentPort?.postMessage(packed, buffers);
