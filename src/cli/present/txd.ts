// What the command line and the viewer print for this format (see ../presentation.ts).
import { txdFormat, type TXDReader, type TXDTexture } from 'gameanim';
import { plural, textTable } from '../text.js';
import type { Presentation } from '../presentation.js';

const row = (t: TXDTexture) => [t.name, `${t.width}x${t.height}`, t.format, String(t.mipmapCount), t.hasAlpha ? 'yes' : 'no', t.maskName];

export const txdPresentation: Presentation<TXDReader> = {
  format: txdFormat,
  summary: (txd) =>
    `TXD: ${plural(txd.textures.length, 'texture')} (${[...new Set(txd.textures.map((t) => t.format))].join(', ') || 'none'})`,
  details: (txd) =>
    textTable(['texture', 'size', 'format', 'mipmaps', 'alpha', 'mask'], txd.textures.map(row), [0, 2, 5])
      .split('\n')
      .map((line) => `  ${line}`),
  dumpText(txd, print) {
    print(textTable(['texture', 'size', 'format', 'mipmaps', 'alpha', 'mask'], txd.textures.map(row), [0, 2, 5]));
    for (const t of txd.textures)
      print(
        `${t.name}: platform D3D${t.platformId}, filter ${t.filter}, address ${t.addressU}/${t.addressV}, raster 0x${t.rasterFormat.toString(16)}, levels ${t.levels.map((l) => `${l.width}x${l.height} (${l.data.length} B)`).join(', ')}`,
      );
    for (const w of txd.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson: (txd, file) => ({
    file,
    format: 'TXD',
    warnings: txd.warnings,
    deviceId: txd.deviceId,
    textures: txd.textures.map((t) => ({
      name: t.name,
      maskName: t.maskName,
      width: t.width,
      height: t.height,
      format: t.format,
      hasAlpha: t.hasAlpha,
      platform: `D3D${t.platformId}`,
      filter: t.filter,
      addressU: t.addressU,
      addressV: t.addressV,
      rasterFormat: t.rasterFormat,
      levels: t.levels.map((l) => ({ width: l.width, height: l.height, bytes: l.data.length })),
    })),
  }),
};
