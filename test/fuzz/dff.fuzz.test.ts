import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DFFReader, writeDFF } from '../../src/index.js';
import { sample, SAMPLES } from '../helpers/files.js';
import { applyAll, dffDocs, mutatedFiles, mutations } from './arbitraries.js';
import { dffFields, dffGeometryFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';
import { itWith } from '../helpers/needs.js';

/** Everything a reader hands out, touched. */
function readAll(bytes: Uint8Array): void {
  const reader = new DFFReader(bytes);
  const skeleton = reader.skeleton;
  if (skeleton) {
    for (let bone = 0; bone < skeleton.boneCount; bone++) skeleton.indexOf(skeleton.names[bone]!);
    if (!skeleton.restRotations.every((v) => Number.isFinite(v))) throw new Error('non-finite rest rotation from finite frames');
  }
  reader.frameSkeleton();
  for (const geometry of reader.geometries) {
    if (geometry.indices.some((i) => i >= geometry.vertexCount)) throw new Error('an index past the vertices');
    if (geometry.positions.length !== 3 * geometry.vertexCount) throw new Error('positions of the wrong length');
  }
}

describe('DFF under fuzzing', () => {
  it('round-trips generated skeletons through writeDFF', () => {
    fc.assert(
      fc.property(dffDocs, (doc) => {
        const reader = new DFFReader(writeDFF(doc));
        const nodes = doc.hierarchy!.nodes;
        // Generated bind matrices are unrelated to the frames: the only warnings say so.
        expect(reader.warnings.filter((w) => w.code !== 'frames-disagree-with-skin' && w.code !== 'scaled-bind-matrix')).toEqual([]);
        expect(reader.frames.map((f) => f.name)).toEqual(doc.frames.map((f) => f.name));
        const skeleton = reader.skeleton!;
        expect(Array.from(skeleton.ids)).toEqual(nodes.map((n) => n.id));
        expect(Array.from(skeleton.parents)).toEqual(doc.frames.slice(1).map((f) => f.parent - 1));
        if (doc.inverseBindMatrices) {
          const expected = Array.from(doc.inverseBindMatrices, (v, k) => (k % 16 === 15 ? 1 : k % 4 === 3 ? 0 : Math.fround(v)));
          expect(Array.from(skeleton.inverseBindMatrices!)).toEqual(expected);
        } else {
          expect(skeleton.inverseBindMatrices).toBeNull();
        }
      }),
      fuzzOptions(300),
    );
  });

  it('reads mutated models or throws a DecodeError', () => {
    const cases = dffDocs.chain((doc) => {
      const bytes = writeDFF(doc);
      return fc.tuple(fc.constant(bytes), fc.array(mutations(dffFields(bytes)), { minLength: 1, maxLength: 3 }));
    });
    fc.assert(
      fc.property(cases, ([bytes, list]) => survives('DFF', applyAll(bytes, list), readAll)),
      fuzzOptions(2000),
    );
  });

  itWith([SAMPLES])(
    'reads real SA skins with mutated geometry counts, flags, Bin Mesh and Skin PLG fields, or throws a DecodeError',
    () => {
      const models = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'].map((name) =>
        sample(name),
      );
      fc.assert(
        fc.property(mutatedFiles(models, dffGeometryFields), (bytes) => survives('DFF', bytes, readAll)),
        fuzzOptions(400),
      );
    },
  );

  itWith([SAMPLES])('reads mutated real SA models or throws a DecodeError', () => {
    const models = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff'].map((name) => sample(name));
    fc.assert(
      fc.property(mutatedFiles(models, dffFields), (bytes) => survives('DFF', bytes, readAll)),
      fuzzOptions(300),
    );
  });
});
