import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmn.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import { fitDiagram, fitOnResize } from './bpmn-fit.js';
import { type FlowEdge, pathMarks, type Visit } from './diagram-path.js';

interface DiagramElement {
  id: string;
  type: string;
  businessObject?: { sourceRef?: { id: string }; targetRef?: { id: string } };
}

/** How a passed and an open element are drawn (bpmn-js draws with inline styles, so they are set the same way). */
const DONE = { marker: 'sso-flow-done', stroke: '#52c41a', fill: '#f6ffed', width: 3 };
const CURRENT = { marker: 'sso-flow-current', stroke: '#fa8c16', fill: '#fff7e6', width: 4 };

/** Colours an element's outline (a shape's first drawing, a connection's line) and a shape's inside. */
function paint(gfx: SVGElement | undefined, look: { stroke: string; fill: string; width: number }): void {
  const visual = gfx?.querySelector('.djs-visual');
  const outline = visual?.firstElementChild as SVGElement | null | undefined;
  if (!outline) return;
  outline.style.stroke = look.stroke;
  outline.style.strokeWidth = `${look.width}px`;
  if (!gfx?.classList.contains('djs-connection')) outline.style.fill = look.fill;
}

export interface Highlight {
  completed: readonly string[];
  active: readonly string[];
  taken: readonly string[];
}

/**
 * What to mark: the steps and flows the server names, and the way between the steps worked out
 * from the diagram (gateways and flows the server may leave out).
 */
export function marksOf(
  flows: readonly FlowEdge[],
  starts: readonly string[],
  highlight: Highlight,
): { done: string[]; current: string[] } {
  const visits: Visit[] = [
    ...highlight.completed.map((id) => ({ id, open: false })),
    ...highlight.active.map((id) => ({ id, open: true })),
  ];
  const path = pathMarks(flows, visits, starts);
  const current = new Set(path.current);
  return { done: [...new Set([...path.done, ...highlight.taken])].filter((id) => !current.has(id)), current: path.current };
}

interface Props {
  xml: string;
  /** An instance's steps (done in the order they happened, open now) and the flows it took; none for a definition's plain diagram. */
  highlight?: Highlight;
  onError?: (message: string) => void;
  /** Labels of the legend (the screen's language); no legend when absent. */
  legend?: { done: string; current: string };
}

/**
 * A read-only diagram (drag to pan, wheel to zoom) with the instance's path marked done and its
 * open tasks marked current. The marked ids are also set on the container
 * (`data-done`, `data-current`) for the browser stories.
 */
export default function BpmnViewer({ xml, highlight, onError, legend }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [marks, setMarks] = useState<{ done: string[]; current: string[] }>();
  useEffect(() => {
    if (!ref.current) return;
    const viewer = new NavigatedViewer({ container: ref.current });
    let alive = true;
    viewer.importXML(xml).then(
      () => {
        if (!alive) return;
        const canvas = viewer.get('canvas') as { addMarker(id: string, marker: string): void };
        const registry = viewer.get('elementRegistry') as { getAll(): DiagramElement[]; getGraphics(id: string): SVGElement | undefined };
        const elements = registry.getAll();
        const flows: FlowEdge[] = elements
          .filter((element) => element.type === 'bpmn:SequenceFlow')
          .map((element) => ({
            id: element.id,
            source: element.businessObject?.sourceRef?.id ?? '',
            target: element.businessObject?.targetRef?.id ?? '',
          }));
        const starts = elements.filter((element) => element.type === 'bpmn:StartEvent').map((element) => element.id);
        const found = highlight ? marksOf(flows, starts, highlight) : { done: [], current: [] };
        const present = new Set(elements.map((element) => element.id));
        for (const [ids, look] of [
          [found.done, DONE],
          [found.current, CURRENT],
        ] as const) {
          for (const id of ids.filter((id) => present.has(id))) {
            canvas.addMarker(id, look.marker);
            paint(registry.getGraphics(id), look);
          }
        }
        fitDiagram(viewer);
        setMarks(found);
      },
      (error: unknown) => {
        if (alive) onError?.(error instanceof Error ? error.message : String(error));
      },
    );
    const refit = fitOnResize(ref.current, viewer);
    return () => {
      refit.disconnect();
      alive = false;
      viewer.destroy();
    };
  }, [xml, highlight, onError]);

  return (
    <div>
      <div
        className="sso-bpmn-viewer"
        ref={ref}
        data-testid="bpmn-viewer"
        data-ready={marks ? 'true' : undefined}
        data-done={marks?.done.join(',')}
        data-current={marks?.current.join(',')}
      />
      {legend && highlight && (
        <div className="sso-bpmn-legend">
          <span>
            <i className="done" />
            {legend.done}
          </span>
          <span>
            <i className="current" />
            {legend.current}
          </span>
        </div>
      )}
    </div>
  );
}
