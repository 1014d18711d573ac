import { describe, expect, it } from 'vitest';
import { SpriteAnimReader, SpriteScriptRunner, writeSpriteAnim, type SpriteState } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const reader = new SpriteAnimReader(fixture('sprites-all-opcodes.anim'));

/** Runs a script, returning deep copies of the state at the frames asked for (by step count). */
function trace(scriptId: number, at: number[], frames = 600, seed = 0) {
  const runner = new SpriteScriptRunner(reader, scriptId, { seed });
  const states = new Map<number, SpriteState & { frame: number; finished: boolean; paused: boolean }>();
  const keep = (step: number) => {
    if (at.includes(step))
      states.set(step, { ...structuredClone(runner.state), frame: runner.frame, finished: runner.finished, paused: runner.paused });
  };
  keep(0);
  for (let step = 1; step <= frames; step++) {
    runner.step();
    keep(step);
  }
  return { runner, states };
}

describe('SpriteScriptRunner', () => {
  it('runs every script of every fixture for 600 frames: never throws, state stays finite', () => {
    for (const name of ['sprites-all-opcodes.anim', 'sprites-no-paths.anim']) {
      const file = new SpriteAnimReader(fixture(name));
      for (const script of file.scripts) {
        const runner = new SpriteScriptRunner(file, script.id, { seed: 7 });
        for (let f = 0; f < 600; f++) runner.step();
        const { offset, scale, rotation, alpha, scroll } = runner.state;
        expect([...offset, ...scale, ...rotation, alpha, ...scroll].every(Number.isFinite), `${name} script ${script.id}`).toBe(true);
      }
    }
  });

  it('starts from the documented defaults and runs its first frame at once', () => {
    const runner = new SpriteScriptRunner(reader, 3);
    const { interpolations, ...state } = runner.state;
    expect(state).toEqual({
      sprite: -1,
      offset: [0, 0, 0],
      scale: [1, 1],
      rotation: [0, 0, 0],
      color: [255, 255, 255],
      alpha: 255,
      visible: true,
      blendMode: 1,
      scroll: [0, 0],
      flipX: false,
      flipY: false,
      anchorTopLeft: false,
      zWrite: false,
      speeds: { offset: [0, 0, 0], scale: [0, 0], rotation: [0, 0, 0], scroll: [0, 0] },
    });
    expect(interpolations.alpha).toEqual({ from: [255], to: [0], elapsed: 0, duration: 60, mode: 4 }); // the t=0 FADE already ran
    expect([runner.frame, runner.finished, runner.paused]).toEqual([0, false, false]);
  });

  it('FADE half-way: linear gives the mid value, quad-in a quarter of the way', () => {
    const linear = trace(2, [30, 60, 100]).states;
    expect(linear.get(30)!.alpha).toBe(127.5);
    expect(linear.get(60)!.alpha).toBe(0);
    expect(linear.get(100)!.alpha).toBe(0);
    const quad = trace(3, [15, 30]).states;
    expect(quad.get(30)!.alpha).toBe(255 - 255 * 0.25);
    expect(quad.get(15)!.alpha).toBe(255 - 255 * 0.0625);
  });

  it('MOVE_TO reaches its end point and stays there', () => {
    const { states } = trace(4, [15, 30, 45]);
    expect(states.get(15)!.offset).toEqual([50, 25, 0]);
    expect(states.get(30)!.offset).toEqual([100, 50, 0]);
    expect(states.get(30)!.interpolations.offset).toBeUndefined();
    expect(states.get(45)!.offset).toEqual([100, 50, 0]);
  });

  it('accumulates speeds every frame until STOP, then freezes', () => {
    const { states, runner } = trace(5, [10, 100, 200]);
    const ten = states.get(10)!;
    expect([ten.offset, ten.scale, ten.rotation, ten.scroll]).toEqual([
      [10, 20, 0],
      [6, 1],
      [0, 0, 2.5],
      [5, 0],
    ]);
    expect(states.get(100)!.offset).toEqual([100, 200, 0]);
    expect(states.get(100)!.finished).toBe(true);
    expect(states.get(200)!.offset).toEqual([100, 200, 0]);
    expect(runner.step()).toBe(false);
  });

  it('PAUSE freezes the clock until interrupt(label), which resumes at the label and shows the sprite', () => {
    const runner = new SpriteScriptRunner(reader, 7);
    for (let f = 0; f < 20; f++) runner.step();
    expect([runner.frame, runner.paused, runner.state.visible, runner.state.sprite]).toEqual([5, true, false, 0]);
    expect(runner.interrupt(99)).toBe(false); // neither label 99 nor -1: nothing happens
    expect(runner.paused).toBe(true);
    expect(runner.interrupt(7)).toBe(true);
    expect([runner.frame, runner.paused, runner.state.visible, runner.state.sprite]).toEqual([5, false, true, 3]);
    let steps = 0;
    while (runner.step()) steps++;
    expect([runner.frame, steps]).toEqual([40, 34]);
    expect(runner.interrupt(7)).toBe(false); // a stopped script is not restarted
  });

  it('falls back to label -1 when the label is absent', () => {
    const runner = new SpriteScriptRunner(reader, 10);
    expect(runner.paused).toBe(true);
    expect(runner.interrupt(42)).toBe(true);
    expect(runner.state.sprite).toBe(4);
  });

  it('JUMP loops: the clock returns to the target time and the sprite alternates', () => {
    const { states, runner } = trace(6, [0, 9, 10, 19, 20, 30, 599]);
    expect([0, 9, 10, 19, 20, 30].map((f) => [states.get(f)!.sprite, states.get(f)!.frame])).toEqual([
      [1, 0],
      [1, 9],
      [2, 10],
      [2, 19],
      [1, 0],
      [2, 10],
    ]);
    expect(runner.finished).toBe(false);
  });

  it('STOP ends the run: step() returns false from then on', () => {
    const runner = new SpriteScriptRunner(reader, 2);
    let steps = 0;
    while (runner.step()) steps++;
    expect([runner.finished, runner.frame, steps]).toEqual([true, 120, 119]);
    expect(runner.step()).toBe(false);
  });

  it('cuts a same-time jump loop at maxStepsPerFrame and warns, without hanging', () => {
    const runner = new SpriteScriptRunner(reader, 8, { maxStepsPerFrame: 100 });
    for (let f = 0; f < 600; f++) runner.step();
    expect(runner.warnings).toEqual([
      { code: 'step-limit', offset: 0, message: expect.stringMatching(/ran 100 instructions without the clock moving on.*\(601 times\)/) },
    ]);
  });

  it('SET_RANDOM_SPRITE is reproducible from the seed and stays in [min, min + amp]', () => {
    const sprites = (seed: number) => {
      const runner = new SpriteScriptRunner(reader, 9, { seed });
      return Array.from({ length: 200 }, () => (runner.step(), runner.state.sprite));
    };
    expect(sprites(1)).toEqual(sprites(1));
    expect(sprites(1)).not.toEqual(sprites(2));
    expect(new Set(sprites(3))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('in index jump mode clamps a JUMP to the last instruction, as the reference engine does', () => {
    const bytes = writeSpriteAnim({
      width: 1,
      height: 1,
      texturePath: null,
      alphaPath: null,
      sprites: [],
      scripts: [
        {
          id: 0,
          instructions: [
            { time: 0, name: 'SET_SPRITE', args: [5] },
            { time: 1, name: 'JUMP', args: [1000] },
            { time: 2, name: 'STOP', args: [] },
          ],
        },
      ],
    });
    const indexed = new SpriteAnimReader(bytes, { jumpMode: 'index' });
    const runner = new SpriteScriptRunner(indexed, 0);
    runner.step();
    expect([runner.finished, runner.frame]).toEqual([true, 2]); // landed on STOP (clock set to its time)
  });

  it('throws a RangeError (API misuse) for a script id the file does not have', () => {
    expect(() => new SpriteScriptRunner(reader, 1234)).toThrow(/no script with id 1234/);
    expect(() => new SpriteScriptRunner(reader, 1234)).toThrow(RangeError);
  });
});
