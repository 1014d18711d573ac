// A worker of `gameanim export` over many files: it reads the model once, then exports the units the
// main thread sends (one package, or one animation, of an IFP file or an IMG entry) and writes each
// under the write rule. Messages: { unit } in, { done, out, animations, warnings } or { error } out.
import { parentPort, workerData } from 'node:worker_threads';
import type { ExportUnit } from './commands/export-batch.js';
import { readModel, unitClips } from './commands/export-batch.js';
import { writeOutput } from './outputs.js';

const { modelPath, zUp, force, fps } = workerData as { modelPath: string; zUp: boolean; force: boolean; fps?: number };
const gltf = await import('gameanim/gltf');
const model = readModel(modelPath);

parentPort!.on('message', async (unit: ExportUnit) => {
  try {
    const clips = unitClips(unit);
    const { glb, warnings, animations } = await gltf.exportGltf({ model, clips, axes: zUp ? 'game' : 'y-up', resampleRate: fps });
    writeOutput(unit.out, glb!, { force, inputs: [modelPath, unit.source] });
    // The count written, never the count asked for: a clip that drives nothing is left out.
    parentPort!.postMessage({ done: true, out: unit.out, animations: animations.length, warnings: warnings.map((w) => w.code) });
  } catch (error) {
    parentPort!.postMessage({ done: false, out: unit.out, error: (error as Error).message });
  }
});
parentPort!.postMessage({ ready: true });
