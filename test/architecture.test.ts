// The import graph of src/: no cycle, and no import that runs upward through the layers, type-only
// imports included (they are the contracts a newcomer follows). Layers, lowest first: core; the format
// folders; playback and the editors (edit/); the package root; the adapters (three, gltf, retarget); the tools: the command line, the
// registry (formats.ts) and each format's presentation (present.ts), which only the tools import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function layerOf(file: string): number {
  const [top] = relative(src, file).split('/');
  if (top === 'cli' || top === 'formats.ts' || file.endsWith('/present.ts')) return 5;
  if (top === 'core') return 0;
  if (top === 'playback' || top === 'edit') return 2;
  if (top === 'index.ts') return 3;
  if (top === 'three' || top === 'gltf' || top === 'retarget') return 4;
  // Every other folder is a format's: adding one needs no change here.
  if (statSync(join(src, top!)).isDirectory()) return 1;
  throw new Error(`no layer for ${file}`);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a file (static, dynamic and type-only), resolved to its .ts source. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

const files = sources(src);
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));

describe('the import graph of src/', () => {
  it('has no cycle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(src, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file)!) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('has no upward import: core imports only core, a format folder only core and formats, and so on up', () => {
    const upward = [...graph].flatMap(([file, targets]) => targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${relative(src, file)} -> ${relative(src, target)}`));
    expect(upward).toEqual([]);
  });
});

describe('telling things apart', () => {
  const toolSources = [...files, ...sources(fileURLToPath(new URL('../viewer/', import.meta.url)))];
  it('by a tagged kind or a capability, never by probing a property or comparing a format name', () => {
    const probes = toolSources.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(src, file)}:${index + 1}` }))
        .filter(({ line }) => /'\w+' in \w+|format\.name ===|instanceof (ImgArchive|DFFReader|IFPReader|IFFReader|IGI2\w+Reader)\b/.test(line))
        .map(({ at }) => at),
    );
    expect(probes).toEqual([]);
  });
});

describe('reading bytes', () => {
  const READERS = ['core/byte-cursor.ts', 'core/byte-writer.ts'];
  it('goes through the bounded ByteCursor; a raw DataView only where a comment just above it says why', () => {
    const unexplained = files.flatMap((file) => {
      if (READERS.includes(relative(src, file))) return [];
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, index) => {
        if (!line.includes('new DataView(')) return [];
        const above = lines.slice(Math.max(0, index - 4), index).join('\n');
        return /\/\/|\*/.test(above) && /DataView|memory|hot|loop|baseline/i.test(above) ? [] : [`${relative(src, file)}:${index + 1}`];
      });
    });
    expect(unexplained).toEqual([]);
  });

  it('has one chunk walker, one align16 and one PAGE_BYTES', () => {
    const defined = (pattern: RegExp) => files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => relative(src, file));
    expect(defined(/const align16 =/)).toEqual(['core/wasm-memory.ts']);
    expect(defined(/const PAGE_BYTES =/)).toEqual(['core/wasm-memory.ts']);
    expect(defined(/export function walkChunks/)).toEqual(['core/chunks.ts']);
    expect(defined(/const fail = /)).toEqual([]);
  });
});

describe('the tools', () => {
  it('use the library by its package names, so the command line package builds none of it again', () => {
    const relativeIntoLibrary = [...graph].flatMap(([file, targets]) =>
      layerOf(file) === 5 ? targets.filter((target) => layerOf(target) < 5).map((target) => `${relative(src, file)} -> ${relative(src, target)}`) : [],
    );
    expect(relativeIntoLibrary).toEqual([]);
  });
});
