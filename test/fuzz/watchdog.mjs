// A watchdog for the fuzz properties. A decode runs synchronously, so a real hang would never return
// to the harness that times it: the suite would hang with it. This worker thread watches a clock the
// harness sets before each case. When a case overruns, it saves the input to fixtures/regressions/,
// says which format and how long, and kills the test process: the run fails instead of hanging.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

const DATA_BYTES = 16 << 20;
// The format's name travels as UTF-8 bytes, whatever the harness calls it: no list of formats here to
// keep in step with the registry.
const NAME_BYTES = 64;
// Int32 slots: [armed (0/1), input length, name length]; Float64 slots 2 and 3: deadline (ms since
// epoch) and the limit it was set from (for the message); then the name's bytes.
const NAME_AT = 32;
const control = new SharedArrayBuffer(NAME_AT + NAME_BYTES);
const data = new SharedArrayBuffer(DATA_BYTES);
const flags = new Int32Array(control, 0, 3);
const deadline = new Float64Array(control, 16, 2);
const name = new Uint8Array(control, NAME_AT, NAME_BYTES);
const utf8 = new TextEncoder();

/** @type {Worker | undefined} */
let worker;

function start() {
  const regressions = process.env['FUZZ_REGRESSIONS_DIR'] ?? fileURLToPath(new URL('../../fixtures/regressions/', import.meta.url));
  worker = new Worker(new URL('./watchdog-worker.cjs', import.meta.url), {
    workerData: { control, data, nameAt: NAME_AT, nameBytes: NAME_BYTES, regressions },
  });
  worker.unref();
}

/**
 * Starts the clock for one case: the input is kept where the watchdog can save it.
 * @param {string} format
 * @param {Uint8Array} bytes
 * @param {number} limitMs
 */
export function arm(format, bytes, limitMs) {
  if (!worker) start();
  new Uint8Array(data).set(bytes.subarray(0, DATA_BYTES));
  flags[1] = bytes.length;
  flags[2] = utf8.encodeInto(format, name).written;
  deadline[0] = Date.now() + limitMs;
  deadline[1] = limitMs;
  Atomics.store(flags, 0, 1);
  Atomics.notify(flags, 0);
}

export function disarm() {
  Atomics.store(flags, 0, 0);
}
