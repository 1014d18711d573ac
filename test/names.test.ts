// One acronym rule: a format's name is written in capitals inside a name (IFPReader, DFFGeometry,
// IMGArchive, writeIMG). The names from before the rule stay as deprecated aliases of the same values.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });

describe('names', () => {
  it('no export spells a format name in lower case (Img, Dff, Txd, Iff, Ifp, Ilff), but a deprecated alias', () => {
    const offenders = sources(src).flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, i) => {
        const name = /^export (?:declare )?(?:abstract )?(?:class|interface|type|const|function|enum) (\w+)/.exec(line)?.[1];
        if (!name || !/(?:Img|Dff|Txd|Iff|Ifp|Ilff)(?=[A-Z]|$)/.test(name)) return [];
        // An alias of the new name, marked deprecated just above.
        if (/@deprecated/.test(lines[i - 1] ?? '') && new RegExp(`^export (?:type|const) ${name} = \\w+;$`).test(line)) return [];
        return [`${relative(src, file)}:${i + 1}: ${name}`];
      });
    });
    expect(offenders).toEqual([]);
  });

  it('the old names are the new values', () => {
    expect([root.ImgArchive, root.writeImg, root.TxdTexture, root.ImgEditor]).toEqual([
      root.IMGArchive,
      root.writeIMG,
      root.TXDTexture,
      root.IMGEditor,
    ]);
    expect(root.ImgArchive).toBe(root.IMGArchive);
  });
});
