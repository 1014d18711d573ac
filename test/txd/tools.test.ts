// Textures where a modder meets them: the command line, glTF export (validated, read back, and
// imported by Blender at its defaults), and three.js.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebIO } from '@gltf-transform/core';
import { decode } from 'fast-png';
import { CompressedTexture, DataTexture, RGB_S3TC_DXT1_Format } from 'three';
import { describe, expect, it } from 'vitest';
import { DFFReader, IFPReader, TXDReader } from '../../src/index.js';
import { exportGltf } from '../../src/gltf/index.js';
import { toThreeTexture } from '../../src/three/index.js';
import { sample, samplesDir, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { validatorErrors } from '../helpers/gltf.js';
import { describeWith, itWith } from '../helpers/needs.js';
import { BLENDER, blenderVersion } from '../helpers/blender.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/cli/dist/src/cli/main.js');
const gameanim = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-txd-'));

describe('textures in the tools', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const txdPath = join(samplesDir, 'dff/sa_skin_modelspace_frames.txd');
  const txd = new TXDReader(sample('dff/sa_skin_modelspace_frames.txd'));

  it('gameanim txd ls and txd extract: one PNG per texture, its pixels the decoded level 0; the write rule holds', () => {
    const ls = gameanim('txd', 'ls', txdPath, '--json');
    expect(ls.status).toBe(0);
    expect(JSON.parse(ls.stdout).textures.map((t: { name: string; format: string }) => `${t.name} ${t.format}`)).toEqual(
      txd.textures.map((t) => `${t.name} ${t.format}`),
    );
    const out = join(scratch, 'png');
    const extract = gameanim('txd', 'extract', txdPath, '-o', out);
    expect(extract.status).toBe(0);
    for (const texture of txd.textures) {
      const png = decode(readFileSync(join(out, `${texture.name}.png`)));
      expect([png.width, png.height, png.channels]).toEqual([texture.width, texture.height, 4]);
      expect(Buffer.from(png.data as Uint8Array).equals(Buffer.from(texture.rgba()))).toBe(true);
    }
    const again = gameanim('txd', 'extract', txdPath, '-o', out);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/exists.*--force/);
    expect(gameanim('info', txdPath).stdout).toMatch(/TXD: 5 textures \(DXT5, 888, DXT1, DXT4, 8888\)/);
  });

  it('glTF export embeds the textures each material names, as PNG: validator-clean, pixels exact', async () => {
    const model = new DFFReader(sample('dff/sa_skin_modelspace_frames.dff'));
    const named = new Set(model.geometries.flatMap((g) => g.materials.map((m) => m.texture?.toLowerCase())));
    const clips = [new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!];
    const { glb } = await exportGltf({ model, clips, textures: txd.textures });
    expect(await validatorErrors(glb!)).toEqual([]);
    const doc = await new WebIO().readBinary(glb!);
    const used = txd.textures.filter((t) => named.has(t.name.toLowerCase()));
    expect(used.length).toBeGreaterThan(2);
    expect(
      doc
        .getRoot()
        .listTextures()
        .map((t) => t.getName())
        .sort(),
    ).toEqual(used.map((t) => t.name).sort());
    for (const texture of doc.getRoot().listTextures()) {
      const source = txd.getTexture(texture.getName())!;
      const png = decode(texture.getImage()!);
      expect(Buffer.from(png.data as Uint8Array).equals(Buffer.from(source.rgba()))).toBe(true);
    }
    for (const material of doc.getRoot().listMaterials()) {
      const texture = material.getBaseColorTexture();
      if (named.has(material.getName().toLowerCase()) && txd.getTexture(material.getName()))
        expect(texture?.getName().toLowerCase()).toBe(material.getName().toLowerCase());
    }
    // One-bit alpha (the DXT1 'oha') is a cut-out.
    expect(
      doc
        .getRoot()
        .listMaterials()
        .find((m) => m.getName().toLowerCase() === 'oha')
        ?.getAlphaMode(),
    ).toBe('MASK');
  });

  it('three.js: a DataTexture of RGBA8 with every level, or the stored DXT blocks as a CompressedTexture', () => {
    const dxt1 = txd.getTexture('oha')!;
    const data = toThreeTexture(dxt1) as DataTexture;
    expect(data).toBeInstanceOf(DataTexture);
    expect(Buffer.from(data.image.data as Uint8Array).equals(Buffer.from(dxt1.rgba()))).toBe(true);
    expect(data.mipmaps.length).toBe(dxt1.mipmapCount);
    expect(data.flipY).toBe(false);
    const plain = txd.getTexture('ayakkabi')!;
    const compressed = toThreeTexture(plain, { s3tc: true }) as CompressedTexture;
    expect(compressed).toBeInstanceOf(CompressedTexture);
    expect((compressed.mipmaps as unknown as Array<{ data: Uint8Array }>)[0]!.data).toBe(plain.levels[0]!.data);
    const opaque = new TXDReader(sample('dff/sa_skin_plain.txd')).textures[0]!;
    expect((toThreeTexture(opaque, { s3tc: true }) as CompressedTexture).format).toBe(RGB_S3TC_DXT1_Format);
  });
});

describeWith([BLENDER, SAMPLES], `Blender shows the textured ped (${blenderVersion})`, () => {
  it('imports gameanim export --txd at its defaults with every textured material linked to its image', () => {
    const glb = join(scratch, 'textured.glb');
    const exported = gameanim(
      'export',
      join(samplesDir, 'dff/sa_skin_plain.dff'),
      join(samplesDir, 'rwparserng_ped_anp3.ifp'),
      '--anim',
      'walk_player',
      '--txd',
      join(samplesDir, 'dff/sa_skin_plain.txd'),
      '-o',
      glb,
    );
    expect(exported.status, exported.stderr).toBe(0);
    const run = spawnSync('blender', ['-b', '--factory-startup', '--python', join(root, 'test/gltf/blender-textures.py'), '--', glb], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    const line = run.stdout.split('\n').find((l) => l.startsWith('TEXTURES '));
    expect(line, run.stdout + run.stderr).toBeDefined();
    const materials = JSON.parse(line!.slice('TEXTURES '.length)) as Record<string, { name: string; size: number[] } | null>;
    const txd = new TXDReader(sample('dff/sa_skin_plain.txd'));
    const textured = Object.entries(materials).filter(([name]) => txd.getTexture(name));
    expect(textured.length).toBe(4);
    for (const [name, image] of textured) {
      const texture = txd.getTexture(name)!;
      expect(image, name).not.toBeNull();
      expect(image!.size).toEqual([texture.width, texture.height]);
    }
  }, 420_000); // above the Blender run's 300 s and the export before it, on a loaded machine
});

describe("the textures bench's naive decoder", () => {
  itWith([SAMPLES])('agrees with gameanim on every level of the sample dictionaries', async () => {
    const { naiveTextureDecode } = await import('../../bench/naive-texture-decoder.js');
    for (const name of ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames']) {
      for (const texture of new TXDReader(sample(`dff/${name}.txd`)).textures) {
        for (let level = 0; level < texture.mipmapCount; level++)
          expect(
            Buffer.from(naiveTextureDecode(texture, level)).equals(Buffer.from(texture.rgba(level))),
            `${name} ${texture.name} ${level}`,
          ).toBe(true);
      }
    }
  });
});
