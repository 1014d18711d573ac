import { describe, expect, it } from 'vitest';
import { indexByName, nameKey, readLatin1, writeLatin1 } from '../../src/core/names.js';

describe('names', () => {
  it('stops at the first NUL and ignores the junk after it', () => {
    const field = Uint8Array.from('WEAPON_start_throw\0ax5\0=', (c) => c.charCodeAt(0));
    expect(readLatin1(field, 0, 24)).toBe('WEAPON_start_throw');
  });

  it('decodes bytes as Latin-1 and keeps leading spaces', () => {
    expect(readLatin1(Uint8Array.of(0x20, 0x50, 0xe9, 0xff, 0), 0, 5)).toBe(' P\u00e9\u00ff');
  });

  it('never reads past the end of the data', () => {
    expect(readLatin1(Uint8Array.of(0x41, 0x42), 1, 24)).toBe('B');
  });

  it('folds ASCII case only, as the games compare', () => {
    expect(nameKey('WALK_Player')).toBe('walk_player');
    expect(nameKey('\u00c9T\u00c9')).toBe('\u00c9t\u00c9');
    const index = indexByName(['Run', 'RUN', 'walk'], (n) => n);
    expect(index.get('run')).toBe('Run');
  });

  it('refuses names that do not fit or are not Latin-1', () => {
    const target = new Uint8Array(4);
    expect(() => writeLatin1(target, 0, 4, 'toolong')).toThrow(RangeError);
    expect(() => writeLatin1(target, 0, 4, '\u20ac')).toThrow(RangeError);
    writeLatin1(target, 0, 4, 'ab');
    expect(Array.from(target)).toEqual([0x61, 0x62, 0, 0]);
  });
});
