import type { FileFormat } from '../core/file-format.js';
import { CameraPathReader } from './reader.js';

/** Cutscene camera paths are text without a magic: found by their extension. */
export const cameraPathFormat: FileFormat<CameraPathReader> = {
  name: 'CAM',
  description: 'GTA III / VC / SA cutscene camera path (zoom, roll, position and target keys)',
  extensions: ['.dat'],
  namedClips: false,
  sniff: () => false,
  open: (bytes) => new CameraPathReader(bytes),
  warnings: (reader) => reader.warnings,
};
