// Loads the plug-ins GAMEANIM_PLUGINS names (./plugins.ts) when the command line starts: imported for
// this effect only, by every module that reads an input (./inputs.ts), so every command and every
// export worker thread knows the plug-ins' formats before it reads a byte. A plug-in that cannot be
// loaded ends the command here with one line and exit 2, as a usage error does.
import { exitCodeFor } from './exit-codes.js';
import { loadPlugins, PLUGINS_VARIABLE } from './plugins.js';
import { printable } from './text.js';
import { UsageError } from './usage-error.js';

try {
  await loadPlugins(process.env[PLUGINS_VARIABLE]);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`gameanim: ${printable(error.message)}\n`);
  process.exit(exitCodeFor(error.code));
}
