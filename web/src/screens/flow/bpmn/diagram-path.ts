/** A sequence flow of a diagram: its id and the ids of the elements it joins. */
export interface FlowEdge {
  id: string;
  source: string;
  target: string;
}

/** One step of an instance's history: the element it reached, and whether it is still open there. */
export interface Visit {
  id: string;
  open: boolean;
}

export interface PathMarks {
  /** Elements the instance has passed (its history's finished steps, the gateways between them) and the flows it took. */
  done: string[];
  /** Elements waiting now (the open tasks). */
  current: string[];
}

/**
 * What to highlight on an instance's diagram, from its history in the order it happened. Each step
 * is reached from an earlier step by the shortest way through elements the history does not list
 * (gateways, and events when the history leaves them out); those elements and flows are marked as
 * passed. A loop taken back (a rejection returning to the applicant) lights the way back only once
 * it has been taken, and of a gateway's branches only the one taken lights up. The start events
 * count as the first step when the history does not list them.
 */
export function pathMarks(flows: readonly FlowEdge[], visits: readonly Visit[], startEvents: readonly string[] = []): PathMarks {
  const listed = new Set(visits.map((visit) => visit.id));
  const steps =
    visits.length && !startEvents.some((id) => listed.has(id)) ? [...startEvents.map((id) => ({ id, open: false })), ...visits] : visits;
  for (const step of steps) listed.add(step.id);
  const outgoing = new Map<string, FlowEdge[]>();
  for (const flow of flows) outgoing.set(flow.source, [...(outgoing.get(flow.source) ?? []), flow]);

  /** The flows of the shortest way from `from` to `to` through unlisted elements only, or undefined. */
  const way = (from: string, to: string): FlowEdge[] | undefined => {
    const cameBy = new Map<string, FlowEdge>();
    const queue = [from];
    const seen = new Set([from]);
    while (queue.length) {
      const node = queue.shift() as string;
      for (const flow of outgoing.get(node) ?? []) {
        if (flow.target === to) {
          const path = [flow];
          for (let back = cameBy.get(node); back; back = cameBy.get(back.source)) path.unshift(back);
          return path;
        }
        if (listed.has(flow.target) || seen.has(flow.target)) continue;
        seen.add(flow.target);
        cameBy.set(flow.target, flow);
        queue.push(flow.target);
      }
    }
    return undefined;
  };

  const done = new Set<string>();
  const current = new Set(steps.filter((step) => step.open).map((step) => step.id));
  steps.forEach((step, index) => {
    if (!step.open) done.add(step.id);
    for (const earlier of new Set(steps.slice(0, index).map((s) => s.id))) {
      for (const flow of way(earlier, step.id) ?? []) {
        done.add(flow.id);
        if (flow.target !== step.id) done.add(flow.target);
      }
    }
  });
  return { done: [...done].filter((id) => !current.has(id)), current: [...current] };
}
