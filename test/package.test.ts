import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

/** Runs ESM code in a plain Node process from the project root, where `gameanim` resolves to itself. */
function node(code: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' }).trim();
}

describe('the npm package', () => {
  it('is ESM, with types for every subpath of the exports map', () => {
    expect(pkg.name).toBe('gameanim');
    expect(pkg.type).toBe('module');
    for (const [subpath, target] of Object.entries<Record<string, string> | string>(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(existsSync(`${root}${target['types']}`), `${subpath} types`).toBe(true);
      expect(existsSync(`${root}${target['default']}`), `${subpath} code`).toBe(true);
    }
    // Runtime dependencies serve the CLI only: its progress bar, and the benchmark it ships.
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['cli-progress', 'pure-rand', 'tinybench']);
    // Installing runs nothing; the build happens when packing.
    expect(pkg.scripts.prepare).toBeUndefined();
    expect(pkg.scripts.install).toBeUndefined();
    expect(pkg.scripts.postinstall).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(existsSync(`${root}LICENSE`)).toBe(true);
  });

  it('the library (not the CLI or the bench) imports no package at run time', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const [, spec] of code.matchAll(/from ['"]([^'"]+)['"]/g)) {
        if (spec!.startsWith('.')) visit(new URL(spec!, `file://${file}`).pathname);
        else if (!spec!.startsWith('node:')) packages.add(spec!);
      }
    };
    visit(`${root}dist/index.js`);
    expect([...packages]).toEqual([]);
  });

  it("keeps three.js and glTF-Transform out of the package root: only gameanim/three and gameanim/gltf import them", () => {
    // Follow every relative import from dist/index.js; none may name 'three'.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/from ['"](three|@gltf-transform\/core)['"]/);
      for (const [, spec] of code.matchAll(/from ['"](\.[^'"]+)['"]/g)) visit(new URL(spec!, `file://${file}`).pathname);
    };
    visit(`${root}dist/index.js`);
    expect(seen.size).toBeGreaterThan(20);
    expect(readFileSync(`${root}dist/three/index.js`, 'utf8')).toMatch(/from ['"]three['"]/);
    expect(pkg.peerDependenciesMeta.three.optional).toBe(true);
    expect(pkg.peerDependenciesMeta['@gltf-transform/core'].optional).toBe(true);
    expect(readFileSync(`${root}dist/gltf/export.js`, 'utf8')).toMatch(/from ['"]@gltf-transform\/core['"]/);
  });

  it("default-exports IFPReader from 'gameanim/ifp', as the library it replaces did", () => {
    const out = node(`
      import IFPReader from 'gameanim/ifp';
      import IFFReader from 'gameanim/iff';
      import SpriteAnimReader from 'gameanim/sprite';
      import * as root from 'gameanim';
      import { readFileSync } from 'node:fs';
      const reader = new IFPReader(readFileSync('fixtures/anp3-all-types.ifp'));
      if (IFFReader !== root.IFFReader) throw new Error('gameanim/iff default export is not IFFReader');
      if (SpriteAnimReader !== root.SpriteAnimReader) throw new Error('gameanim/sprite default export is not SpriteAnimReader');
      console.log(JSON.stringify([IFPReader === root.IFPReader, reader.packageName, reader.backend, Object.keys(root).sort()]));
    `);
    const [same, name, backend, keys] = JSON.parse(out);
    expect([same, name, backend]).toEqual([true, 'fixture', 'simd']);
    expect(keys).toEqual(expect.arrayContaining(['IFPReader', 'DecodeError', 'writeIFP', 'ready', 'Track', 'Animation', 'ImgArchive', 'writeImg', 'IFFReader', 'writeIFF', 'iffChunks', 'SpriteAnimReader', 'SpriteScriptRunner', 'writeSpriteAnim', 'disassemble', 'ease', 'DFFReader', 'bindClip', 'createSkeleton', 'ifpFormat', 'dffFormat', 'CODES']));
    // Tool presentation (the registry, dump and summary text) belongs to the command line, not the library.
    expect(keys.filter((key: string) => ['FORMATS', 'findFormat', 'dumpText', 'dumpJson', 'textTable'].includes(key))).toEqual([]);
  });

  it('the root re-exports every named export of every subpath but gameanim/three, as the same values', () => {
    // gameanim/three and gameanim/gltf are adapters for optional peers: the root never loads them.
    const subpaths = Object.keys(pkg.exports).filter((subpath) => !['.', './package.json', './three', './gltf'].includes(subpath));
    expect(subpaths).toEqual(expect.arrayContaining(['./ifp', './iff', './sprite', './dff']));
    const out = node(`
      import * as root from 'gameanim';
      const missing = [];
      for (const subpath of ${JSON.stringify(subpaths)}) {
        const module = await import('gameanim' + subpath.slice(1));
        for (const [name, value] of Object.entries(module)) if (name !== 'default' && root[name] !== value) missing.push(subpath + ':' + name);
      }
      console.log(JSON.stringify(missing));
    `);
    expect(JSON.parse(out)).toEqual([]);
  });
});
