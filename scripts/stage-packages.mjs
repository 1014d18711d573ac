// `npm run build`, last step: each package gets the README and LICENSE it publishes (copied from the
// top of the repository, so there is one README to keep true), and the generated files are checked
// to be where the packages' "bin", "main" and "exports" point.
import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';

for (const name of ['gameanim', 'cli']) {
  copyFileSync('README.md', `packages/${name}/README.md`);
  copyFileSync('LICENSE', `packages/${name}/LICENSE`);
}
// The README's ANIM example reads this file from the package, as a user can.
mkdirSync('packages/gameanim/examples', { recursive: true });
copyFileSync('fixtures/sprites-all-opcodes.anim', 'packages/gameanim/examples/sprites.anim');
// The engine examples: their pages beside the scripts `npm run build:examples` compiled from examples/.
for (const engine of ['three', 'babylon']) copyFileSync(`examples/${engine}/index.html`, `packages/gameanim/examples/${engine}/index.html`);

for (const file of [
  'packages/gameanim/dist/index.js',
  'packages/gameanim/dist/index.d.ts',
  'packages/gameanim/examples/three/main.js',
  'packages/gameanim/examples/babylon/main.js',
  'packages/cli/dist/src/cli/main.js',
  'packages/cli/dist/viewer/index.html',
]) {
  if (!existsSync(file)) throw new Error(`build: ${file} is missing`);
}
// The command's bin is run by its shebang (`npx gameanim` in a clone): npm marks a bin executable when it
// links it, but `npm ci` on a fresh clone links it before the build has made the file, and the compiler
// writes it without the bit.
chmodSync('packages/cli/dist/src/cli/main.js', 0o755);
