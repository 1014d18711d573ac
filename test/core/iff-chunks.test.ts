import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/core/errors.js';
import { groupContents, iffChunks, isGroup } from '../../src/core/iff-chunks.js';
import { decodeErrorOf } from '../helpers/errors.js';
import { chunk, concat, form } from '../helpers/iff-bytes.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('iffChunks', () => {
  it('walks chunks with big-endian sizes, skipping the pad byte after odd payloads', () => {
    const data = concat(chunk('ODD1', bytes('abc')), chunk('EVEN', bytes('abcd')), chunk('ZERO', new Uint8Array(0)));
    expect([...iffChunks(data, 0, data.length, 'IFF')]).toEqual([
      { id: 'ODD1', offset: 0, size: 3, dataOffset: 8 },
      { id: 'EVEN', offset: 12, size: 4, dataOffset: 20 },
      { id: 'ZERO', offset: 24, size: 0, dataOffset: 32 },
    ]);
  });

  it('descends into nested FORMs', () => {
    const data = form('OUTR', chunk('AAAA', bytes('x')), form('INNR', chunk('BBBB', bytes('yz'))));
    const [outer] = [...iffChunks(data, 0, data.length, 'IFF')];
    expect(isGroup(outer!)).toBe(true);
    const { type, chunks } = groupContents(data, outer!, 'IFF');
    const children = [...chunks];
    expect([type, children.map((c) => c.id)]).toEqual(['OUTR', ['AAAA', 'FORM']]);
    const inner = groupContents(data, children[1]!, 'IFF');
    expect([inner.type, [...inner.chunks].map((c) => [c.id, c.size])]).toEqual(['INNR', [['BBBB', 2]]]);
  });

  it('rejects a chunk that runs past its container, and a cut header, at their offsets', () => {
    const data = concat(chunk('GOOD', bytes('ab')), chunk('LONG', bytes('ab'), 1000));
    expect(() => [...iffChunks(data, 0, data.length, 'IFF')]).toThrow(DecodeError);
    expect(decodeErrorOf(() => [...iffChunks(data, 0, data.length, 'IFF')])).toMatchObject({
      format: 'IFF',
      code: 'truncated',
      offset: 10,
    });
    expect(() => [...iffChunks(data, 0, 13, 'IFF')]).toThrow(/chunk header needs 8 bytes/);
  });
});
