import { disassemble } from '../../sprite/disassemble.js';
import type { SpriteAnimReader } from '../../sprite/reader.js';
import { summariseAnim } from '../format.js';

/** The `--json` document for ANIM files; its schema is in the README. */
export function animDocument(path: string, reader: SpriteAnimReader) {
  return {
    file: path,
    format: 'ANIM',
    version: reader.version,
    width: reader.width,
    height: reader.height,
    texturePath: reader.texturePath,
    alphaPath: reader.alphaPath,
    warnings: reader.warnings,
    sprites: reader.sprites,
    scripts: reader.scripts,
  };
}

/** The header, the sprites, then each script's disassembly. */
export function dumpAnimText(reader: SpriteAnimReader, print: (line: string) => void): void {
  print(summariseAnim(reader));
  for (const s of reader.sprites) print(`  sprite ${s.id}: x ${s.x} y ${s.y} w ${s.width} h ${s.height}`);
  for (const script of reader.scripts) {
    print(`script ${script.id} (at byte ${script.offset}):`);
    for (const line of disassemble(script, { jumpMode: reader.jumpMode }).split('\n')) print(`  ${line}`);
  }
  for (const w of reader.warnings) print(`warning ${w.code}: ${w.message}`);
}
