// A JSON .gltf imports as its .glb does: with its .bin given through `resources`, or inside it as a
// data: URI, the packages are the same to the last bit. A file it names that is not given is a
// DecodeError naming the URI and where the JSON writes it, never a crash.
import { describe, expect, it } from 'vitest';
import { DFFReader, IFPReader, writeIFP } from '../../src/index.js';
import { exportGltf, importGltf, type GltfResources } from '../../src/gltf/index.js';
import { IMPORT_SAMPLES_PER_BYTE } from '../../src/gltf/import.js';
import { fixture } from '../helpers/files.js';

const model = new DFFReader(fixture('dff-ped-5bone.dff'));
const skeleton = model.skeleton!;
const clips = new IFPReader(fixture('anp3-all-types.ifp')).animations;
const encoder = new TextEncoder();

async function exports() {
  const { glb } = await exportGltf({ model, clips });
  const { gltf } = await exportGltf({ model, clips, container: 'gltf', binName: 'clips.bin' });
  return { glb: glb!, json: gltf!.json, bin: gltf!.bin };
}

const given =
  (files: Record<string, Uint8Array>): GltfResources =>
  (uri) =>
    Object.hasOwn(files, uri) ? files[uri] : undefined;

/** Every key of every track, as the IFP writer stores it: equal bytes are equal keys, exactly. */
const ifpOf = async (bytes: Uint8Array, resources?: GltfResources) =>
  writeIFP((await importGltf(bytes, { skeleton, resources })).packages, { format: 'ANP3' });

describe('importGltf of a JSON .gltf', () => {
  it('with its .bin given, gives the same packages as the .glb, key for key', async () => {
    const { glb, json, bin } = await exports();
    const fromGlb = await importGltf(glb, { skeleton });
    const fromGltf = await importGltf(encoder.encode(json), { skeleton, resources: given({ 'clips.bin': bin }) });
    expect(fromGlb.packages[0]!.animations.map((a) => a.name)).toEqual(clips.map((c) => c.name));
    expect(fromGlb.packages[0]!.animations.reduce((n, a) => n + a.bones.length, 0)).toBeGreaterThan(0);
    expect(fromGltf.packages).toEqual(fromGlb.packages);
    expect(fromGltf.warnings).toEqual(fromGlb.warnings);
    expect(await ifpOf(encoder.encode(json), given({ 'clips.bin': bin }))).toEqual(await ifpOf(glb));
    // The work allowance counts the .bin: the same bytes in two files allow the same work.
    expect(fromGltf.work.limit - fromGlb.work.limit).toBe(
      IMPORT_SAMPLES_PER_BYTE * (encoder.encode(json).length + bin.length - glb.length),
    );
  });

  it('with its .bin as a data: URI (and a byte order mark), needs no resources', async () => {
    const { glb, json, bin } = await exports();
    const inline = JSON.parse(json);
    inline.buffers[0].uri = `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}`;
    expect(await ifpOf(encoder.encode(`\uFEFF${JSON.stringify(inline)}`))).toEqual(await ifpOf(glb));
  });

  it('a URI that is an Object property name ("__proto__", "constructor") is read as any other', async () => {
    const { glb, json, bin } = await exports();
    for (const uri of ['__proto__', 'constructor']) {
      const renamed = json.replace('"clips.bin"', JSON.stringify(uri));
      expect(await ifpOf(encoder.encode(renamed), () => bin)).toEqual(await ifpOf(glb));
    }
  });

  it('a .bin not given is a missing-resource DecodeError naming the URI, at its byte in the JSON', async () => {
    const { json, bin } = await exports();
    const bytes = encoder.encode(json);
    const at = json.indexOf('"clips.bin"');
    expect(at).toBeGreaterThan(0);
    await expect(importGltf(bytes, { skeleton })).rejects.toMatchObject({
      name: 'DecodeError',
      format: 'GLTF',
      code: 'missing-resource',
      offset: at,
      message: `GLTF: buffer 0's URI "clips.bin" names a file beside the glTF, and none were given to read it from (at byte ${at})`,
    });
    await expect(importGltf(bytes, { skeleton, resources: given({ 'other.bin': bin }) })).rejects.toMatchObject({
      code: 'missing-resource',
      message: `GLTF: buffer 0's URI "clips.bin" names a file that is not there (at byte ${at})`,
    });
    const refusing: GltfResources = () => {
      throw new Error('/x/clips.bin: no such file');
    };
    await expect(importGltf(bytes, { skeleton, resources: refusing })).rejects.toMatchObject({
      code: 'missing-resource',
      message: `GLTF: buffer 0's URI "clips.bin" cannot be read: /x/clips.bin: no such file (at byte ${at})`,
    });
  });

  it("an image not given is named too; with it the import reads (images are the .gltf's, not the clips')", async () => {
    const texture = { name: 'tinyskin', width: 2, height: 2, hasAlpha: false, rgba: () => new Uint8Array(16).fill(200) };
    const rigid = new DFFReader(fixture('dff-rigid-ped.dff'));
    const { gltf } = await exportGltf({
      model: rigid,
      clips: new IFPReader(fixture('anpk-gta3.ifp')).animations,
      textures: [texture],
      container: 'gltf',
      binName: 'ped.bin',
    });
    const [image] = gltf!.images;
    expect(image!.uri).toBe('ped.tinyskin.png');
    const bytes = encoder.encode(gltf!.json);
    const options = { skeleton: rigid.skeleton! };
    await expect(importGltf(bytes, { ...options, resources: given({ 'ped.bin': gltf!.bin }) })).rejects.toMatchObject({
      code: 'missing-resource',
      offset: gltf!.json.indexOf('"ped.tinyskin.png"'),
      message: expect.stringMatching(/^GLTF: image 0's URI "ped\.tinyskin\.png" names a file that is not there/),
    });
    const read = await importGltf(bytes, { ...options, resources: given({ 'ped.bin': gltf!.bin, [image!.uri]: image!.data }) });
    expect(read.packages[0]!.animations.length).toBe(1);
  });

  it('JSON that is no glTF, or no JSON, is bad-gltf', async () => {
    for (const text of ['[1, 2]', '{"asset": ', 'hello', '']) {
      await expect(importGltf(encoder.encode(text), { skeleton })).rejects.toMatchObject({
        name: 'DecodeError',
        format: 'GLTF',
        code: 'bad-gltf',
      });
    }
    await expect(importGltf(Uint8Array.of(0x7b, 0xff, 0x7d), { skeleton })).rejects.toMatchObject({
      code: 'bad-gltf',
      message: 'GLTF: the glTF JSON is not UTF-8 (at byte 0)',
    });
  });
});
