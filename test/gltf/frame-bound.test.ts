// glTF export of frame-bound models (GTA III peds) and of object clips without a model: each rigid
// part a mesh node under its frame's animated node, textured, 0 validator errors, and the count of
// animations reported is the count written.
import { type Document, WebIO, type Node } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { exportGltf } from '../../src/gltf/index.js';
import { DFFReader, IFPReader, TXDReader } from '../../src/index.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';
import { validatorErrors } from '../helpers/gltf.js';

const skinTexture = { name: 'tinyskin', width: 2, height: 2, hasAlpha: false, rgba: () => new Uint8Array(16).fill(200) };

async function read(glb: Uint8Array): Promise<Document> {
  return new WebIO().readBinary(glb);
}

/** Every mesh node's parent is a node that an animation channel targets. */
function meshParentsAnimated(doc: Document): { meshes: number; underAnimated: number } {
  const animated = new Set<Node>(
    doc
      .getRoot()
      .listAnimations()
      .flatMap((a) => a.listChannels().map((c) => c.getTargetNode()!)),
  );
  const meshNodes = doc
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh());
  const parentOf = (node: Node) =>
    doc
      .getRoot()
      .listNodes()
      .find((n) => n.listChildren().includes(node));
  return { meshes: meshNodes.length, underAnimated: meshNodes.filter((n) => animated.has(parentOf(n)!)).length };
}

describe('glTF export of a frame-bound model (fixture)', () => {
  const model = new DFFReader(fixture('dff-rigid-ped.dff'));
  const clips = new IFPReader(fixture('anpk-gta3.ifp')).animations;

  it('each rigid part is a textured mesh node under its frame node; translations written as the frame position plus the offset', async () => {
    const { glb, animations, warnings } = await exportGltf({ model, clips, textures: [skinTexture] });
    expect(animations).toEqual(['run_civi']);
    expect(warnings.map((w) => w.code)).toEqual(['normalised-rotations']); // the fixture's keys are off unit length on purpose
    expect(await validatorErrors(glb!)).toEqual([]);
    const doc = await read(glb!);
    const meshNodes = doc
      .getRoot()
      .listNodes()
      .filter((n) => n.getMesh());
    expect(meshNodes.map((n) => n.getName())).toEqual(['Swaist mesh', 'storso mesh', 'Shead mesh', 'Supperlegl mesh', 'slowerlegl mesh']);
    expect(
      doc
        .getRoot()
        .listMaterials()
        .every((m) => m.getBaseColorTexture()),
    ).toBe(true);
    // Swaist and Shead are animated here: their parts hang under them.
    expect(meshParentsAnimated(doc).underAnimated).toBe(2);
    const waist = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'Swaist')!;
    const channel = doc
      .getRoot()
      .listAnimations()[0]!
      .listChannels()
      .find((c) => c.getTargetNode() === waist && c.getTargetPath() === 'translation')!;
    const written = channel.getSampler()!.getOutput()!.getArray()!;
    const track = clips[0]!.tracks[0]!.translations!;
    const rest = model.skeleton!.restTranslations.subarray(3, 6);
    expect(Array.from(written.slice(0, 3))).toEqual(Array.from(track.subarray(0, 3), (v, c) => Math.fround(v + rest[c]!)));
  });
});

describe('glTF export of GTA III peds and SA object clips (real files)', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const ped = new IFPReader(sample('iii_pcanims_ped_anpk.ifp'));

  it('gang01 with its TXD and walk/run/idle: 0 validator errors, textured, every mesh node a child of an animated node', async () => {
    const model = new DFFReader(sample('iii/gang01.dff'));
    const clips = ['walk_player', 'run_player', 'idle_stance'].map((name) => ped.getAnimation(name)!);
    const { glb, animations } = await exportGltf({ model, clips, textures: new TXDReader(sample('iii/gang01.txd')).textures });
    expect(animations).toEqual(['walk_player', 'run_player', 'idle_stance']);
    expect(await validatorErrors(glb!)).toEqual([]);
    const doc = await read(glb!);
    expect(doc.getRoot().listTextures().length).toBe(1);
    expect(
      doc
        .getRoot()
        .listMaterials()
        .every((m) => m.getBaseColorTexture()),
    ).toBe(true);
    expect(meshParentsAnimated(doc)).toEqual({ meshes: 16, underAnimated: 16 });
  });

  it("every clip of III's ped.ifp on player.dff: the animations reported are the ones written (the 6 skinned-ped clips are left out)", async () => {
    const model = new DFFReader(sample('iii/player.dff'));
    const { glb, animations, warnings } = await exportGltf({ model, clips: ped.animations });
    expect(animations.length).toBe(230);
    expect((await read(glb!)).getRoot().listAnimations().length).toBe(animations.length);
    expect(warnings.find((w) => w.code === 'skipped-clips')!.message).toMatch(/^6 clips/);
  });

  it('an SA object file without a model: every clip on nodes named after its tracks', async () => {
    const clips = new IFPReader(sample('sa_vegasn_anp3.ifp')).animations;
    const { glb, animations } = await exportGltf({ clips });
    expect(animations.length).toBe(6);
    expect(await validatorErrors(glb!)).toEqual([]);
    const doc = await read(glb!);
    expect(doc.getRoot().listAnimations().length).toBe(6);
    const targets = new Set(
      doc
        .getRoot()
        .listAnimations()
        .flatMap((a) => a.listChannels().map((c) => c.getTargetNode()!.getName())),
    );
    expect([...targets].sort()).toEqual(clips.map((clip) => clip.tracks[0]!.boneName).sort());
  });
});
