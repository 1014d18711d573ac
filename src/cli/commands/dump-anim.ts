import { disassemble } from '../../sprite/disassemble.js';
import type { SpriteAnimReader } from '../../sprite/reader.js';
import { summariseAnim } from '../format.js';

/** The `--json` document for ANIM files; its schema is in the README. */
export function animDocument(path: string, reader: SpriteAnimReader) {
  const firstWith = new Map<readonly unknown[], number>();
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
    // Entries at one offset share their instructions: each list is written once, the others refer to it.
    scripts: reader.scripts.map((script) => {
      const first = firstWith.get(script.instructions);
      if (first !== undefined) return { id: script.id, offset: script.offset, sameAs: first };
      firstWith.set(script.instructions, script.id);
      return script;
    }),
  };
}

/** The header, the sprites, then each script's disassembly. */
export function dumpAnimText(reader: SpriteAnimReader, print: (line: string) => void): void {
  print(summariseAnim(reader));
  for (const s of reader.sprites) print(`  sprite ${s.id}: x ${s.x} y ${s.y} w ${s.width} h ${s.height}`);
  // Entries at one offset share one script: print it once, so the output stays linear in the file.
  const printed = new Map<readonly unknown[], number>();
  for (const script of reader.scripts) {
    const same = printed.get(script.instructions);
    if (same !== undefined) {
      print(`script ${script.id} (at byte ${script.offset}): the same instructions as script ${same}`);
      continue;
    }
    printed.set(script.instructions, script.id);
    print(`script ${script.id} (at byte ${script.offset}):`);
    for (const line of disassemble(script, { jumpMode: reader.jumpMode }).split('\n')) print(`  ${line}`);
  }
  for (const w of reader.warnings) print(`warning ${w.code}: ${w.message}`);
}
