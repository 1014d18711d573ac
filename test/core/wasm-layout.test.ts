import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as layout from '../../src/core/wasm-layout.js';
import { scanIFP } from '../../src/ifp/scan.js';
import { KIND_INFO, TrackKind } from '../../src/ifp/track-kinds.js';
import { Field } from '../../src/ifp/track-table.js';
import type { KeyframeType, TrackData } from '../../src/ifp/types.js';
import { writeIFP } from '../../src/ifp/writer.js';

const kernelDir = new URL('../../assembly/', import.meta.url);
const kernels = readdirSync(kernelDir).filter((name) => name.endsWith('.ts'));

describe('the shared wasm layout (src/core/wasm-layout.ts)', () => {
  it('gives every track-table field its own slot in a row', () => {
    const slots = Object.values(Field).sort((a, b) => a - b);
    expect(slots).toEqual(Array.from({ length: layout.ROW_FIELDS }, (_, i) => i));
    expect(layout.ROW_BYTES).toBe(4 * layout.ROW_FIELDS);
  });

  it('is the only place a kernel takes shared numbers from', () => {
    const shared = Object.keys(layout);
    for (const name of kernels) {
      const source = readFileSync(new URL(name, kernelDir), 'utf8');
      // A kernel that declares one of the shared names itself has forked the layout.
      for (const constant of shared) expect(source, `${name} redefines ${constant}`).not.toMatch(new RegExp(`const ${constant}\\b`));
      if (/\bload<|\bstore</.test(source))
        expect(source, `${name} reads records without the layout`).toContain("from '../src/core/wasm-layout'");
    }
  });

  it("matches the writer's frame sizes, which the writer computes on its own", () => {
    const cases: [KeyframeType, boolean, TrackKind][] = [
      ['KR00', false, TrackKind.AnpFloatRot],
      ['KRT0', false, TrackKind.AnpFloatRotTrans],
      ['KR00', true, TrackKind.AnpInt16Rot],
      ['KRT0', true, TrackKind.AnpInt16RotTrans],
    ];
    const frames = 7;
    for (const [keyframeType, compressed, kind] of cases) {
      const track: TrackData = {
        boneName: 'b',
        boneId: 0,
        keyframeType,
        compressed,
        times: Float32Array.from({ length: frames }, (_, i) => i / 30),
        rotations: new Float32Array(4 * frames).fill(0.5),
        translations: keyframeType === 'KRT0' ? new Float32Array(3 * frames) : null,
        scales: null,
      };
      const bytes = writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [track] }] }], { format: 'ANP3' });
      const { table } = scanIFP(bytes, true);
      expect(table.get(0, Field.Kind)).toBe(kind);
      // The only track's frames run to the end of the file.
      expect(bytes.length - table.get(0, Field.Source)).toBe(frames * KIND_INFO[kind].frameBytes);
    }
  });
});
