import { ApiError } from '@sso/shared-api';
import { Engine } from 'bpmn-engine';
import { engineMessage, forEngine, moddleOptions } from './bpmn-check.js';
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
      async (xml) => (await new Engine({ source: forEngine(xml).trim(), moddleOptions }).getState()) as unknown as EngineState,
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
  const engine = new Engine({
    name,
    moddleOptions,
    scripts: NO_SCRIPTS,
    expressions: expressionsOver(variables),
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
    if (errors.length) throw new ApiError(400, engineMessage(errors[0]));
    const state = (await engine.getState()) as unknown as EngineState;
    for (const definition of state.definitions) delete definition.source;
    return { state, finished: finished || (engine.state as string) === 'completed', events: [...events], takenFlows: [...takenFlows] };
  };
  return { engine, events, takenFlows, result };
}

/** Starts an instance: runs from the start event to the first user tasks (or the end). */
export async function startInstance(instanceId: string, definition: DefinitionSource, variables: Variables): Promise<StepResult> {
  const start = structuredClone(await pristineOf(definition));
  const run = newEngine(instanceId, variables);
  try {
    run.engine.recover(start as never);
    await run.engine.execute();
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(400, engineMessage(error));
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
): Promise<StepResult> {
  const { source } = (await pristineOf(definition)).definitions[0];
  const state = structuredClone(savedState) as EngineState;
  for (const saved of state.definitions) saved.source = source;
  const run = newEngine(instanceId, variables);
  try {
    run.engine.recover(state as never);
    const execution = await run.engine.resume();
    // Resuming announces again the tasks that were already waiting: only what the signal causes counts.
    run.events.length = 0;
    run.takenFlows.length = 0;
    const waiting = execution.getPostponed().some((activity: { id: string }) => activity.id === taskKey);
    if (!waiting) throw new ApiError(400, engineMessage(`${taskKey} is not waiting`));
    execution.signal({ id: taskKey });
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(400, engineMessage(error));
  }
  return run.result();
}
