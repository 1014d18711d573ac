// The commands of `gameanim`, in the order the overview lists them and --json names them. A command is
// one spec (command-spec.ts) in its own file; adding one is that file and a line here.
import type { AnyCommand } from '../command-spec.js';
import { benchSpec } from './bench.js';
import { bindSpec } from './bind.js';
import { diffSpec } from './diff.js';
import { dumpSpec } from './dump.js';
import { editSpec } from './edit.js';
import { exportSpec } from './export.js';
import { imgSpec } from './img.js';
import { importSpec } from './import.js';
import { infoSpec } from './info.js';
import { lintSpec } from './lint.js';
import { listSpec } from './list.js';
import { retargetSpec } from './retarget.js';
import { txdSpec } from './txd.js';
import { viewSpec } from './view.js';

// biome-ignore format: one command a line, so adding one adds a line
export const COMMANDS: readonly AnyCommand[] = [
  infoSpec,
  listSpec,
  dumpSpec,
  bindSpec,
  exportSpec,
  importSpec,
  retargetSpec,
  viewSpec,
  imgSpec,
  editSpec,
  diffSpec,
  lintSpec,
  txdSpec,
  benchSpec,
];
