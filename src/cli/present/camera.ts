// What the command line and the viewer print for this format (see ../presentation.ts).
import { type CameraPathReader, cameraPathFormat } from 'gameanim';
import { f32Text, plural } from '../text.js';
import type { Presentation } from '../presentation.js';

const CHANNELS = ['zoom', 'roll', 'position', 'target'] as const;

export const cameraPathPresentation: Presentation<CameraPathReader> = {
  format: cameraPathFormat,
  summary: (path) =>
    `camera path: ${CHANNELS.map((name) => plural(path[name].times.length, `${name} key`)).join(', ')}, ${f32Text(Math.fround(path.duration))} s`,
  dumpText(path, print) {
    for (const name of CHANNELS) {
      const { times, values, width } = path[name];
      print(`${name}: ${plural(times.length, 'key')}`);
      for (let k = 0; k < times.length; k++)
        print(`  t ${f32Text(times[k]!)}  ${Array.from(values.subarray(k * width, k * width + width), f32Text).join(' ')}`);
    }
    for (const w of path.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson: (path, file) => ({
    file,
    format: 'CAM',
    warnings: path.warnings,
    duration: path.duration,
    ...Object.fromEntries(CHANNELS.map((name) => [name, { times: Array.from(path[name].times), values: Array.from(path[name].values) }])),
  }),
};
