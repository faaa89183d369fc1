import { ApiError, refusedWith } from '@sso/shared-api';
import type { Engine } from 'bpmn-engine';
import { bpmnEngine, engineMessage, forEngine, moddleOptions } from './bpmn-check.js';
import { evaluateTemplate, hasExpression, type Variables } from './expressions.js';

/**
 * The BPMN engine (npm `bpmn-engine`) run one step at a time: start an instance, or recover its
 * saved state, signal the user task that was completed, and let it run to its next wait. Each
 * step's engine lives only for that step; the state it leaves is saved by the caller.
 *
 * Nothing of the model is run as code: the engine gets a script registry that registers nothing
 * (script tasks and script conditions are refused on deploy, and would find no script here) and
 * an expression resolver that evaluates `${…}` with the platform's own evaluator over the
 * instance's variables.
 */

/** What happened in one step, in order, for the history and the task list. */
export interface StepEvent {
  kind: 'start' | 'end' | 'wait';
  id: string;
  type: string;
  name: string;
}

export interface StepResult {
  /** The engine's state to save, without the parsed model (kept once per definition). */
  state: unknown;
  finished: boolean;
  events: StepEvent[];
  takenFlows: string[];
  /** The user tasks the instance waits on after the step (a timer may have ended one). */
  waitingTasks: string[];
  /** When the earliest timer the instance now waits on falls due, if any. */
  dueAt: Date | null;
}

/**
 * Timers held, not scheduled: a timer of an instance falls due while no engine runs it (the
 * instance waits in the database), so a step only notes when each would fire; the sweep of due
 * instances resumes the instance and fires those that are due (see `fireTimers`).
 */
interface HeldTimer {
  expireAt: number;
  fire: () => void;
}
function heldTimers(held: Set<HeldTimer>) {
  const set = (callback: (...args: unknown[]) => void, delay: number, ...args: unknown[]) => {
    const timer: HeldTimer = { expireAt: Date.now() + Math.max(0, Number(delay) || 0), fire: () => callback(...args) };
    held.add(timer);
    return timer;
  };
  const clear = (timer: unknown) => {
    held.delete(timer as HeldTimer);
  };
  return {
    register: () => ({ setTimeout: set, clearTimeout: clear }),
    setTimeout: set,
    clearTimeout: clear,
    /** The engine clears what is still held when an instance ends or stops. */
    get executing() {
      return [...held];
    },
  };
}

export interface DefinitionSource {
  id: string;
  /** The definition's XML: read only when this node has not parsed the definition yet. */
  xml: string | (() => Promise<string>);
}

const xmlOf = async (definition: DefinitionSource) => (typeof definition.xml === 'string' ? definition.xml : definition.xml());

const NO_SCRIPTS = { register: () => undefined, getScript: () => undefined };

function expressionsOver(variables: Variables) {
  return {
    resolveExpression: (text: string) => evaluateTemplate(text, variables),
    isExpression: (text: string) => typeof text === 'string' && /^\$\{[^}]*\}$/.test(text.trim()),
    hasExpression: (text: string) => hasExpression(text),
  };
}

/**
 * The engine's state of a definition before it runs (the parsed model inside): one per
 * definition, parsed once per node. A start recovers it instead of parsing the XML again, and a
 * later step takes the parsed model from it (saved states leave it out).
 */
const pristine = new Map<string, Promise<EngineState>>();
function pristineOf(definition: DefinitionSource): Promise<EngineState> {
  let state = pristine.get(definition.id);
  if (!state) {
    state = xmlOf(definition).then(
      async (xml) =>
        (await new (bpmnEngine().Engine)({ source: forEngine(xml).trim(), moddleOptions }).getState()) as unknown as EngineState,
    );
    state.catch(() => pristine.delete(definition.id));
    if (pristine.size > 500) pristine.clear();
    pristine.set(definition.id, state);
  }
  return state;
}

/** Forgets every parsed definition, as a node that has just started knows none. */
export function forgetParsedDefinitions(): void {
  pristine.clear();
}

interface EngineState {
  definitions: { source?: string }[];
  [key: string]: unknown;
}

function newEngine(name: string, variables: Variables) {
  const held = new Set<HeldTimer>();
  const engine = new (bpmnEngine().Engine)({
    name,
    moddleOptions,
    scripts: NO_SCRIPTS,
    expressions: expressionsOver(variables),
    timers: heldTimers(held),
  } as unknown as ConstructorParameters<typeof Engine>[0]);
  const events: StepEvent[] = [];
  const takenFlows: string[] = [];
  const errors: unknown[] = [];
  let finished = false;
  engine.on('error', (error: unknown) => errors.push(error));
  engine.on('end', () => {
    finished = true;
  });
  const onEvent = (routingKey: string, message: { content?: unknown }) => {
    const content = message.content as { id: string; type: string; name?: string; error?: unknown };
    const event = (kind: StepEvent['kind']) => events.push({ kind, id: content.id, type: content.type, name: content.name ?? content.id });
    if (routingKey === 'flow.take') takenFlows.push(content.id);
    else if (routingKey === 'activity.start') event('start');
    else if (routingKey === 'activity.end') event('end');
    else if (routingKey === 'activity.wait' && content.type === 'bpmn:UserTask') event('wait');
    else if (routingKey === 'activity.error') errors.push(content.error);
  };
  // Only what a step records: every other event of the broker stays unread.
  for (const pattern of ['activity.start', 'activity.end', 'activity.wait', 'activity.error', 'flow.take']) {
    engine.broker.subscribeTmp('event', pattern, onEvent, { noAck: true });
  }
  const result = async (): Promise<StepResult> => {
    if (errors.length) throw refusedWith(400, engineMessage(errors[0]));
    const state = (await engine.getState()) as unknown as EngineState;
    for (const definition of state.definitions) delete definition.source;
    const done = finished || (engine.state as string) === 'completed';
    const postponed = done ? [] : (engine.execution?.getPostponed() ?? []);
    const waitingTasks = postponed.filter((a: { type: string }) => a.type === 'bpmn:UserTask').map((a: { id: string }) => a.id);
    const due = done ? [] : [...held].map((t) => t.expireAt);
    return {
      state,
      finished: done,
      events: [...events],
      takenFlows: [...takenFlows],
      waitingTasks,
      dueAt: due.length ? new Date(Math.min(...due)) : null,
    };
  };
  return { engine, events, takenFlows, held, result };
}

/** Waits announced again by a resume, of tasks already open: dropped, once each. */
function dropRepeatedWaits(events: StepEvent[], openTaskKeys: readonly string[]): void {
  const open = [...openTaskKeys];
  for (let i = 0; i < events.length; i++) {
    const at = events[i].kind === 'wait' ? open.indexOf(events[i].id) : -1;
    if (at < 0) continue;
    open.splice(at, 1);
    events.splice(i--, 1);
  }
}

/** Starts an instance: runs from the start event to the first user tasks (or the end). */
export async function startInstance(instanceId: string, definition: DefinitionSource, variables: Variables): Promise<StepResult> {
  const start = structuredClone(await pristineOf(definition));
  const run = newEngine(instanceId, variables);
  try {
    run.engine.recover(start as never);
    await run.engine.execute();
  } catch (error) {
    throw error instanceof ApiError ? error : refusedWith(400, engineMessage(error));
  }
  return run.result();
}

/** Recovers a saved instance, completes one of its waiting user tasks, and runs to the next wait. */
export async function signalTask(
  instanceId: string,
  definition: DefinitionSource,
  savedState: unknown,
  variables: Variables,
  taskKey: string,
  /** The user tasks open before the step: resuming announces them again, which adds nothing. */
  openTaskKeys: readonly string[] = [taskKey],
): Promise<StepResult> {
  const { source } = (await pristineOf(definition)).definitions[0];
  const state = structuredClone(savedState) as EngineState;
  for (const saved of state.definitions) saved.source = source;
  const run = newEngine(instanceId, variables);
  try {
    run.engine.recover(state as never);
    // Resuming announces again the tasks that were already waiting (the caller keeps their tasks), and
    // fires a timer that fell due meanwhile: what it did is part of this step.
    const execution = await run.engine.resume();
    dropRepeatedWaits(run.events, openTaskKeys);
    const waiting = execution.getPostponed().some((activity: { id: string }) => activity.id === taskKey);
    if (!waiting) throw refusedWith(400, engineMessage(`${taskKey} is not waiting`));
    execution.signal({ id: taskKey });
  } catch (error) {
    throw error instanceof ApiError ? error : refusedWith(400, engineMessage(error));
  }
  return run.result();
}

/**
 * Resumes a saved instance and fires its timers due at `now` (the engine completes an overdue
 * timer itself as it resumes; one due by `now` but later by this clock is fired here), then runs
 * to the next wait.
 */
export async function fireTimers(
  instanceId: string,
  definition: DefinitionSource,
  savedState: unknown,
  variables: Variables,
  now: Date,
  openTaskKeys: readonly string[],
): Promise<StepResult> {
  const { source } = (await pristineOf(definition)).definitions[0];
  const state = structuredClone(savedState) as EngineState;
  for (const saved of state.definitions) saved.source = source;
  const run = newEngine(instanceId, variables);
  try {
    run.engine.recover(state as never);
    await run.engine.resume();
    dropRepeatedWaits(run.events, openTaskKeys);
    for (const timer of [...run.held]) {
      if (timer.expireAt > now.getTime() || !run.held.has(timer)) continue;
      run.held.delete(timer);
      timer.fire();
    }
  } catch (error) {
    throw error instanceof ApiError ? error : refusedWith(400, engineMessage(error));
  }
  return run.result();
}
