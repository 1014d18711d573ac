// Regenerates fixtures/ with the project's own writers. Run with `npm run fixtures`.
import { writeFile } from 'node:fs/promises';
import { writeDFF, writeIFF, writeIFP, writeSpriteAnim } from '../dist/index.js';
import * as specs from './fixture-specs.mjs';

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) (out.set(part, at), (at += part.length));
  return out;
};
const padToSector = (bytes) => concat(bytes, new Uint8Array((2048 - (bytes.length % 2048)) % 2048));

const fixtures = {
  'anp3-all-types.ifp': writeIFP(specs.anp3AllTypes, { format: 'ANP3' }),
  'anp2-basic.ifp': writeIFP(specs.anp2Basic, { format: 'ANP2' }),
  'anpk-all-keys.ifp': writeIFP(specs.anpkAllKeys, { format: 'ANPK' }),
  'anpk-gta3.ifp': writeIFP(specs.anpkGta3, { format: 'ANPK', anpkAnimChunkSize: 48 }),
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
};

for (const [name, bytes] of Object.entries(fixtures)) {
  await writeFile(new URL(`../fixtures/${name}`, import.meta.url), bytes);
  console.log(`fixtures/${name}: ${bytes.length} bytes`);
}
