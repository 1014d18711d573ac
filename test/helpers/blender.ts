// Debian's Blender, headless at its defaults, driven by test/gltf/blender-loop.py, and the built CLI:
// what the Blender tests share.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const blender = spawnSync('blender', ['--version'], { encoding: 'utf8' });
export const haveBlender = blender.status === 0;
if (!haveBlender && process.env['CI']) throw new Error("CI needs Debian's blender; .ci/run installs it");
/** Debian's Blender on the PATH, for `describeWith`/`itWith`. */
export const BLENDER = { met: haveBlender, missing: "no blender on the PATH (.ci/run installs Debian's)" } as const;
export const blenderVersion = haveBlender ? blender.stdout.split('\n')[0] : 'not found';

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};
/** The built CLI; throws with its output unless it exits 0. */
export const gameanim = (...args: string[]) => run(process.execPath, [join(root, 'packages/cli/dist/src/cli/main.js'), ...args]);
/**
 * Runs a Python script of the tests (a path from the repository's top) in Blender, headless at its defaults, with these arguments; its
 * output.
 */
export const blenderScript = (script: string, ...args: string[]) =>
  run('blender', ['-b', '--factory-startup', '--python', join(root, script), '--', ...args]);
/**
 * Blender imports `input`, optionally turns one bone's key, and exports `output`: 'sampled' (every default), 'unsampled' (Always Sample
 * Animations off) or 'sampled60' (the scene at 60 fps before the import).
 */
export const blenderLoop = (input: string, output: string, bone: string, sampling: 'sampled' | 'unsampled' | 'sampled60') =>
  blenderScript('test/gltf/blender-loop.py', input, output, bone, sampling);
