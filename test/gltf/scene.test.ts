// A cutscene as one glTF (issue #46 point 3): each model plays the animation named after it, on one
// timeline, textured with its .txd; an object without a clip stands at rest, named in a note. The
// fixture: a cutscene IFP of three objects over models of three skeletons, made by the project's writers.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebIO, type Node } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, sampleClip, writeTXD, type TextureDictionaryData } from '../../src/index.js';
import { txdOneTexture } from '../../scripts/fixture-specs.mjs';
import { fixture } from '../helpers/files.js';
import { validatorErrors } from '../helpers/gltf.js';
import { blenderScript, blenderVersion, BLENDER } from '../helpers/blender.js';
import { itWith } from '../helpers/needs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gameanim = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** The scene's files in a folder, each model named after its object as a cutscene names them; csprop has no clip. */
function sceneFolder(): { dir: string; models: string[]; txd: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gameanim-scene-'));
  const objects: Record<string, string> = {
    csped: 'dff-ped-5bone.dff',
    csgta3: 'dff-skinned-gta3.dff',
    csrigid: 'dff-rigid-ped.dff',
    csprop: 'dff-prop.dff',
  };
  const models = Object.entries(objects).map(([name, file]) => {
    copyFileSync(join(root, 'fixtures', file), join(dir, `${name}.dff`));
    return join(dir, `${name}.dff`);
  });
  // The rigid ped's parts name the texture 'tinyskin'.
  const doc = txdOneTexture as unknown as TextureDictionaryData;
  const txd = join(dir, 'csrigid.txd');
  writeFileSync(txd, writeTXD({ ...doc, textures: [{ ...doc.textures[0]!, name: 'tinyskin' }] }));
  return { dir, models, txd };
}

const cutscene = join(root, 'fixtures/anpk-cutscene.ifp');

describe('export --scene', () => {
  const { dir, models, txd } = sceneFolder();
  const glb = join(dir, 'scene.glb');
  const run = gameanim('export', '--scene', cutscene, ...models, txd, '-o', glb, '--json');

  it('writes one glTF the validator passes, each object playing its animation on one timeline, csprop at rest and named', async () => {
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.objects).toEqual([
      { name: 'csped', clip: 'csped' },
      { name: 'csgta3', clip: 'csgta3' },
      { name: 'csrigid', clip: 'csrigid' },
      { name: 'csprop', clip: null },
    ]);
    expect(report.animated).toEqual(['csped', 'csgta3', 'csrigid']);
    expect(report.warnings).toContainEqual({
      code: 'objects-at-rest',
      message: 'an object has no clip that moves it and is shown at rest: csprop',
    });
    const bytes = new Uint8Array(readFileSync(glb));
    expect(await validatorErrors(bytes)).toEqual([]);
    const doc = await new WebIO().readBinary(bytes);
    const [animation, ...more] = doc.getRoot().listAnimations();
    expect(more).toHaveLength(0);
    expect(animation!.getName()).toBe('anpk-cutscene');
    // Every channel's node under the object it belongs to: 4 channels each (a translated root, two rotations).
    const objectOf = (node: Node | null): string => {
      for (let at = node; at; at = at.getParentNode()) if (at.getName().startsWith('cs')) return at.getName();
      return '';
    };
    const perObject = new Map<string, number>();
    for (const channel of animation!.listChannels())
      perObject.set(objectOf(channel.getTargetNode()), (perObject.get(objectOf(channel.getTargetNode())) ?? 0) + 1);
    expect(Object.fromEntries(perObject)).toEqual({ csped: 4, csgta3: 4, csrigid: 4 });
    // One timeline: every clip runs 0 to 2 s.
    const ends = animation!.listSamplers().map((sampler) => sampler.getInput()!.getMax([0])[0]);
    expect(new Set(ends)).toEqual(new Set([2]));
    expect(
      doc
        .getRoot()
        .listTextures()
        .map((texture) => texture.getName()),
    ).toEqual(['tinyskin']);
    // Each object is one rig: a skin of its bones (meshes or not).
    expect(doc.getRoot().listSkins()).toHaveLength(4);
  });

  it("each object's keys are its clip bound to its model: csgta3's Shead at 1 s as sampled", async () => {
    const doc = await new WebIO().readBinary(new Uint8Array(readFileSync(glb)));
    const animation = doc.getRoot().listAnimations()[0]!;
    const skeleton = new DFFReader(fixture('dff-skinned-gta3.dff')).skeleton!;
    const clip = new IFPReader(fixture('anpk-cutscene.ifp')).getAnimation('csgta3')!;
    const pose = createPose(skeleton);
    sampleClip(bindClip(clip, skeleton), 1, pose);
    const head = skeleton.indexOf('Shead');
    const channel = animation
      .listChannels()
      .find(
        (c) =>
          c.getTargetNode()!.getName() === 'Shead' &&
          c.getTargetPath() === 'rotation' &&
          c.getTargetNode()!.getParentNode()?.getParentNode()?.getParentNode()?.getName() !== 'csrigid',
      )!;
    const sampler = channel.getSampler()!;
    const times = Array.from(sampler.getInput()!.getArray()!);
    const at = times.indexOf(1);
    const key = Array.from(
      sampler
        .getOutput()!
        .getArray()!
        .slice(4 * at, 4 * at + 4),
    );
    key.forEach((value, c) => expect(value).toBeCloseTo(pose.rotations[4 * head + c]!, 6));
  });

  it('names what is wrong in one line: no models, a dictionary of no model, a flag it does not take', () => {
    expect(gameanim('export', '--scene', cutscene, '-o', join(dir, 'x.glb')).code).toBe(2);
    const stray = gameanim('export', '--scene', cutscene, models[0]!, txd.replace('csrigid', 'nobody'), '-o', join(dir, 'y.glb'));
    expect(stray.code).toBe(1);
    const anim = gameanim('export', '--scene', cutscene, models[0]!, '--anim', 'csped', '-o', join(dir, 'z.glb'));
    expect(anim.code).toBe(2);
    expect(anim.stderr.split('\n')[0]).toMatch(/export --scene plays each model on the animation of its name/);
  });

  itWith([BLENDER])(`Blender at its default import opens it with one action per object (${blenderVersion})`, () => {
    expect(run.code, run.stderr).toBe(0);
    const line = blenderScript('test/gltf/blender-scene.py', glb)
      .split('\n')
      .find((l) => l.startsWith('SCENE '))!;
    const scene = JSON.parse(line.slice('SCENE '.length)) as {
      animated: Record<string, { type: string; action: string }>;
      actions: string[];
      armatures: string[];
    };
    console.log(`Blender: ${JSON.stringify(scene)}`);
    expect(scene.armatures).toHaveLength(4);
    expect(Object.values(scene.animated).map((object) => object.type)).toEqual(['ARMATURE', 'ARMATURE', 'ARMATURE']);
    expect(scene.actions).toHaveLength(3);
  });
});
