// Where the command line's package lies, found by its name: the same answer from the built files
// (packages/cli/dist/...), from an installed package (node_modules/@gameanim/cli) and from tests. Kept
// here, below the command line, so the benchmarks use it without importing the command line (which
// loads them): src/cli/package-dir.ts re-exports it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const manifestPath = require.resolve('@gameanim/cli/package.json');

/** The folder of @gameanim/cli's package.json. */
export const CLI_PACKAGE_DIR = dirname(manifestPath);
const manifest = require(manifestPath) as { version: string; repository: { url: string } };
export const CLI_VERSION = manifest.version;
/**
 * The repository's web address, from the manifest ("git+https://.../x.git" -> "https://.../x"): where the guides are for an installed
 * package.
 */
export const CLI_REPOSITORY_URL = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
/** The repository's top, for what only runs from a clone (the demo, `bench --record`). */
export const REPOSITORY_DIR = join(CLI_PACKAGE_DIR, '..', '..');
