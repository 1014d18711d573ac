import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SpriteAnimReader, SpriteScriptRunner, writeSpriteAnim, type SpriteAnimDoc } from '../../src/index.js';
import { applyAll, mutations, spriteDocs } from './arbitraries.js';
import { animFields } from './fields.js';
import { fuzzOptions, survives } from './harness.js';
import { runAllScripts } from './run-scripts.js';

const strip = (reader: SpriteAnimReader): SpriteAnimDoc => ({ ...reader, sprites: reader.sprites, scripts: reader.scripts });

describe('ANIM under fuzzing', () => {
  it('round-trips arbitrary valid documents', () => {
    fc.assert(
      fc.property(spriteDocs, (doc) => {
        const bytes = writeSpriteAnim(doc);
        const reader = new SpriteAnimReader(bytes);
        expect(reader.scripts.map((s) => s.instructions.map((i) => [i.time, i.opcode, i.args]))).toEqual(
          doc.scripts.map((s) =>
            s.instructions.map((i) => [
              i.time,
              i.opcode,
              i.args.map((a) => (typeof a === 'number' && !Number.isInteger(a) ? Math.fround(a) : a)),
            ]),
          ),
        );
        expect(Buffer.from(writeSpriteAnim(strip(reader))).equals(Buffer.from(bytes))).toBe(true);
      }),
      fuzzOptions(300),
    );
  });

  it('reads mutated files, and runs what it reads, or throws a DecodeError', () => {
    const cases = spriteDocs.chain((doc) => {
      const bytes = writeSpriteAnim(doc);
      return fc.tuple(
        fc.constant(bytes),
        fc.array(mutations(animFields(bytes)), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('offset', 'index' as const),
      );
    });
    fc.assert(
      fc.property(cases, ([bytes, list, jumpMode]) => {
        survives('ANIM', applyAll(bytes, list), (mutated) =>
          runAllScripts(new SpriteAnimReader(mutated, { jumpMode: jumpMode as 'offset' }), 60, 1),
        );
      }),
      fuzzOptions(2000),
    );
  });

  it('runs adversarial scripts (NaN and infinite floats, durations 0 and 2^32-1, jump loops) without hanging', () => {
    fc.assert(
      fc.property(
        spriteDocs,
        fc.array(fc.constantFrom(Number.NaN, Infinity, -Infinity, 3.4e38, -0), { minLength: 1, maxLength: 4 }),
        (doc, specials) => {
          // Poison the float arguments with specials, then run every script for 120 frames.
          let k = 0;
          const poisoned = {
            ...doc,
            scripts: doc.scripts.map((s) => ({
              ...s,
              instructions: s.instructions.map((i) => ({
                ...i,
                args: i.args.map((a) => (Number.isInteger(a) ? a : specials[k++ % specials.length]!)),
              })),
            })),
          };
          survives('ANIM', writeSpriteAnim(poisoned), (bytes) => runAllScripts(new SpriteAnimReader(bytes), 120, 2));
        },
      ),
      fuzzOptions(500),
    );
  });
});

describe('the script runner, adversarial cases', () => {
  const file = (instructions: SpriteAnimDoc['scripts'][number]['instructions']) =>
    new SpriteAnimReader(
      writeSpriteAnim({ width: 1, height: 1, texturePath: null, alphaPath: null, sprites: [], scripts: [{ id: 0, instructions }] }),
    );

  it('a JUMP to itself is cut at the step limit each frame', () => {
    const runner = new SpriteScriptRunner(
      file([
        { time: 0, name: 'JUMP', args: [0] },
        { time: 0, name: 'STOP', args: [] },
      ]),
      0,
      { maxStepsPerFrame: 50 },
    );
    for (let f = 0; f < 100; f++) runner.step();
    expect(runner.warnings.map((w) => w.code)).toEqual(['step-limit']);
    expect(runner.finished).toBe(false);
  });

  it('thousands of labels: interrupts find theirs at once', () => {
    const labels = Array.from({ length: 5000 }, (_, k) => ({ time: k % 60, name: 'INTERRUPT_LABEL', args: [k] }));
    const runner = new SpriteScriptRunner(file([{ time: 0, name: 'PAUSE', args: [] }, ...labels, { time: 60, name: 'STOP', args: [] }]), 0);
    for (const label of [4999, 0, 2500, 77]) {
      expect(runner.interrupt(label)).toBe(true);
      expect(runner.frame).toBe(label % 60);
    }
  });

  it('durations of 0 and 2^32-1, and NaN targets, stay reported', () => {
    const reader = file([
      { time: 0, name: 'MOVE_TO', args: [5, 5, 5, 0, 0] },
      { time: 0, name: 'FADE', args: [0, 2 ** 32 - 1, 0] },
      { time: 1, name: 'SCALE_TO', args: [Number.NaN, 1, 10, 3] },
      { time: 100, name: 'STOP', args: [] },
    ]);
    const runner = new SpriteScriptRunner(reader, 0);
    expect(runner.state.offset).toEqual([5, 5, 5]);
    for (let f = 0; f < 50; f++) runner.step();
    expect(runner.state.alpha).toBeGreaterThan(254.99);
    expect(runner.state.alpha).toBeLessThan(255);
    expect(runner.warnings.map((w) => w.code)).toEqual(['non-finite-state']);
    expect(runner.warnings[0]!.message).toMatch(/scale is not finite/);
  });

  it('a missing script id is API misuse: a RangeError, as everywhere', () => {
    expect(() => new SpriteScriptRunner(file([{ time: 0, name: 'STOP', args: [] }]), 9)).toThrow(RangeError);
  });
});
