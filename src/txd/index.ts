import { TXDReader } from './reader.js';

export default TXDReader;
export { TXDReader, TXDTexture, type TXDReaderOptions } from './reader.js';
export { TxdTexture } from './reader.js';
export { writeTXD } from './writer.js';
export { txdFormat } from './format.js';
export type {
  AddressMode,
  FilterMode,
  TextureData,
  TextureDictionaryData,
  TextureFormatName,
  TextureLevel,
  UnknownSection,
} from './types.js';
export { TXD_CODES } from './codes.js';
