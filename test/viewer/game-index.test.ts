// The game folder index (viewer/game-index.ts) in node, on File objects as the page gets them: which
// models are peds, which files are animations, and that indexing reads directories, not entries.
import { describe, expect, it } from 'vitest';
import { writeDFF, writeIMG } from '../../src/index.js';
import { bytesRead, type FolderFiles } from '../../viewer/folder-files.js';
import { headHasSkeleton, indexGameFolder, NotAGameFolder, pedDefinitions } from '../../viewer/game-index.js';
import { dffRigidPed } from '../../scripts/fixture-specs.mjs';
import { fixture, sample, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

const folder = (files: Record<string, Uint8Array | string>): FolderFiles =>
  new Map(Object.entries(files).map(([path, bytes]) => [path, new File([bytes as BlobPart], path.split('/').pop()!)]));

describe('pedDefinitions', () => {
  it('reads the peds section only: model and dictionary per line, comments and null models skipped', () => {
    const ide = [
      'objs',
      '1000, lamppost, generic, 1, 100, 0',
      'end',
      'peds',
      '# id, model, txd, ...',
      '0, null, null, PLAYER, STAT_PLAYER',
      '7, male01, male01, CIVMALE, STAT_STREET_GUY, man',
      '9 , BFORI ,bfori2, CIVFEMALE',
      'end',
    ].join('\r\n');
    expect(pedDefinitions(ide)).toEqual([
      { model: 'male01', txd: 'male01' },
      { model: 'BFORI', txd: 'bfori2' },
    ]);
  });
});

describeWith([SAMPLES], 'indexGameFolder on sample files', () => {
  it('a model has a skeleton by its head: SA skins (HAnim) and III peds (frame names), not a prop', () => {
    const head = (bytes: Uint8Array) => headHasSkeleton(bytes.subarray(0, 16_384));
    expect(
      ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff', 'iii/player.dff', 'iii/gang01.dff'].map(
        (name) => head(sample(name)),
      ),
    ).toEqual([true, true, true, true, true]);
    expect(head(fixture('dff-prop.dff'))).toBe(false);
  });

  it('a III cutscene head (a head frame, no waist or torso) is no ped: a folder without default.ide does not list it', () => {
    // The rigid fixture ped's frames cut to the clump and its head, as III's cutscene heads are.
    const frames = [dffRigidPed.frames[0]!, { ...dffRigidPed.frames[3]!, parent: 0 }];
    const head = writeDFF({ ...dffRigidPed, frames, atomics: [{ ...dffRigidPed.atomics[2]!, frame: 1 }] } as unknown as Parameters<
      typeof writeDFF
    >[0]);
    expect(headHasSkeleton(head.subarray(0, 16_384))).toBe(false);
    expect(headHasSkeleton(fixture('dff-rigid-ped.dff').subarray(0, 16_384))).toBe(true);
  });

  it('III layout: peds from default.ide, archives with .dir, no byte of gta3.img read to index; a ped without its .txd listed with a note', async () => {
    const img = writeIMG([
      { name: 'gang01.dff', data: sample('iii/gang01.dff') },
      { name: 'gang01.txd', data: sample('iii/gang01.txd') },
      { name: 'notaped.dff', data: fixture('dff-prop.dff') },
      { name: 'gang02.dff', data: sample('iii/gang01.dff') },
    ]);
    const cuts = writeIMG([
      { name: 'intro.ifp', data: fixture('anpk-gta3.ifp') },
      { name: 'intro.dat', data: new Uint8Array(10) },
    ]);
    bytesRead.clear();
    const index = await indexGameFolder(
      folder({
        'gta3.exe': '',
        'models/gta3.img': img,
        'models/gta3.dir': img.slice(8, 8 + 32 * 4),
        'anim/ped.ifp': fixture('anpk-gta3.ifp'),
        'anim/cuts.img': cuts,
        'anim/cuts.dir': cuts.slice(8, 8 + 32 * 2),
        'data/default.ide': 'peds\n1, gang01, gang01, GANG1\n2, missing, missing, GANG2\n3, gang02, gang02, GANG2\nend\n',
      }),
    );
    expect(index.game).toBe('GTA III');
    expect(index.peds.map((ped) => ped.name)).toEqual(['gang01', 'gang02']);
    expect(index.peds[0]!.note).toBeUndefined();
    expect(index.peds[1]).toMatchObject({ txd: null, note: 'no gang02.txd in models/gta3.img: drawn without textures' });
    expect(index.animations.map((file) => file.path)).toEqual(['anim/ped.ifp', 'anim/cuts.img/intro.ifp']);
    expect(bytesRead.get('models/gta3.img')).toBeUndefined();
    expect(bytesRead.get('models/gta3.dir')).toBe(128);
    expect(await index.animations[1]!.read()).toHaveLength(Math.ceil(fixture('anpk-gta3.ifp').length / 2048) * 2048);
  });

  it('not a game folder: no models/gta3.img', async () => {
    await expect(indexGameFolder(folder({ 'anim/ped.ifp': fixture('anpk-gta3.ifp') }))).rejects.toBeInstanceOf(NotAGameFolder);
  });
});
