import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const library = `${root}packages/gameanim/`;
const pkg = JSON.parse(readFileSync(`${library}package.json`, 'utf8'));
const cli = JSON.parse(readFileSync(`${root}packages/cli/package.json`, 'utf8'));
const workspace = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

/** Runs ESM code in a plain Node process from the project root, where `gameanim` resolves to packages/gameanim. */
function node(code: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' }).trim();
}

describe('the npm package', () => {
  it('is ESM, with types for every subpath of the exports map', () => {
    expect(pkg.name).toBe('gameanim');
    expect(pkg.type).toBe('module');
    for (const [subpath, target] of Object.entries<Record<string, string> | string>(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(existsSync(`${library}${target['types']}`), `${subpath} types`).toBe(true);
      expect(existsSync(`${library}${target['default']}`), `${subpath} code`).toBe(true);
    }
    // The library has no runtime dependency; the command line's progress bar and benchmark are its own.
    expect(pkg.dependencies).toBeUndefined();
    expect(cli.name).toBe('@gameanim/cli');
    expect(cli.bin).toEqual({ gameanim: 'dist/src/cli/main.js' });
    expect(Object.keys(cli.dependencies).sort()).toEqual(['cli-progress', 'fast-png', 'gameanim', 'pure-rand', 'tinybench']);
    expect(cli.dependencies.gameanim).toBe(pkg.version);
    expect(workspace.private).toBe(true);
    // The two published packages, and the private tool that builds the API reference (never published).
    expect(workspace.workspaces).toEqual(['packages/gameanim', 'packages/cli', 'tools/apidocs']);
    expect(JSON.parse(readFileSync(`${root}tools/apidocs/package.json`, 'utf8')).private).toBe(true);
    // Installing runs nothing: the only script either package has builds both when packing.
    for (const manifest of [pkg, cli]) expect(manifest.scripts).toEqual({ prepack: 'npm run build --prefix ../..' });
    // The registry's page links back: repository, homepage and issues.
    for (const manifest of [pkg, cli]) {
      expect(manifest.repository.url).toMatch(/^git\+https:\/\/github\.com\//);
      expect(manifest.homepage).toMatch(/^https:\/\//);
      expect(manifest.bugs.url).toMatch(/\/issues$/);
    }
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
    visit(`${root}packages/gameanim/dist/index.js`);
    expect([...packages]).toEqual([]);
  });

  it('keeps three.js, Babylon.js and glTF-Transform out of the package root: only gameanim/three, gameanim/babylon and gameanim/gltf import them', () => {
    // Follow every relative import from dist/index.js; none may name 'three'.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/from ['"](three|@babylonjs\/core[^'"]*|@gltf-transform\/core)['"]/);
      for (const [, spec] of code.matchAll(/from ['"](\.[^'"]+)['"]/g)) visit(new URL(spec!, `file://${file}`).pathname);
    };
    visit(`${root}packages/gameanim/dist/index.js`);
    expect(seen.size).toBeGreaterThan(20);
    expect(readFileSync(`${library}dist/three/animation-clip.js`, 'utf8')).toMatch(/from ['"]three['"]/);
    expect(pkg.peerDependenciesMeta.three.optional).toBe(true);
    expect(pkg.peerDependenciesMeta['@babylonjs/core'].optional).toBe(true);
    expect(readFileSync(`${library}dist/babylon/register.js`, 'utf8')).toMatch(/from ['"]@babylonjs\/core\/Loading\/sceneLoader\.js['"]/);
    expect(pkg.peerDependenciesMeta['@gltf-transform/core'].optional).toBe(true);
    expect(readFileSync(`${library}dist/gltf/export.js`, 'utf8')).toMatch(/from ['"]@gltf-transform\/core['"]/);
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
    expect(keys).toEqual(
      expect.arrayContaining([
        'IFPReader',
        'DecodeError',
        'writeIFP',
        'ready',
        'Track',
        'Animation',
        'IMGArchive',
        'writeIMG',
        'IFFReader',
        'writeIFF',
        'iffChunks',
        'SpriteAnimReader',
        'SpriteScriptRunner',
        'writeSpriteAnim',
        'disassemble',
        'ease',
        'DFFReader',
        'bindClip',
        'createSkeleton',
        'ifpFormat',
        'dffFormat',
        'CODES',
      ]),
    );
    // The registry is the library's; presentation (dump and summary text) belongs to the command line.
    expect(keys).toEqual(expect.arrayContaining(['FORMATS', 'findFormat', 'openFile']));
    expect(keys.filter((key: string) => ['PRESENTATIONS', 'findPresentation', 'dumpText', 'dumpJson', 'textTable'].includes(key))).toEqual(
      [],
    );
  });

  it('the root re-exports every named export of every subpath but the adapters, as the same values', () => {
    // gameanim/three, gameanim/babylon, gameanim/gltf and gameanim/retarget are adapters for optional peers: the root never loads them.
    const subpaths = Object.keys(pkg.exports).filter(
      (subpath) => !['.', './package.json', './three', './babylon', './gltf', './retarget'].includes(subpath) && !subpath.includes('*'),
    );
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

describe('the published types', () => {
  // Every declaration file a consumer's compiler can reach from the exports map.
  const reachable = new Set<string>();
  const visit = (file: string) => {
    if (reachable.has(file) || !existsSync(file)) return;
    reachable.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g))
      visit(new URL(spec!.replace(/\.js$/, '.d.ts'), `file://${file}`).pathname);
  };
  for (const target of Object.values<Record<string, string> | string>(pkg.exports))
    if (typeof target !== 'string') visit(`${library}${target['types']}`);

  // What the sources mark @internal: stripInternal takes it out of the declarations.
  const internalNames = new Set<string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );
  for (const file of walk(`${root}src`)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(
      /\/\*\*(?:\s|\*)*@internal[\s\S]*?\*\/\s*(?:export\s+)?(?:(?:readonly|function|interface|class|const|type|static|private)\s+)*(\w+)/g,
    ))
      internalNames.add(name!);
  }

  it('mention no name the sources mark @internal, and are stripped of it', () => {
    expect([...internalNames]).toEqual(expect.arrayContaining(['withLoan', 'takeLoan', 'decodeIFP', 'IFPArenaLoan', 'sampled']));
    expect(reachable.size).toBeGreaterThan(20);
    const mentions = [...reachable].flatMap((file) => {
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, ''); // declarations, not prose
      return [...internalNames]
        .filter((name) => new RegExp(`\\b${name}\\b`).test(text))
        .map((name) => `${file.slice(library.length)}: ${name}`);
    });
    expect(mentions).toEqual([]);
    expect([...reachable].filter((file) => readFileSync(file, 'utf8').includes('@internal'))).toEqual([]);
  });

  it('leave the tools out: no presentation or command line in the library package', () => {
    expect(existsSync(`${library}dist/registry.js`)).toBe(true);
    expect(existsSync(`${library}dist/cli`)).toBe(false);
    expect(readdirSync(`${library}dist/ifp`).filter((name) => name.startsWith('present'))).toEqual([]);
  });
});
