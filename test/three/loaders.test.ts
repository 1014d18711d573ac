// The three.js loaders (DFFLoader, IFPLoader, TXDLoader, IMGLoader) in Node, fetching real files from a
// loopback server through three's FileLoader and a LoadingManager: the models and clips they give play
// where the library's own sampler puts every bone, and every failure reaches onError as a typed error.
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DecodeError,
  DFFReader,
  IFPReader,
  IMGArchive,
  poseToMatrices,
  sampleClip,
  TXDReader,
} from '../../src/index.js';
import { DFFLoader, IFPLoader, IMG_ENTRY_URL, IMGLoader, TXDLoader, type ThreeGameModel } from '../../src/three/index.js';
import { fixture, sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { serveFolders, type StaticServer } from '../helpers/static-server.js';

// three's FileLoader reports download progress with ProgressEvent, which browsers have and Node lacks.
globalThis.ProgressEvent ??= class extends Event {
  readonly lengthComputable: boolean;
  readonly loaded: number;
  readonly total: number;
  constructor(type: string, init: ProgressEventInit = {}) {
    super(type);
    this.lengthComputable = init.lengthComputable ?? false;
    this.loaded = init.loaded ?? 0;
    this.total = init.total ?? 0;
  }
} as unknown as typeof ProgressEvent;

const fixturesDir = new URL('../../fixtures/', import.meta.url).pathname;
let server: StaticServer;
beforeAll(async () => void (server = await serveFolders({ '/samples/': samplesDir, '/fixtures/': fixturesDir })));
afterAll(() => server.close());

/** A manager that records what it reports: every item ended (onProgress), failed (onError), and how often all were done (onLoad). */
function recordingManager() {
  const seen = { progress: [] as string[], errors: [] as string[], loads: 0, counts: [] as [number, number][] };
  const manager = new THREE.LoadingManager(
    () => seen.loads++,
    (url, loaded, total) => {
      seen.progress.push(url);
      seen.counts.push([loaded, total]);
    },
    (url) => seen.errors.push(url),
  );
  return { manager, seen };
}

/** What onLoad or onError gets from `loader.load`, as a settled promise (and `load` itself must not throw). */
function settle<T>(loader: THREE.Loader<T>, url: string): Promise<{ ok: T } | { error: unknown }> {
  return new Promise((resolve) => {
    expect(() =>
      loader.load(
        url,
        (ok) => resolve({ ok }),
        undefined,
        (error) => resolve({ error }),
      ),
    ).not.toThrow();
  });
}

/** The largest difference between the engine's bone world matrices and `poseToMatrices` of the sampler, at each time. */
function largestMatrixDifference(
  model: ThreeGameModel,
  clip: THREE.AnimationClip,
  animationName: string,
  ifp: IFPReader,
  times: number[],
): number {
  const mixer = new THREE.AnimationMixer(model.scene);
  mixer.clipAction(clip).play();
  const bound = bindClip(ifp.getAnimation(animationName)!, model.skeleton);
  const pose = createPose(model.skeleton);
  let largest = 0;
  for (const time of times) {
    mixer.setTime(time);
    model.scene.updateMatrixWorld(true);
    sampleClip(bound, time, pose);
    const world = poseToMatrices(pose, model.skeleton);
    model.bones.forEach((bone, b) =>
      bone.matrixWorld.elements.forEach((value, k) => (largest = Math.max(largest, Math.abs(value - world[16 * b + k]!)))),
    );
  }
  return largest;
}

describeWith([SAMPLES], 'three.js loaders on the real files', () => {
  it('an SA skin with its .txd beside it, and walk_player of the SA ped.ifp bound to it: bones where the sampler puts them (1e-4) at 0.3 s and 0.8 s; one progress report per item', async () => {
    const { manager, seen } = recordingManager();
    const base = `${server.origin}/samples/`;
    const model = await new DFFLoader(manager).setPath(`${base}dff/`).loadAsync('sa_skin_plain.dff');
    expect(model.meshes.map((mesh) => mesh.type)).toEqual(['SkinnedMesh']);
    expect(model.bones).toHaveLength(32);
    expect(model.textures.map((t) => t.name)).toEqual(new TXDReader(sample('dff/sa_skin_plain.txd')).textures.map((t) => t.name));
    const materials = model.meshes[0]!.material as THREE.MeshStandardMaterial[];
    expect(materials.map((m) => m.map?.name)).toEqual(['futbolka', 'shtani', 'torso', 'BMYDRUG']);
    expect(model.warnings.map((w) => w.code)).toEqual(['frames-disagree-with-skin']);
    // The rest pose is the game's (the Skin PLG's), not the frames'.
    expect(model.skeleton.restTranslations).toEqual(new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!.restTranslations);

    const ifp = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
    const clips = await new IFPLoader(manager).setModel(model).setPath(base).loadAsync('rwparserng_ped_anp3.ifp');
    expect(clips.animations.map((a) => a.name)).toEqual(ifp.animations.map((a) => a.name));
    expect(clips.bound!.every((clip) => clip.skeleton === model.skeleton)).toBe(true);
    // SA spells it WALK_player; the game finds it as walk_player.
    const walk = clips.get('walk_player')!;
    expect(walk.name).toBe('WALK_player');
    const difference = largestMatrixDifference(model, walk, 'walk_player', ifp, [0.3, 0.8]);
    console.log(
      `three.js loaders: SA skin on walk_player, largest bone world matrix difference from the sampler ${difference.toExponential(2)}`,
    );
    expect(difference).toBeLessThan(1e-4);

    // Each load is an item, and so is each file it fetches (three's FileLoader counts its own);
    // onLoad came once per batch: after the model and its dictionary, then after the clips.
    const dff = `${base}dff/sa_skin_plain.dff`;
    const txd = `${base}dff/sa_skin_plain.txd`;
    const ifpUrl = `${base}rwparserng_ped_anp3.ifp`;
    expect([...seen.progress].sort()).toEqual([dff, dff, txd, txd, ifpUrl, ifpUrl].sort());
    // The model's own item ends last of its four: the model is ready when both files are in.
    expect(seen.progress[3]).toBe(dff);
    expect(seen.counts[3]).toEqual([4, 4]);
    expect(seen.counts.at(-1)).toEqual([6, 6]);
    expect(seen.loads).toBe(2);
    expect(seen.errors).toEqual([]);
  });

  it("GTA III's player.dff (a frame-bound ped) and walk_player of III's ped.ifp: frames where the sampler puts them (1e-4); the skin texture the game picks at run time is a missing-textures warning", async () => {
    const base = `${server.origin}/samples/`;
    const model = await new DFFLoader().loadAsync(`${base}iii/player.dff`);
    expect(model.threeSkeleton).toBeNull();
    expect(model.bones).toHaveLength(17);
    expect(model.meshes).toHaveLength(16);
    expect(model.meshes.every((mesh) => model.bones.includes(mesh.parent as THREE.Bone))).toBe(true);
    // The model's warnings, its dictionary's (sector padding), then the loader's.
    expect(model.warnings.map((w) => w.code)).toEqual(['trailing-bytes', 'no-hanim', 'trailing-bytes', 'missing-textures']);
    expect(model.warnings[2]!.message).toMatch(/^TXD: /);
    expect(model.warnings.at(-1)!.message).toMatch(/player-new/);

    const ifp = new IFPReader(sample('iii_pcanims_ped_anpk.ifp'));
    const clips = await new IFPLoader().setModel(model.reader).loadAsync(`${base}iii_pcanims_ped_anpk.ifp`);
    expect(clips.animations).toHaveLength(236);
    const difference = largestMatrixDifference(model, clips.get('walk_player')!, 'walk_player', ifp, [0.3, 0.8]);
    console.log(
      `three.js loaders: III player on walk_player, largest frame world matrix difference from the sampler ${difference.toExponential(2)}`,
    );
    expect(difference).toBeLessThan(1e-4);
  });

  it('TXDLoader: every texture of the dictionary as a three.js texture, found by name as the game finds it', async () => {
    const dictionary = await new TXDLoader().loadAsync(`${server.origin}/samples/iii/gang01.txd`);
    expect(dictionary.textures.map((t) => [t.name, (t as THREE.DataTexture).image.width, (t as THREE.DataTexture).image.height])).toEqual([
      ['mafia', 128, 128],
    ]);
    expect(dictionary.get('MAFIA')).toBe(dictionary.textures[0]);
    expect(dictionary.get('mafia2')).toBeUndefined();
    expect((dictionary.textures[0] as THREE.DataTexture).image.data).toEqual(new TXDReader(sample('iii/gang01.txd')).textures[0]!.rgba());
  });

  it('an IMGLoader handler serves archive.img/entry URLs: a VC archive (.dir beside .img) fetched once for two entries; an entry it lacks is a no-such-entry DecodeError', async () => {
    const { manager, seen } = recordingManager();
    manager.addHandler(IMG_ENTRY_URL, new IMGLoader(manager));
    const loader = new IFPLoader(manager).setPath(`${server.origin}/samples/vc/`);
    const archive = IMGArchive.fromDir(sample('vc/vc_mod_anims.dir'), sample('vc/vc_mod_anims.img'));
    for (const name of ['colt45.ifp', 'uzi.ifp']) {
      const { animations } = await loader.loadAsync(`vc_mod_anims.img/${name}`);
      expect(animations.map((a) => a.name)).toEqual(new IFPReader(archive.get(name)!).animations.map((a) => a.name));
    }
    expect(server.requests.get('/samples/vc/vc_mod_anims.img')).toBe(1);
    expect(server.requests.get('/samples/vc/vc_mod_anims.dir')).toBe(1);
    const missing = await settle(loader, 'vc_mod_anims.img/nothere.ifp');
    expect(missing).toMatchObject({ error: { name: 'DecodeError', format: 'IMG', code: 'no-such-entry' } });
    expect(seen.errors).toEqual([`${server.origin}/samples/vc/vc_mod_anims.img/nothere.ifp`]);
  });

  it('setURLModifier rewrites the model and its dictionary alike', async () => {
    const { manager } = recordingManager();
    const asked: string[] = [];
    manager.setURLModifier((url) => {
      asked.push(url);
      return url.replace('game://', `${server.origin}/samples/`);
    });
    const model = await new DFFLoader(manager).loadAsync('game://iii/gang01.dff');
    expect(asked).toEqual(['game://iii/gang01.dff', 'game://iii/gang01.txd']);
    expect(model.warnings.map((w) => w.code)).toEqual(['trailing-bytes', 'no-hanim', 'trailing-bytes']);
    expect(model.meshes.every((mesh) => (mesh.material as THREE.MeshStandardMaterial[]).every((m) => m.map?.name === 'mafia'))).toBe(true);
  });

  it('a TXDLoader registered with addHandler for .txd is the one DFFLoader reads the dictionary with', async () => {
    const { manager } = recordingManager();
    const txdLoader = new TXDLoader(manager);
    const parsed: number[] = [];
    const parse = txdLoader.parse.bind(txdLoader);
    txdLoader.parse = (bytes) => {
      parsed.push(bytes.byteLength);
      return parse(bytes);
    };
    manager.addHandler(/\.txd$/i, txdLoader);
    await new DFFLoader(manager).loadAsync(`${server.origin}/samples/iii/gang01.dff`);
    expect(parsed).toEqual([sample('iii/gang01.txd').byteLength]);
  });

  it('IFPLoader without a model: tracks named after the IFP bones, trimmed', async () => {
    const clips = await new IFPLoader().loadAsync(`${server.origin}/samples/rwparserng_ped_anp3.ifp`);
    expect(clips.bound).toBeNull();
    const walk = clips.get('walk_player')!;
    const ifpWalk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
    expect(walk.tracks[0]!.name).toBe(`${ifpWalk.tracks[0]!.boneName.trim()}.quaternion`);
  });
});

describe('three.js loaders: failures reach onError as typed errors, and load never throws', () => {
  it('a .dff without its .txd beside it: a missing-txd DecodeError naming the dictionary; setTextures(false) loads it untextured', async () => {
    const { manager, seen } = recordingManager();
    const loader = new DFFLoader(manager).setPath(`${server.origin}/fixtures/`);
    const result = await settle(loader, 'dff-ped-5bone.dff');
    expect(result).toMatchObject({ error: { name: 'DecodeError', format: 'DFF', code: 'missing-txd' } });
    const error = (result as { error: DecodeError }).error;
    expect(error).toBeInstanceOf(DecodeError);
    expect(error.message).toContain(`${server.origin}/fixtures/dff-ped-5bone.txd`);
    // The dictionary's fetch and its load failed, and so did the model's load.
    const txd = `${server.origin}/fixtures/dff-ped-5bone.txd`;
    expect(seen.errors).toEqual([txd, txd, `${server.origin}/fixtures/dff-ped-5bone.dff`]);
    const untextured = await loader.setTextures(false).loadAsync('dff-ped-5bone.dff');
    expect(untextured.bones).toHaveLength(new DFFReader(fixture('dff-ped-5bone.dff')).skeleton!.boneCount);
    expect(untextured.textures).toEqual([]);
  });

  it('a file of another format: the reader DecodeError, from each loader', async () => {
    const base = `${server.origin}/fixtures/`;
    expect(await settle(new IFPLoader(), `${base}dff-ped-5bone.dff`)).toMatchObject({ error: { name: 'DecodeError', format: 'IFP' } });
    expect(await settle(new TXDLoader(), `${base}anp3-all-types.ifp`)).toMatchObject({ error: { name: 'DecodeError', format: 'TXD' } });
    expect(await settle(new DFFLoader().setTextures(false), `${base}anp3-all-types.ifp`)).toMatchObject({
      error: { name: 'DecodeError', format: 'DFF', code: 'no-clump' },
    });
    expect(await settle(new IMGLoader(), `${base}anp3-all-types.ifp`)).toMatchObject({
      error: { name: 'DecodeError', format: 'IMG', code: 'unknown-magic' },
    });
  });

  it('a file that is not there: three.js’s own fetch error, to onError and the manager', async () => {
    const { manager, seen } = recordingManager();
    const url = `${server.origin}/fixtures/nothere.ifp`;
    const result = await settle(new IFPLoader(manager), url);
    expect(String((result as { error: Error }).error)).toMatch(/404/);
    expect(seen.errors).toEqual([url, url]);
  });

  it('parse works without a manager or a URL: a fixture model, textured from a dictionary given', () => {
    const dictionary = new TXDLoader().parse(fixture('textures.txd'));
    const model = new DFFLoader().parse(fixture('dff-rigid-ped.dff'), dictionary);
    expect(model.bones.map((b) => b.name)).toEqual(['tinyped', 'Swaist', 'storso', 'Shead', 'Supperlegl', 'slowerlegl']);
    expect(model.textures).toBe(dictionary.entries);
  });
});
