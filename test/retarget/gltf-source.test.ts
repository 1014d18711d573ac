// A retarget source in JSON glTF: read as its GLB is, joint for joint and key for key, with its .bin
// given through `resources` or inside it as a data: URI; a .bin not given is a bad-source RetargetError
// naming the URI.
import { describe, expect, it } from 'vitest';
import { DFFReader, IFPReader } from '../../src/index.js';
import { exportGltf } from '../../src/gltf/index.js';
import { readSourceRig, RetargetError, sourceKind } from '../../src/retarget/index.js';
import { fixture } from '../helpers/files.js';

const model = new DFFReader(fixture('dff-ped-5bone.dff'));
const clips = new IFPReader(fixture('anp3-all-types.ifp')).animations;

describe('a .gltf retarget source', () => {
  it('is the same rig as its .glb: joints, rests and every channel', async () => {
    const glb = (await exportGltf({ model, clips })).glb!;
    const { gltf } = await exportGltf({ model, clips, container: 'gltf', binName: 'rig.bin' });
    const json = new TextEncoder().encode(gltf!.json);
    expect(sourceKind(glb)).toBe('glb');
    expect(sourceKind(json)).toBe('gltf');
    const fromGlb = await readSourceRig(glb);
    expect(fromGlb.clips.map((c) => c.name)).toEqual(clips.map((c) => c.name));
    expect(fromGlb.clips.flatMap((c) => c.channels).length).toBeGreaterThan(0);
    expect(await readSourceRig(json, 'clip', (uri) => (uri === 'rig.bin' ? gltf!.bin : undefined))).toEqual(fromGlb);
    const inline = JSON.parse(gltf!.json);
    inline.buffers[0].uri = `data:application/octet-stream;base64,${Buffer.from(gltf!.bin).toString('base64')}`;
    expect(await readSourceRig(new TextEncoder().encode(JSON.stringify(inline)))).toEqual(fromGlb);
  });

  it('a .bin not given is bad-source, naming the URI', async () => {
    const { gltf } = await exportGltf({ model, clips, container: 'gltf', binName: 'rig.bin' });
    const read = readSourceRig(new TextEncoder().encode(gltf!.json));
    await expect(read).rejects.toBeInstanceOf(RetargetError);
    await expect(read).rejects.toMatchObject({
      code: 'bad-source',
      message: expect.stringMatching(/^GLTF: buffer 0's URI "rig\.bin" names a file beside the glTF, and none were given/),
    });
  });
});
