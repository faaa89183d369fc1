/**
 * Saber's tracking pictures (`diagram-view`, `resource-view` are shown in an <img> or a frame):
 * the model drawn as SVG from its own layout (BPMN DI), the steps done in green, the open tasks in
 * red, the flows taken in bold. Read from XML already checked on deploy (no DOCTYPE, no entities);
 * every text put in the picture is escaped.
 */

interface Shape {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Edge {
  id: string;
  points: { x: number; y: number }[];
}
export interface Highlight {
  completed: string[];
  active: string[];
  flows: string[];
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
const num = (tag: string, name: string) => Number(attr(tag, name) ?? 0);
const escapeText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
/** Entities the XML itself wrote in a name (`&amp;`), read back before escaping again. */
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] as string);

function readLayout(xml: string) {
  const shapes: Shape[] = [];
  for (const match of xml.matchAll(/<(?:[\w-]+:)?BPMNShape\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNShape>/g)) {
    const bounds = /<(?:[\w-]+:)?Bounds\b([^>]*)\/?>/.exec(match[2]);
    const id = attr(match[1], 'bpmnElement');
    if (!bounds || !id) continue;
    shapes.push({ id, x: num(bounds[1], 'x'), y: num(bounds[1], 'y'), width: num(bounds[1], 'width'), height: num(bounds[1], 'height') });
  }
  const edges: Edge[] = [];
  for (const match of xml.matchAll(/<(?:[\w-]+:)?BPMNEdge\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNEdge>/g)) {
    const id = attr(match[1], 'bpmnElement');
    if (!id) continue;
    const points = [...match[2].matchAll(/<(?:[\w-]+:)?waypoint\b([^>]*)\/?>/g)].map((p) => ({ x: num(p[1], 'x'), y: num(p[1], 'y') }));
    edges.push({ id, points });
  }
  const kinds = new Map<string, { type: string; name: string }>();
  for (const match of xml.matchAll(/<(?:[\w-]+:)?(\w+)\b([^>]*\bid\s*=\s*"[^"]*"[^>]*)>/g)) {
    const id = attr(match[2], 'id');
    if (id && !kinds.has(id)) kinds.set(id, { type: match[1], name: unescapeXml(attr(match[2], 'name') ?? '') });
  }
  return { shapes, edges, kinds };
}

export function renderDiagramSvg(xml: string, highlight: Highlight = { completed: [], active: [], flows: [] }): string {
  const { shapes, edges, kinds } = readLayout(xml);
  const all = [...shapes.flatMap((s) => [s.x + s.width, s.y + s.height]), ...edges.flatMap((e) => e.points.flatMap((p) => [p.x, p.y]))];
  const width = Math.max(200, ...all.filter((_, i) => i % 2 === 0)) + 40;
  const height = Math.max(100, ...all.filter((_, i) => i % 2 === 1)) + 40;
  const colour = (id: string) => (highlight.active.includes(id) ? '#e53935' : highlight.completed.includes(id) ? '#2e7d32' : '#444');
  const parts: string[] = [];
  for (const edge of edges) {
    const taken = highlight.flows.includes(edge.id);
    const points = edge.points.map((p) => `${p.x},${p.y}`).join(' ');
    parts.push(
      `<polyline points="${points}" fill="none" stroke="${taken ? '#2e7d32' : '#888'}" stroke-width="${taken ? 3 : 1.5}" marker-end="url(#arrow)"/>`,
    );
    const name = kinds.get(edge.id)?.name;
    const mid = edge.points[Math.floor(edge.points.length / 2)];
    if (name && mid) parts.push(`<text x="${mid.x + 4}" y="${mid.y - 4}" font-size="11" fill="#666">${escapeText(name)}</text>`);
  }
  for (const shape of shapes) {
    const kind = kinds.get(shape.id)?.type ?? '';
    const stroke = colour(shape.id);
    const strokeWidth = stroke === '#444' ? 1.5 : 3;
    const name = escapeText(kinds.get(shape.id)?.name ?? '');
    const cx = shape.x + shape.width / 2;
    const cy = shape.y + shape.height / 2;
    if (/Event$/.test(kind)) {
      const r = Math.min(shape.width, shape.height) / 2;
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" stroke="${stroke}" stroke-width="${kind === 'endEvent' ? strokeWidth + 2 : strokeWidth}"/>`,
      );
      if (name) parts.push(`<text x="${cx}" y="${shape.y + shape.height + 14}" font-size="12" text-anchor="middle">${name}</text>`);
    } else if (/Gateway$/.test(kind)) {
      const mark = kind === 'parallelGateway' ? '+' : kind === 'inclusiveGateway' ? 'O' : 'X';
      parts.push(
        `<polygon points="${cx},${shape.y} ${shape.x + shape.width},${cy} ${cx},${shape.y + shape.height} ${shape.x},${cy}" fill="#fff" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
        `<text x="${cx}" y="${cy + 5}" font-size="14" text-anchor="middle">${mark}</text>`,
      );
    } else if (kind) {
      parts.push(
        `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" rx="8" fill="#fff" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
        `<text x="${cx}" y="${cy + 4}" font-size="12" text-anchor="middle">${name}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#888"/></marker></defs>
${parts.join('\n')}
</svg>
`;
}
