// The import graph of src/: no cycle, and no import that runs upward through the layers, type-only
// imports included (they are the contracts a newcomer follows). Layers, lowest first: core; the format
// folders; playback and the editors (edit/); the package root and the format registry (registry.ts);
// the adapters (three, babylon, gltf, retarget); the tools: the command line and each format's presentation (src/cli).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function layerOf(file: string): number {
  const [top] = relative(src, file).split('/');
  if (top === 'cli') return 5;
  if (top === 'core') return 0;
  if (top === 'playback' || top === 'edit') return 2;
  if (top === 'index.ts' || top === 'registry.ts') return 3;
  if (top === 'three' || top === 'babylon' || top === 'gltf' || top === 'retarget') return 4;
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
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
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
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    );
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
        .filter(({ line }) =>
          /'\w+' in \w+|format\.name ===|instanceof (IMGArchive|DFFReader|IFPReader|IFFReader|IGI2\w+Reader|SpriteAnimReader|TXDReader|CameraPathReader)\b|\.namedClips/.test(
            line,
          ),
        )
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
    const defined = (pattern: RegExp) =>
      files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => relative(src, file));
    expect(defined(/const align16 =/)).toEqual(['core/wasm-memory.ts']);
    expect(defined(/const PAGE_BYTES =/)).toEqual(['core/wasm-memory.ts']);
    expect(defined(/export function walkChunks/)).toEqual(['core/chunks.ts']);
    expect(defined(/const fail = /)).toEqual([]);
  });
});

describe('the tools', () => {
  it('use the library by its package names, so the command line package builds none of it again', () => {
    const relativeIntoLibrary = [...graph].flatMap(([file, targets]) =>
      layerOf(file) === 5
        ? targets.filter((target) => layerOf(target) < 5).map((target) => `${relative(src, file)} -> ${relative(src, target)}`)
        : [],
    );
    expect(relativeIntoLibrary).toEqual([]);
  });
});

/** Each cycle a depth-first walk of `graph` finds, as `a -> b -> a` in paths relative to `base`. */
function cyclesOf(graph: Map<string, string[]>, base: string): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open')
      return void cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(base, f)).join(' -> '));
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return cycles;
}

describe('the tools inside', () => {
  // State flows one way in the viewer: the page's state and the 3D view import no view that draws
  // them; views subscribe (issue #46 point 4). The same rule for the benchmarks.
  for (const folder of ['viewer', 'bench']) {
    it(`${folder}/ has no cycle between its files`, () => {
      const dir = fileURLToPath(new URL(`../${folder}/`, import.meta.url));
      const own = sources(dir).filter((file) => !file.includes('/baseline-kernel/'));
      const toolGraph = new Map(own.map((file) => [file, importsOf(file).filter((target) => own.includes(target))]));
      expect(cyclesOf(toolGraph, dir)).toEqual([]);
      expect(toolGraph.size).toBeGreaterThan(5); // the walk sees the folder's files
    });
  }
});

describe('the folders', () => {
  // Every folder of the library and the tools, with imports by package name ('gameanim', 'gameanim/x')
  // resolved to the library's sources: the graph a newcomer walks when they open a folder.
  const root = fileURLToPath(new URL('../', import.meta.url));
  const toolFolders = ['bench', 'viewer'].map((name) => join(root, name));
  const everything = [...files, ...toolFolders.flatMap((dir) => sources(dir).filter((file) => !file.includes('/baseline-kernel/')))];
  const folderOf = (file: string) => {
    const [top, second] = relative(root, file).split('/');
    return top === 'src' ? (second!.endsWith('.ts') ? 'src' : `src/${second}`) : top!;
  };
  const targetsOf = (file: string) => {
    const text = readFileSync(file, 'utf8');
    const byName = [
      ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(gameanim(?:\/\w+)?)'|import\(\s*'(gameanim(?:\/\w+)?)'\s*\)/g),
    ].map((m) => {
      const sub = (m[1] ?? m[2]!).slice('gameanim'.length);
      return join(src, sub ? `${sub.slice(1)}/index.ts` : 'index.ts');
    });
    return [...importsOf(file), ...byName];
  };
  const edges = new Map<string, Set<string>>();
  for (const file of everything) {
    const from = folderOf(file);
    for (const target of targetsOf(file)) {
      const to = folderOf(target);
      if (to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
    }
  }

  it('import each other without a cycle (src/<folder>, bench and viewer as units)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (folder: string, path: string[]) => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'open') return void cycles.push([...path.slice(path.indexOf(folder)), folder].join(' -> '));
      state.set(folder, 'open');
      for (const next of edges.get(folder) ?? []) visit(next, [...path, folder]);
      state.set(folder, 'done');
    };
    for (const folder of edges.keys()) visit(folder, []);
    expect(cycles).toEqual([]);
    expect(edges.get('src/cli')).toContain('bench'); // the check sees the tools' edges
  });

  it('the library imports no tool code: nothing of src/cli, bench or viewer', () => {
    const tools = new Set(['src/cli', 'bench', 'viewer']);
    const intoTools = [...edges].flatMap(([from, targets]) =>
      tools.has(from) ? [] : [...targets].filter((to) => tools.has(to)).map((to) => `${from} -> ${to}`),
    );
    expect(intoTools).toEqual([]);
  });
});
