// The watchdog's own thread: see watchdog.mjs. Plain CommonJS, so it starts without the test's loader.
const { workerData } = require('node:worker_threads');
const { writeFileSync, mkdirSync } = require('node:fs');
const { createHash } = require('node:crypto');
const flags = new Int32Array(workerData.control, 0, 3);
const deadline = new Float64Array(workerData.control, 16, 2);
const data = new Uint8Array(workerData.data);
const formatName = new Uint8Array(workerData.control, workerData.nameAt, workerData.nameBytes);
for (;;) {
  Atomics.wait(flags, 0, 0, 250);
  if (Atomics.load(flags, 0) === 1 && Date.now() > deadline[0]) {
    const length = flags[1];
    const format = new TextDecoder().decode(formatName.slice(0, flags[2])).replace(/[^\w.-]/g, '_') || 'unknown';
    const bytes = data.slice(0, Math.min(length, data.length));
    const name = `${format.toLowerCase()}-hang-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.bin`;
    try {
      mkdirSync(workerData.regressions, { recursive: true });
      writeFileSync(workerData.regressions + name, bytes);
    } catch {}
    require('node:fs').writeSync(
      2,
      `\nfuzz watchdog: a ${format} case of ${length} bytes ran past its time limit of ${Math.round(deadline[1])} ms; saved as fixtures/regressions/${name}; failing the run\n`,
    );
    process.kill(process.pid, 'SIGKILL');
  }
  if (Atomics.load(flags, 0) === 0) Atomics.wait(flags, 0, 0, 1000);
}
