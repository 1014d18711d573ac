// Key times as the source has them, and only real clips: a glTF whose first key is at 1/30 s keeps it
// there (the duration exact); several animations become several, named after them; an animation with
// keys at one instant (Mixamo FBX's empty "Take 001", a one-frame "T-Pose") is skipped with a note.
import { WebIO } from '@gltf-transform/core';
import { expect, it } from 'vitest';
import { DFFReader, IFPReader, writeIFP } from '../../src/index.js';
import { retarget, RetargetError } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { foreignRig } from './foreign-rigs.js';

describeWith([SAMPLES], `retarget takes and key times (samples at ${samplesDir})`, () => {
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
  const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;

  it('a first key at 1/30 s stays at 1/30 s; a second animation is a second animation; a 0 s take is skipped with a note', async () => {
    const io = new WebIO();
    const doc = await io.readBinary(await foreignRig(skeleton, walk, { names: 'mixamo', pose: 'tpose', scale: 100, rate: 30 }));
    const [first] = doc.getRoot().listAnimations();
    // The clip shifted one 30 Hz frame later, as some exporters write it.
    const input = first!.listSamplers()[0]!.getInput()!;
    input.setArray(Float32Array.from(input.getArray()! as Float32Array, (t) => t + 1 / 30));
    // A second take: the same keys, named apart; an empty take: one key at 0 s on the hips.
    const second = doc.createAnimation('second');
    for (const channel of first!.listChannels()) {
      const sampler = doc
        .createAnimationSampler()
        .setInput(
          doc
            .createAccessor()
            .setType('SCALAR')
            .setArray(Float32Array.from(input.getArray()! as Float32Array, (t) => t - 1 / 30)),
        )
        .setOutput(channel.getSampler()!.getOutput()!);
      second
        .addSampler(sampler)
        .addChannel(
          doc.createAnimationChannel().setTargetNode(channel.getTargetNode()).setTargetPath(channel.getTargetPath()!).setSampler(sampler),
        );
    }
    const empty = doc.createAnimation('Take 001');
    const one = doc
      .createAnimationSampler()
      .setInput(
        doc
          .createAccessor()
          .setType('SCALAR')
          .setArray(new Float32Array([0])),
      )
      .setOutput(
        doc
          .createAccessor()
          .setType('VEC4')
          .setArray(new Float32Array([0, 0, 0, 1])),
      );
    const hips = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'mixamorig:Hips')!;
    empty.addSampler(one).addChannel(doc.createAnimationChannel().setTargetNode(hips).setTargetPath('rotation').setSampler(one));
    const result = await retarget(await io.writeBinary(doc), { skeleton });
    expect(result.report).toContain('"Take 001": keys at one instant only (0 s): skipped');
    const animations = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations;
    expect(animations.map((a) => a.name)).toEqual(['WALK_player', 'second']);
    const [shifted, plain] = animations as [(typeof animations)[0], (typeof animations)[0]];
    expect(shifted.bones.every((b) => Math.abs(b.times[0]! - 2 / 60) < 1e-6)).toBe(true);
    expect(Math.abs(shifted.duration - (walk.duration + 1 / 30))).toBeLessThan(0.001);
    expect(plain.bones.every((b) => b.times[0] === 0)).toBe(true);
    expect(Math.abs(plain.duration - walk.duration)).toBeLessThan(0.001);
    expect(result.quality.map((q) => [q.animation, q.warnings])).toEqual([
      ['WALK_player', []],
      ['second', []],
    ]);
  });

  it('a source whose every take is 0 s is no-animation, naming the takes', async () => {
    const io = new WebIO();
    const doc = await io.readBinary(await foreignRig(skeleton, walk, { names: 'mixamo', pose: 'tpose', scale: 100, rate: 30 }));
    const [animation] = doc.getRoot().listAnimations();
    const input = animation!.listSamplers()[0]!.getInput()!;
    input.setArray(new Float32Array(input.getCount()).fill(0.5));
    const error = await retarget(await io.writeBinary(doc), { skeleton }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetargetError);
    expect(error).toMatchObject({
      code: 'no-animation',
      message: 'the source has no animation with keys over time ("WALK_player": keys at one instant only (0 s): skipped)',
    });
  });
});
