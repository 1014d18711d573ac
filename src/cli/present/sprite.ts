// What the command line and the viewer print for this format (see ../presentation.ts).
import { plural } from '../text.js';
import type { Presentation } from '../presentation.js';
import { disassemble } from 'gameanim';
import { animFormat } from 'gameanim';
import type { SpriteAnimReader } from 'gameanim';

export const animPresentation: Presentation<SpriteAnimReader> = {
  format: animFormat,
  summary(reader) {
    const paths = [reader.texturePath && `texture ${reader.texturePath}`, reader.alphaPath && `alpha ${reader.alphaPath}`].filter(Boolean);
    const instructions = reader.scripts.reduce((n, s) => n + s.instructions.length, 0);
    return `ANIM v${reader.version}: ${reader.width}x${reader.height}, ${plural(reader.sprites.length, 'sprite')}, ${plural(reader.scripts.length, 'script')} (${plural(instructions, 'instruction')})${paths.length ? `, ${paths.join(', ')}` : ''}`;
  },
  /** The header, the sprites, then each script's disassembly; entries that share a script print it once. */
  dumpText(reader, print) {
    print(animPresentation.summary(reader));
    for (const s of reader.sprites) print(`  sprite ${s.id}: x ${s.x} y ${s.y} w ${s.width} h ${s.height}`);
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
  },
  dumpJson(reader, file) {
    const firstWith = new Map<readonly unknown[], number>();
    return {
      file,
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
  },
};
