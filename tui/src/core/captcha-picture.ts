/**
 * The sign-in captcha drawn in a terminal. The server answers the picture as an SVG data URL
 * (svg-captcha: every letter is one filled path of M/L/Q/Z commands, noise lines are stroked
 * curves). A terminal cannot show it as is, so the letters are rasterised here and drawn with
 * Unicode half blocks: each character cell holds two square pixels (▀ top, ▄ bottom, █ both).
 *
 * Noise lines (paths with fill="none") are left out: at half the picture's resolution a 1-pixel
 * line only blurs the letters, and the answer is the letters.
 */

type Point = readonly [number, number];

interface Picture {
  width: number;
  height: number;
  /** Closed outlines of the filled shapes, filled by the non-zero rule (SVG's default). */
  outlines: Point[][];
}

/** Subsamples per pixel side: a pixel is ink when at least a third of its samples are. */
const SAMPLES = 4;
const INK_SHARE = 1 / 8;

/** The lines of half-block characters showing `dataUrl` in `columns` cells (empty when it is no SVG). */
export function captchaLines(dataUrl: string, columns: number): string[] {
  const svg = svgOf(dataUrl);
  if (!svg) return [];
  const picture = parseSvg(svg);
  if (!picture.width || !picture.height || columns < 1) return [];
  const scale = columns / picture.width;
  const rows = Math.max(2, Math.round(picture.height * scale));
  const ink = rasterise(picture, columns, rows + (rows % 2), scale);
  const lines: string[] = [];
  for (let y = 0; y < ink.length; y += 2) {
    let line = '';
    for (let x = 0; x < columns; x++) line += HALF_BLOCKS[(ink[y][x] ? 2 : 0) + (ink[y + 1]?.[x] ? 1 : 0)];
    lines.push(line);
  }
  return lines;
}

/** Index: 2 = top pixel inked, 1 = bottom pixel inked. */
const HALF_BLOCKS = [' ', '▄', '▀', '█'] as const;

function svgOf(dataUrl: string): string | undefined {
  const match = /^data:image\/svg\+xml(;base64)?,(.*)$/s.exec(dataUrl.trim());
  if (!match) return undefined;
  return match[1] ? Buffer.from(match[2], 'base64').toString('utf8') : decodeURIComponent(match[2]);
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

export function parseSvg(svg: string): Picture {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const viewBox = attribute(root, 'viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  const width = Number(attribute(root, 'width') ?? viewBox?.[2] ?? 0);
  const height = Number(attribute(root, 'height') ?? viewBox?.[3] ?? 0);
  const outlines: Point[][] = [];
  for (const [tag] of svg.matchAll(/<path\b[^>]*>/g)) {
    if ((attribute(tag, 'fill') ?? 'black') === 'none') continue;
    outlines.push(...flattenPath(attribute(tag, 'd') ?? ''));
  }
  return { width, height, outlines };
}

/** Segments per curve when a Q or C is turned into straight lines. */
const CURVE_STEPS = 8;

/** The outlines of a path's `d` (M, L, H, V, Q, C, Z; absolute and relative), curves as short lines. */
export function flattenPath(d: string): Point[][] {
  const tokens = d.match(/[MLHVQCZmlhvqcz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const outlines: Point[][] = [];
  let current: Point[] = [];
  let at: Point = [0, 0];
  let start: Point = [0, 0];
  let command = '';
  let i = 0;
  const number = () => Number(tokens[i++]);
  const point = (relative: boolean): Point => {
    const x = number();
    const y = number();
    return relative ? [at[0] + x, at[1] + y] : [x, y];
  };
  const close = () => {
    if (current.length > 2) outlines.push(current);
    current = [];
  };
  while (i < tokens.length) {
    if (/^[A-Za-z]$/.test(tokens[i])) command = tokens[i++];
    else if (!command) break;
    const relative = command === command.toLowerCase();
    switch (command.toUpperCase()) {
      case 'M':
        close();
        at = point(relative);
        start = at;
        current = [at];
        // Further pairs after a moveto are linetos.
        command = relative ? 'l' : 'L';
        break;
      case 'L':
        at = point(relative);
        current.push(at);
        break;
      case 'H':
        at = [relative ? at[0] + number() : number(), at[1]];
        current.push(at);
        break;
      case 'V':
        at = [at[0], relative ? at[1] + number() : number()];
        current.push(at);
        break;
      case 'Q': {
        const from = at;
        const control = point(relative);
        const to = point(relative);
        for (let s = 1; s <= CURVE_STEPS; s++) current.push(quadratic(from, control, to, s / CURVE_STEPS));
        at = to;
        break;
      }
      case 'C': {
        const from = at;
        const c1 = point(relative);
        const c2 = point(relative);
        const to = point(relative);
        for (let s = 1; s <= CURVE_STEPS; s++) current.push(cubic(from, c1, c2, to, s / CURVE_STEPS));
        at = to;
        break;
      }
      case 'Z':
        close();
        at = start;
        command = '';
        break;
      default:
        return outlines;
    }
  }
  close();
  return outlines;
}

const quadratic = (a: Point, b: Point, c: Point, t: number): Point => {
  const u = 1 - t;
  return [u * u * a[0] + 2 * u * t * b[0] + t * t * c[0], u * u * a[1] + 2 * u * t * b[1] + t * t * c[1]];
};
const cubic = (a: Point, b: Point, c: Point, d: Point, t: number): Point => {
  const u = 1 - t;
  const k = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [k[0] * a[0] + k[1] * b[0] + k[2] * c[0] + k[3] * d[0], k[0] * a[1] + k[1] * b[1] + k[2] * c[1] + k[3] * d[1]];
};

/**
 * Which pixels of a `columns` × `rows` grid are ink: each pixel is sampled SAMPLES × SAMPLES
 * times along scanlines, each scanline filled between its crossings by the non-zero rule.
 */
function rasterise(picture: Picture, columns: number, rows: number, scale: number): boolean[][] {
  const counts = Array.from({ length: rows }, () => new Array<number>(columns).fill(0));
  const edges = picture.outlines.flatMap((outline) =>
    outline.map((from, k) => {
      const to = outline[(k + 1) % outline.length];
      return [from[0] * scale, from[1] * scale, to[0] * scale, to[1] * scale] as const;
    }),
  );
  for (let sy = 0; sy < rows * SAMPLES; sy++) {
    const y = (sy + 0.5) / SAMPLES;
    const crossings: { x: number; winding: number }[] = [];
    for (const [x1, y1, x2, y2] of edges) {
      if (y1 === y2 || y < Math.min(y1, y2) || y >= Math.max(y1, y2)) continue;
      crossings.push({ x: x1 + ((y - y1) / (y2 - y1)) * (x2 - x1), winding: y2 > y1 ? 1 : -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let k = 0; k < crossings.length - 1; k++) {
      winding += crossings[k].winding;
      if (winding === 0) continue;
      // Samples whose centre lies between this crossing and the next are inside.
      const first = Math.max(0, Math.ceil(crossings[k].x * SAMPLES - 0.5));
      const last = Math.min(columns * SAMPLES - 1, Math.floor(crossings[k + 1].x * SAMPLES - 0.5));
      for (let sx = first; sx <= last; sx++) counts[Math.floor(sy / SAMPLES)][Math.floor(sx / SAMPLES)]++;
    }
  }
  const needed = SAMPLES * SAMPLES * INK_SHARE;
  return counts.map((row) => row.map((count) => count >= needed));
}
