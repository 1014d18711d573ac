// A .gltf's images: every image the JSON names is returned to be written beside it (or embedded as a
// data URI), so the files validate; and a material whose texture the dictionaries lack is named in a
// warning, never left untextured without a word.
import { describe, expect, it } from 'vitest';
import { exportGltf } from '../../src/gltf/index.js';
import { DFFReader, IFPReader } from '../../src/index.js';
import { fixture } from '../helpers/files.js';
import { gltfValidatorErrors } from '../helpers/gltf.js';

const texture = (name: string) => ({ name, width: 2, height: 2, hasAlpha: false, rgba: () => new Uint8Array(16).fill(200) });
const model = new DFFReader(fixture('dff-rigid-ped.dff'));
const clips = new IFPReader(fixture('anpk-gta3.ifp')).animations;
const materialTextures = [...new Set(model.geometries.flatMap((g) => g.materials.map((m) => m.texture)))];

describe('the images of a .gltf export', () => {
  it('are returned as files named after the .bin, and the .gltf with them validates with 0 errors', async () => {
    const { gltf, textures } = await exportGltf({ model, clips, textures: [texture('tinyskin')], container: 'gltf', binName: 'ped.bin' });
    expect(materialTextures).toEqual(['tinyskin']);
    expect(textures).toEqual(['tinyskin']);
    expect(gltf!.images.map((image) => image.uri)).toEqual(['ped.tinyskin.png']);
    const files = Object.fromEntries([[gltf!.binName, gltf!.bin], ...gltf!.images.map((image) => [image.uri, image.data] as const)]);
    expect(await gltfValidatorErrors(gltf!.json, files)).toEqual([]);
    // Without its images the same .gltf is invalid: the check above sees missing files.
    expect(await gltfValidatorErrors(gltf!.json, { [gltf!.binName]: gltf!.bin })).not.toEqual([]);
  });

  it('are embedded as data URIs on request: no file but the .bin', async () => {
    const { gltf } = await exportGltf({
      model,
      clips,
      textures: [texture('tinyskin')],
      container: 'gltf',
      binName: 'ped.bin',
      images: 'embedded',
    });
    expect(gltf!.images).toEqual([]);
    expect(JSON.parse(gltf!.json).images[0].uri).toMatch(/^data:image\/png;base64,/);
    expect(await gltfValidatorErrors(gltf!.json, { [gltf!.binName]: gltf!.bin })).toEqual([]);
  });

  it('a material whose texture the dictionary lacks is a warning naming it, and no texture is counted', async () => {
    const { warnings, textures } = await exportGltf({ model, clips, textures: [texture('another')] });
    expect(textures).toEqual([]);
    const missing = warnings.find((w) => w.code === 'missing-textures');
    expect(missing?.message).toMatch(/^\d+ materials name a texture the dictionaries lack and are untextured: tinyskin$/);
  });
});
