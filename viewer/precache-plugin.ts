// Lists the build's files in precache.json for the offline cache (viewer/public/sw.js): their names
// carry content hashes, so only the build knows them.
import type { Plugin } from 'vite';

export function precacheList(): Plugin {
  return {
    name: 'gameanim-precache-list',
    apply: 'build',
    // After the HTML plugin: index.html is in the bundle by then.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => !name.endsWith('.map'));
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(['./', ...files.map((name) => `./${name}`)]) });
    },
  };
}
