// The viewer opens models first (viewer/opening-order.ts), and the registry says what a model is: by
// magic whatever the name, and a registered format's model too, not a list of extensions.
import { describe, expect, it } from 'vitest';
import { createSkeleton, type FileFormat, register } from '../../src/index.js';
import { isModelFile, modelsFirst } from '../../viewer/opening-order.js';
import { fixture } from '../helpers/files.js';

const RIG_CODES = {} as const;

declare module '../../src/core/codes.js' {
  interface FormatCodeTables {
    RIG: typeof RIG_CODES;
  }
}

/** A made-up model format: "RIG1", one bone. */
const rigFormat: FileFormat<null, 'RIG'> = {
  name: 'RIG',
  description: 'a made-up model format',
  extensions: ['.rig'],
  codes: RIG_CODES,
  sniff: (bytes) => String.fromCharCode(...bytes.subarray(0, 4)) === 'RIG1',
  open: () => null,
  warnings: () => [],
  skeleton: () => createSkeleton({ names: ['root'], parents: [-1] }),
};

describe('modelsFirst', () => {
  it('puts the files whose entry has a skeleton and no clips first, each group in its order', () => {
    register(rigFormat);
    const files = [
      { name: 'walk.ifp', bytes: fixture('anp3-all-types.ifp') },
      { name: 'textures.txd', bytes: fixture('textures.txd') },
      { name: 'ped.dff', bytes: fixture('dff-ped-5bone.dff') },
      { name: 'clips.iff', bytes: fixture('igi2-3bone.iff') },
      { name: 'renamed.bin', bytes: fixture('dff-skinned-gta3.dff') },
      { name: 'model.mef', bytes: fixture('igi2-model.mef') },
      { name: 'plug-in', bytes: new Uint8Array([...'RIG1'].map((c) => c.charCodeAt(0))) },
    ];
    expect(modelsFirst(files).map((file) => file.name)).toEqual([
      'ped.dff',
      'renamed.bin',
      'model.mef',
      'plug-in',
      'walk.ifp',
      'textures.txd',
      'clips.iff',
    ]);
    expect(files.map((file) => isModelFile(file.name, file.bytes))).toEqual([false, false, true, false, true, true, true]);
    // No format claims it: not a model (opening it reports the problem).
    expect(isModelFile('notes.txt', new Uint8Array(8))).toBe(false);
  });
});
