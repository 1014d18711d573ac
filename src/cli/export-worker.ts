// A worker of `gameanim export` over many files: it reads the model once, then exports the units the
// main thread sends (src/cli/export-unit.ts). Messages (src/cli/worker-pool.ts): ready once, then a unit in, its result out.
import { parentPort, workerData } from 'node:worker_threads';
import { unitExporter, type BatchSettings, type ExportUnit, type UnitResult } from './export-unit.js';
import type { WorkerMessage } from './worker-pool.js';

const exportUnit = await unitExporter(workerData as BatchSettings);
const post = (message: WorkerMessage<UnitResult>) => parentPort!.postMessage(message);
parentPort!.on('message', async (unit: ExportUnit) => post({ kind: 'result', result: await exportUnit(unit) }));
post({ kind: 'ready' });
