// The API reference of the published library: one TypeDoc module per subpath the package exports,
// read from packages/gameanim/package.json, so a new format's subpath is documented without an edit here.
import { readdirSync, readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../../packages/gameanim/package.json', import.meta.url), 'utf8'));
const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath === '.' || /^\.\/[a-z0-9]+$/.test(subpath));

// A format's registry entry (src/<format>/format.ts) implements FileFormat, whose members carry the
// documentation: its function members are not documented twice. (They are published from the index
// module; TypeDoc warns of a listed name it never meets, so the list holds only those.)
const source = new URL('../../src/', import.meta.url);
const registryMembers = readdirSync(source, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((folder) => {
    let text;
    try {
      text = readFileSync(new URL(`${folder.name}/format.ts`, source), 'utf8');
    } catch {
      return [];
    }
    return [...text.matchAll(/export const (\w+) = \{([\s\S]*?)\n\} satisfies FileFormat/g)].flatMap(([, name, body]) =>
      [...body.matchAll(/^ {2}(\w+)(?:: (?:\([^)]*\)|\w+) =>|\()/gm)].map(([, member]) => `index.${name}.__type.${member}`),
    );
  });

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
  // Source links from the manifest's repository, not from whatever remote a clone has.
  sourceLinkTemplate: `${manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/{gitRevision}/{path}#L{line}`,
  gitRevision: 'main',
  // Every exported function, class and method says what it does; a new one without a comment fails the build.
  validation: { notExported: false, invalidLink: false, notDocumented: true },
  requiredToBeDocumented: ['Function', 'Class', 'Method', 'Interface', 'TypeAlias', 'Variable'],
  intentionallyNotDocumented: registryMembers,
  treatWarningsAsErrors: true,
  logLevel: 'Warn',
};
