import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { keypressStdin, splitKeypresses } from './keypress-stdin.js';

describe('keypresses arriving in one chunk', () => {
  it('are cut before and after every control character, keeping typed text and escape sequences whole', () => {
    expect(splitKeypresses('lockedone\r')).toEqual(['lockedone', '\r']);
    expect(splitKeypresses('ab\x7f\tc\x15')).toEqual(['ab', '\x7f', '\t', 'c', '\x15']);
    expect(splitKeypresses('用户\x1b[Bx\r\r')).toEqual(['用户\x1b[Bx', '\r', '\r']);
    expect(splitKeypresses('\x1b[5~')).toEqual(['\x1b[5~']);
    expect(splitKeypresses('q')).toEqual(['q']);
  });

  it('come out of the wrapped stdin one piece per read, in order, then null', () => {
    const stream = new PassThrough();
    stream.setEncoding('utf8');
    const stdin = keypressStdin(stream as unknown as NodeJS.ReadStream);
    stream.write('admin\radmin\r');
    const reads: unknown[] = [];
    for (let piece = stdin.read(); piece !== null; piece = stdin.read()) reads.push(piece);
    expect(reads).toEqual(['admin', '\r', 'admin', '\r']);
    expect(stdin.readable).toBe(true);
  });
});
