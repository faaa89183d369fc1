import { describe, expect, it } from 'vitest';
import { captchaLines, flattenPath } from './captcha-picture.js';

const svgUrl = (body: string, width = 8, height = 4) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0,0,${width},${height}">${body}</svg>`).toString('base64')}`;

describe('the captcha drawn with half blocks', () => {
  it('fills a closed path by the non-zero rule, two pixel rows a line', () => {
    // A 4×2 block at the top left and a 2×2 block at the bottom right of an 8×4 picture.
    const lines = captchaLines(svgUrl('<path fill="#123456" d="M0 0L4 0L4 2L0 2Z"/><path fill="red" d="M6 2 h2 v2 h-2 z"/>'), 8);
    expect(lines).toEqual(['████    ', '      ██']);
  });

  it('draws the top or the bottom half of a cell alone, and leaves stroked noise lines out', () => {
    const lines = captchaLines(
      svgUrl('<path d="M0 0L2 0L2 1L0 1Z"/><path d="M2 1L4 1L4 2L2 2Z"/><path fill="none" stroke="#000" d="M0 3 C2 3,4 3,8 3"/>'),
      8,
    );
    expect(lines).toEqual(['▀▀▄▄    ', '        ']);
  });

  it('scales the picture to the columns given, keeping pixels square', () => {
    const lines = captchaLines(svgUrl('<path d="M0 0L8 0L8 4L0 4Z"/>'), 4);
    expect(lines).toEqual(['████']);
  });

  it('turns curves into lines and answers nothing for a picture it cannot read', () => {
    const [outline] = flattenPath('M0 0 Q5 10 10 0 Z');
    expect(outline.length).toBe(9);
    expect(outline[4][1]).toBeCloseTo(5);
    expect(captchaLines('data:image/gif;base64,R0lGOD', 10)).toEqual([]);
  });
});
