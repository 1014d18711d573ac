// The API reference of the published library: one TypeDoc module per subpath the package exports,
// read from packages/gameanim/package.json, so a new format's subpath is documented without an edit here.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../../packages/gameanim/package.json', import.meta.url), 'utf8'));
const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath === '.' || /^\.\/[a-z0-9]+$/.test(subpath));

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'gameanim',
  entryPoints: subpaths.map((subpath) => (subpath === '.' ? '../../src/index.ts' : `../../src/${subpath.slice(2)}/index.ts`)),
  tsconfig: '../../tsconfig.json',
  out: '../../docs/api',
  readme: 'none',
  excludeInternal: true,
  excludePrivate: true,
  // The build type-checks the sources with the project's own compiler; TypeDoc only documents them.
  skipErrorChecking: true,
  validation: { notExported: false, invalidLink: false },
  logLevel: 'Warn',
};
