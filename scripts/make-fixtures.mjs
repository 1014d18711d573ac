// Regenerates fixtures/ with the project's own writers. Run with `npm run fixtures`.
import { writeFile } from 'node:fs/promises';
import {
  writeCameraPath,
  writeDFF,
  writeIFF,
  writeIFP,
  writeIGI2Clip,
  writeIMG,
  writeSpriteAnim,
  writeTXD,
} from '../packages/gameanim/dist/index.js';
import * as specs from './fixture-specs.mjs';

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, at), (at += part.length);
  return out;
};
const padToSector = (bytes) => concat(bytes, new Uint8Array((2048 - (bytes.length % 2048)) % 2048));

const fixtures = {
  'anp3-all-types.ifp': writeIFP(specs.anp3AllTypes, { format: 'ANP3' }),
  'anp2-basic.ifp': writeIFP(specs.anp2Basic, { format: 'ANP2' }),
  'anpk-all-keys.ifp': writeIFP(specs.anpkAllKeys, { format: 'ANPK' }),
  'anpk-gta3.ifp': writeIFP(specs.anpkGta3, { format: 'ANPK', anpkAnimChunkSize: 48 }),
  'anpk-cutscene.ifp': writeIFP(specs.anpkCutscene, { format: 'ANPK' }),
  'multi-package-trailing.ifp': concat(
    writeIFP(specs.anp3AllTypes, { format: 'ANP3' }),
    writeIFP(specs.anpkAllKeys, { format: 'ANPK' }),
    writeIFP(specs.anp2Basic, { format: 'ANP2' }),
    specs.TRAILING_GARBAGE,
  ),
  'sector-padded.ifp': padToSector(writeIFP(specs.anp2Basic, { format: 'ANP3' })),
  'anm2-2bone.iff': writeIFF(specs.anm2TwoBone),
  'anm2-48bone.iff': writeIFF(specs.anm2FortyEight),
  'anm2-odd-chunk.iff': writeIFF(specs.anm2OddChunk.clip, { chunkOrder: specs.anm2OddChunk.chunkOrder }),
  'sprites-all-opcodes.anim': writeSpriteAnim(specs.spritesAllOpcodes),
  'sprites-no-paths.anim': writeSpriteAnim(specs.spritesNoPaths),
  'dff-ped-5bone.dff': writeDFF(specs.dffPed),
  'dff-branch-old-skin.dff': writeDFF(specs.dffBranchOldSkin),
  'dff-prop.dff': writeDFF(specs.dffProp),
  'dff-rigid-ped.dff': writeDFF(specs.dffRigidPed),
  'dff-skinned-gta3.dff': writeDFF(specs.dffSkinnedGta3),
  'igi2-3bone.iff': writeIGI2Clip(specs.igi2Clip),
  'camera-path.dat': writeCameraPath(specs.cameraPath),
  'textures.txd': writeTXD(specs.txdOneTexture),
};
// An SA archive of two fixtures above, and an IGI 2 model: the clip's chunks under the model's content
// type (OCEM), which the model reader takes for its REIH skeleton (no MANB: bones named bone0...).
fixtures['archive.img'] = writeIMG([
  { name: 'anp3-all-types.ifp', data: fixtures['anp3-all-types.ifp'] },
  { name: 'camera-path.dat', data: fixtures['camera-path.dat'] },
]);
fixtures['igi2-model.mef'] = (() => {
  const b = fixtures['igi2-3bone.iff'].slice();
  b.set([0x4f, 0x43, 0x45, 0x4d], 16);
  return b;
})();

// IGI 2 bad input: one fixture per rule of docs/formats/igi2.md, each the clip above with one fault.
const clip = fixtures['igi2-3bone.iff'];
const u32At = (bytes, at, value) => (new DataView(bytes.buffer).setUint32(at, value, true), bytes);
const chunkAt = (id) => {
  for (let at = 20; ; ) {
    if (String.fromCharCode(...clip.subarray(at, at + 4)) === id) return at;
    at += new DataView(clip.buffer).getUint32(at + 12, true);
  }
};
const tnve = chunkAt('TNVE') + 16;
const second = tnve + 4 * clip[tnve + 2]; // the second entry
const bad = {
  'chunk-past-end': u32At(clip.slice(), chunkAt('REIH') + 4, 100000),
  'next-not-forward': u32At(clip.slice(), chunkAt('DHNA') + 12, 4),
  'size-mismatch': u32At(clip.slice(), 4, clip.length + 8),
  'entry-size-zero': (() => {
    const b = clip.slice();
    b[second + 2] = 0;
    b[second + 3] = 0;
    return b;
  })(),
  'entry-past-end': (() => {
    const b = clip.slice();
    new DataView(b.buffer).setUint16(second + 2, 60000, true);
    return b;
  })(),
  'entry-wrong-size': (() => {
    const b = clip.slice();
    new DataView(b.buffer).setUint16(second + 2, 7, true);
    return b;
  })(),
  'unknown-entry-type': (() => {
    const b = clip.slice();
    b[second] = 0x09;
    return b;
  })(),
  'bone-out-of-range': (() => {
    const b = clip.slice();
    b[second + 1] = 40;
    return b;
  })(),
  'bad-link': u32At(clip.slice(), tnve + 8, 5),
  'entry-count': u32At(clip.slice(), chunkAt('DHNA') + 16 + 28, 99),
  'child-count-sum': (() => {
    const b = clip.slice();
    b[chunkAt('REIH') + 16] = 3;
    return b;
  })(),
  'orphan-bone': (() => {
    const b = clip.slice();
    const at = chunkAt('REIH') + 16;
    b[at] = 0;
    b[at + 1] = 2;
    return b;
  })(),
};
for (const [name, bytes] of Object.entries(bad)) fixtures[`igi2-bad/${name}.iff`] = bytes;

await import('node:fs').then(({ mkdirSync }) => mkdirSync(new URL('../fixtures/igi2-bad/', import.meta.url), { recursive: true }));
for (const [name, bytes] of Object.entries(fixtures)) {
  await writeFile(new URL(`../fixtures/${name}`, import.meta.url), bytes);
  console.log(`fixtures/${name}: ${bytes.length} bytes`);
}
