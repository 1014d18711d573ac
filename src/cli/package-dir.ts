// The command line's package folder and version: bench/package-dir.ts, which the benchmarks share.
export { CLI_PACKAGE_DIR, CLI_REPOSITORY_URL, CLI_VERSION, REPOSITORY_DIR } from '../../bench/package-dir.js';
