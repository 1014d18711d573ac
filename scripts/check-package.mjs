// `node scripts/check-package.mjs` (run by .ci/run, after the build): packs both packages as npm would
// publish them; installs the library alone into an empty project (it must pull no other package),
// then the command line beside it, and uses them there as a user would: the CLI on files (bench
// --quick included), and strict TypeScript 5.7 (the oldest the types support) on a consumer; then the glTF peer's
// types in the two configurations the README gives; then the engine examples against three's and Babylon's types.
// Any install warning, failing command or type error fails the check.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'gameanim-package-'));
const run = (command, args, cwd) => {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' },
    });
  } catch (error) {
    // tsc prints its errors on stdout, which the thrown message leaves out.
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
};
const step = (what) => console.log(`package check: ${what}`);

// The packages' prepack scripts would build again: the build has just run, so pack without them.
const pack = (workspace) => {
  step(`npm pack -w ${workspace}`);
  const name = run('npm', ['pack', '-w', workspace, '--pack-destination', work, '--ignore-scripts', '--silent'], root)
    .trim()
    .split('\n')
    .at(-1);
  return join(work, name);
};
const libraryTarball = pack('gameanim');
const cliTarball = pack('@gameanim/cli');
const listing = (tarball) => run('tar', ['-tzf', tarball], work).split('\n');
if (!listing(cliTarball).includes('package/dist/viewer/index.html')) throw new Error('the command line package ships no viewer');
if (listing(libraryTarball).some((path) => /package\/dist\/(cli|bench|viewer|formats\.js)/.test(path)))
  throw new Error('the library package ships tool files');

const project = join(work, 'consumer');
execFileSync('mkdir', [project]);
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
// npm prints its warnings on stderr: read both streams.
const install = (...tarballs) => {
  const result = spawnSync('npm', ['install', ...tarballs, '--no-fund', '--no-audit', '--loglevel=warn'], {
    cwd: project,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm install failed:\n${result.stdout}${result.stderr}`);
  if (/warn/i.test(result.stdout + result.stderr)) throw new Error(`npm warned while installing:\n${result.stdout}${result.stderr}`);
};
step('npm install of the library alone into an empty project: no other package, no install scripts');
install(libraryTarball);
const installed = readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
if (installed.join() !== 'gameanim') throw new Error(`installing the library pulled in more than itself: ${installed.join(', ')}`);
step('npm install of the command line beside it');
install(libraryTarball, cliTarball);

for (const file of ['anp3-all-types.ifp', 'dff-ped-5bone.dff', 'sprites-all-opcodes.anim', 'anm2-2bone.iff'])
  copyFileSync(join(root, 'fixtures', file), join(project, file));
const cli = (...args) => {
  step(`npx gameanim ${args.join(' ')}`);
  return run('npx', ['--no-install', 'gameanim', ...args], project);
};
cli('info', 'anp3-all-types.ifp', 'dff-ped-5bone.dff', 'sprites-all-opcodes.anim', 'anm2-2bone.iff');
cli('list', 'anp3-all-types.ifp');
cli('dump', 'anp3-all-types.ifp', '--json');
cli('bind', 'dff-ped-5bone.dff', 'anp3-all-types.ifp');
const bench = cli('bench', '--quick', '--corpus', join(work, 'corpus'), '--out', join(project, 'bench.md'));
if (!/\| simd( \(too small to mean anything\))? \|/.test(bench)) throw new Error(`bench printed no table:\n${bench}`);
if (readdirSync(project).some((name) => name === 'bench' || name === 'RESULTS.md'))
  throw new Error('bench wrote files it was not asked to');

step('npx gameanim export without the optional peer @gltf-transform/core: exit 3 and one line');
const noPeer = spawnSync('npx', ['--no-install', 'gameanim', 'export', 'dff-ped-5bone.dff', 'anp3-all-types.ifp', '-o', 'out.glb'], {
  cwd: project,
  encoding: 'utf8',
});
if (noPeer.status !== 3 || !/npm install @gltf-transform\/core/.test(noPeer.stderr) || /\n\s+at /.test(noPeer.stderr))
  throw new Error(`export without its peer: exit ${noPeer.status}\n${noPeer.stderr}`);

step('strict TypeScript 5.7 on a consumer of the published types');
run('npm', ['install', '--no-fund', '--no-audit', '--loglevel=error', 'typescript@5.7.3'], project);
writeFileSync(
  join(project, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      noEmit: true,
      skipLibCheck: false,
      types: [],
    },
    files: ['consumer.ts'],
  }),
);
writeFileSync(
  join(project, 'consumer.ts'),
  `
import { IFPReader, DFFReader, bindClip, createPose, sampleClip, poseToMatrices, DecodeError, type Skeleton, type SkeletalClip } from 'gameanim';
import IFPReaderDefault from 'gameanim/ifp';
declare const bytes: Uint8Array;
const reader: IFPReader = new IFPReaderDefault(bytes);
const clip: SkeletalClip = reader.animations[0]!;
const skeleton: Skeleton | null = new DFFReader(bytes).skeleton;
if (skeleton) {
  const pose = createPose(skeleton);
  sampleClip(bindClip(clip, skeleton), 0.5, pose);
  const world: Float32Array = poseToMatrices(pose, skeleton);
  void world;
}
try { new IFPReader(bytes, { strict: true }); } catch (error) { if (error instanceof DecodeError) console.log(error.code, error.offset); }
`,
);
run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', project], project);

// The glTF peer's own types: @gltf-transform/core 4.4 and later name Float16Array, which TypeScript
// declares from 5.9 on, in lib esnext.float16. Both configurations the README gives are checked.
const gltfConsumer = `
import { WebIO, type Document } from '@gltf-transform/core';
import { IFPReader, DFFReader } from 'gameanim';
import { exportGltf, importGltf } from 'gameanim/gltf';
declare const bytes: Uint8Array;
const model = new DFFReader(bytes);
const { glb } = await exportGltf({ model, clips: new IFPReader(bytes).animations });
if (!glb) throw new Error('a .glb unless asked for .gltf');
const document: Document = await new WebIO().readBinary(glb);
const { packages } = await importGltf(glb, { skeleton: model.skeleton!, format: 'ANP3' });
console.log(document.getRoot().listAnimations().length, packages.length);
`;
const checkGltfTypes = (gltfTransform, typescript, lib) => {
  step(
    `strict TypeScript ${typescript} on a consumer of gameanim/gltf with @gltf-transform/core ${gltfTransform}${lib ? ` and lib ${lib.join(', ')}` : ''}`,
  );
  const dir = join(work, `gltf-types-${gltfTransform}`);
  execFileSync('mkdir', [dir]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'gltf-consumer', version: '1.0.0', private: true, type: 'module' }));
  run(
    'npm',
    [
      'install',
      '--no-fund',
      '--no-audit',
      '--loglevel=error',
      libraryTarball,
      `@gltf-transform/core@${gltfTransform}`,
      `typescript@${typescript}`,
    ],
    dir,
  );
  const options = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    noEmit: true,
    skipLibCheck: false,
    types: [],
    ...(lib ? { lib } : {}),
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['consumer.ts'] }));
  writeFileSync(join(dir, 'consumer.ts'), gltfConsumer);
  run(join(dir, 'node_modules', '.bin', 'tsc'), ['-p', dir], dir);
};
checkGltfTypes('4.3.0', '5.7.3');
checkGltfTypes('4.5.1', '5.9.3', ['es2022', 'esnext.float16', 'dom']);

// The engine examples as a user's app compiles them: strict TypeScript 5.7 against the published
// types of the library and of each engine, one project per engine, library checks on. Babylon.js's own
// declarations name WebGPU types (@webgpu/types) and do not pass a library check at every version of
// them: errors inside node_modules/@babylonjs and @webgpu are Babylon's and are left out; any other fails.
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
const checkExample = (engine, packages, types = []) => {
  step(`strict TypeScript 5.7 on the ${engine} example with ${packages.join(', ')}`);
  const dir = join(work, `example-${engine}`);
  execFileSync('mkdir', ['-p', join(dir, engine)]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `example-${engine}`, version: '1.0.0', private: true, type: 'module' }));
  run('npm', ['install', '--no-fund', '--no-audit', '--loglevel=error', libraryTarball, ...packages, 'typescript@5.7.3'], dir);
  copyFileSync(join(root, 'examples', engine, 'main.ts'), join(dir, engine, 'main.ts'));
  const options = {
    strict: true,
    noUncheckedIndexedAccess: true,
    module: 'es2022',
    moduleResolution: 'bundler',
    target: 'es2022',
    lib: ['es2022', 'dom'],
    noEmit: true,
    skipLibCheck: false,
    types,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: [`${engine}/main.ts`] }));
  const result = spawnSync(join(dir, 'node_modules', '.bin', 'tsc'), ['-p', dir], { cwd: dir, encoding: 'utf8' });
  const ours = result.stdout.split('\n').filter((line) => /error TS/.test(line) && !/^node_modules\/(@babylonjs|@webgpu)\//.test(line));
  if (ours.length || (result.status !== 0 && !result.stdout))
    throw new Error(`the ${engine} example does not compile:\n${ours.join('\n') || result.stderr}`);
};
checkExample('three', [`three@${pinned.three}`, `@types/three@${pinned['@types/three']}`]);
checkExample('babylon', [`@babylonjs/core@${pinned['@babylonjs/core']}`, '@webgpu/types@0.1.74'], ['@webgpu/types']);
console.log('package check: passed');
