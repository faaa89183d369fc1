interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Canvas {
  resized(): void;
  viewbox(box?: Box): Box & { inner: Box; outer: { width: number; height: number } };
}
interface Diagram {
  get(name: string): unknown;
}

/**
 * Shows the whole diagram, at most at its natural size, `left` pixels clear of the container's left
 * edge (the modeler's palette floats there) and centred in what is left.
 */
export function fitDiagram(diagram: Diagram, left = 20): void {
  if ((diagram.get('elementRegistry') as { getAll(): unknown[] }).getAll().length <= 1) return; // nothing drawn yet
  const canvas = diagram.get('canvas') as Canvas;
  const { inner, outer } = canvas.viewbox();
  if (!inner.width || !outer.width) return;
  const margin = 20;
  const scale = Math.min(1, (outer.width - left - margin) / inner.width, (outer.height - 2 * margin) / inner.height);
  if (!(scale > 0)) return;
  const padX = left + Math.max(0, (outer.width - left - margin - inner.width * scale) / 2);
  const padY = Math.max(margin, (outer.height - inner.height * scale) / 2);
  canvas.viewbox({ x: inner.x - padX / scale, y: inner.y - padY / scale, width: outer.width / scale, height: outer.height / scale });
}

/**
 * Fits the diagram to its container now and whenever the container changes size (a dialog
 * finishing its opening, a phone turned): bpmn-js measures its container only when asked.
 */
export function fitOnResize(container: HTMLElement, diagram: Diagram, left?: number): ResizeObserver {
  const observer = new ResizeObserver(() => {
    (diagram.get('canvas') as Canvas).resized();
    fitDiagram(diagram, left);
  });
  observer.observe(container);
  return observer;
}
