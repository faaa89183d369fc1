import { createRequire } from 'node:module';
import { badRequest, engineFailed, flowMessages as m, xmlUnparsable } from '@sso/shared-api';
import type { Engine } from 'bpmn-engine';
import type { UserTaskSpec } from '../db/schema-workflow.js';
import { onFirstUse } from '../kernel/on-first-use.js';
import { checkTemplate } from './expressions.js';

/** The process engine, loaded by the first process checked or run. */
export const bpmnEngine = onFirstUse<typeof import('bpmn-engine')>('bpmn-engine');

/** A process file is text of at most 1 MiB: larger uploads are refused before anything parses them. */
export const MAX_BPMN_BYTES = 1024 * 1024;

const CAMUNDA_URI = 'http://camunda.org/schema/1.0/bpmn';
/**
 * Flowable (Saber's models, `.bpmn20.xml` uploads) and Activiti write the same task attributes as
 * Camunda (assignee, candidateUsers, candidateGroups, formKey, initiator) in their own namespaces.
 * Two moddle packages declaring the same attribute names on one type make the parser drop those
 * elements, so the engine reads a copy in which those namespaces are Camunda's; the XML stored
 * and shown is the one given.
 */
const ALIASED_NAMESPACES = /(xmlns:[A-Za-z_][\w.-]*\s*=\s*["'])(http:\/\/flowable\.org\/bpmn|http:\/\/activiti\.org\/bpmn)(["'])/g;
export const forEngine = (xml: string) => xml.replace(ALIASED_NAMESPACES, `$1${CAMUNDA_URI}$3`);

/**
 * The moddle packages the engine parses with (Camunda's attributes; Flowable's through the alias).
 * Read with require: the bundle keeps the package outside, and an ESM import of JSON needs an
 * import attribute the bundler does not carry over.
 */
export const moddleOptions = { camunda: createRequire(import.meta.url)('camunda-bpmn-moddle/resources/camunda.json') as object };

/** Elements that run nothing of the model's own: anything else (scripts, services, calls) is refused. */
const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:Task',
  'bpmn:ManualTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:IntermediateThrowEvent',
  'bpmn:IntermediateCatchEvent',
  'bpmn:BoundaryEvent',
]);
/**
 * Event definitions allowed, by element: a terminating end, and timers (a wait, or a deadline on a
 * task) — the engine's own timers, fired by the platform's sweep of due instances.
 */
const SUPPORTED_EVENTS: Record<string, readonly string[]> = {
  'bpmn:EndEvent': ['bpmn:TerminateEventDefinition'],
  'bpmn:IntermediateCatchEvent': ['bpmn:TimerEventDefinition'],
  'bpmn:BoundaryEvent': ['bpmn:TimerEventDefinition'],
};
/** Elements that only make sense with an event definition: a catch waits for one. */
const NEEDS_EVENT = new Set(['bpmn:IntermediateCatchEvent', 'bpmn:BoundaryEvent']);

/**
 * Script anywhere — a script task, a script condition (a `language` on a condition), a listener's
 * script — is refused by its markup, whichever namespace writes it, before the parser sees it.
 */
const SCRIPT_MARKUP = [/<([\w.-]+:)?script(Task)?[\s/>]/i, /<([\w.-]+:)?conditionExpression\b[^>]*\blanguage\s*=/i, /\bscriptFormat\s*=/i];

export interface CheckedProcess {
  key: string;
  name: string;
  description: string | null;
  /** The start event's `initiator`: the variable that gets the starter's user id. */
  initiator: string | null;
  userTasks: UserTaskSpec[];
  /** The XML as given, to store. */
  xml: string;
}

/** Text of an uploaded file: UTF-8 only, the byte-order mark dropped. */
export function decodeBpmn(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_BPMN_BYTES) throw badRequest(m.say.xmlTooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(m.say.xmlNotUtf8);
  }
}

const splitList = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const textOrNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Checks a model before it is stored or deployed: size, no DOCTYPE or entities (no entity
 * expansion, no external reads), no scripts, parsed by the engine's own parser (its message when
 * it fails), one executable process of supported elements, and every expression parsable by the
 * expression evaluator. Answers what the platform reads from it.
 */
export async function checkBpmn(xml: string): Promise<CheckedProcess> {
  if (Buffer.byteLength(xml, 'utf8') > MAX_BPMN_BYTES) throw badRequest(m.say.xmlTooLarge);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw badRequest(m.say.xmlDoctype);
  if (SCRIPT_MARKUP.some((pattern) => pattern.test(xml))) throw badRequest(m.say.xmlScript);
  let definitions: Awaited<ReturnType<Engine['getDefinitions']>>;
  try {
    definitions = await new (bpmnEngine().Engine)({ source: forEngine(xml).trim(), moddleOptions }).getDefinitions();
  } catch (error) {
    throw badRequest(xmlUnparsable(firstLine((error as Error).message)));
  }
  const executable = definitions.flatMap((d) => d.getExecutableProcesses().map((p) => ({ definition: d, process: p })));
  if (executable.length !== 1) throw badRequest(m.say.xmlNoProcess);
  const [{ definition, process }] = executable;
  const key = process.id;
  if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/.test(key)) throw badRequest(m.say.xmlProcessKey);
  const activities = definition.context.getActivities(process.id) as unknown as ActivityLike[];
  const userTasks: UserTaskSpec[] = [];
  let initiator: string | null = null;
  let starts = 0;
  for (const activity of activities) {
    const behaviour = activity.behaviour ?? {};
    if (!SUPPORTED.has(activity.type))
      throw badRequest(xmlUnparsable(`${activity.type.replace('bpmn:', '')} ${activity.id} — ${m.xmlUnsupported}`));
    const events = behaviour.eventDefinitions ?? [];
    if (NEEDS_EVENT.has(activity.type) && !events.length) throw badRequest(xmlUnparsable(`${activity.id}: ${m.xmlUnsupported}`));
    for (const event of events) {
      const type = event.type ?? event.$type ?? '';
      if (!(SUPPORTED_EVENTS[activity.type] ?? []).includes(type))
        throw badRequest(xmlUnparsable(`${activity.id}: ${type} — ${m.xmlUnsupported}`));
      for (const part of ['timeDuration', 'timeDate', 'timeCycle'] as const) {
        const body = event.behaviour?.[part]?.body ?? event[part]?.body;
        if (body) expressionCheck(body, activity.id);
      }
    }
    if (behaviour.loopCharacteristics) throw badRequest(xmlUnparsable(`${activity.id}: multi-instance — ${m.xmlUnsupported}`));
    if (activity.type === 'bpmn:StartEvent' && !activity.parent?.type?.endsWith('SubProcess')) {
      starts++;
      initiator = textOrNull(behaviour.initiator);
    }
    if (activity.type === 'bpmn:UserTask') {
      const spec: UserTaskSpec = {
        id: activity.id,
        name: activity.name ?? activity.id,
        assignee: textOrNull(behaviour.assignee),
        candidateUsers: splitList(behaviour.candidateUsers),
        candidateGroups: splitList(behaviour.candidateGroups),
        formKey: textOrNull(behaviour.formKey),
        sms: textOrNull(propertyOf(behaviour, 'sms')),
      };
      for (const text of [spec.assignee ?? '', ...spec.candidateUsers, ...spec.candidateGroups]) expressionCheck(text, activity.id);
      userTasks.push(spec);
    }
  }
  if (starts !== 1) throw badRequest(m.say.xmlNoStart);
  for (const flow of definition.context.getSequenceFlows(process.id) as unknown as FlowLike[]) {
    const condition = flow.behaviour?.conditionExpression;
    if (condition?.language) throw badRequest(m.say.xmlScript);
    if (condition?.body) expressionCheck(condition.body, flow.id);
  }
  return {
    key,
    name: textOrNull(process.name) ?? key,
    description: textOrNull((process.behaviour as { documentation?: { text?: string }[] }).documentation?.[0]?.text),
    initiator,
    userTasks,
    xml,
  };
}

/** A named property of an element (`<camunda:properties><camunda:property name value/>`, or Flowable's through the alias). */
function propertyOf(behaviour: NonNullable<ActivityLike['behaviour']>, name: string): string | undefined {
  for (const extension of behaviour.extensionElements?.values ?? []) {
    if (extension.$type !== 'camunda:Properties') continue;
    const found = extension.values?.find((p) => p.name === name);
    if (found) return found.value ?? '';
  }
  return undefined;
}

function expressionCheck(text: string, where: string): void {
  const problem = checkTemplate(text);
  if (problem) throw badRequest(xmlUnparsable(`${where}: ${problem}`));
}

const firstLine = (message: string) => message.split('\n').slice(0, 4).join(' ').replace(/\s+/g, ' ').trim().slice(0, 300);

interface ActivityLike {
  id: string;
  type: string;
  name?: string;
  parent?: { id: string; type?: string };
  behaviour?: {
    initiator?: unknown;
    assignee?: unknown;
    candidateUsers?: unknown;
    candidateGroups?: unknown;
    formKey?: unknown;
    loopCharacteristics?: unknown;
    extensionElements?: { values?: { $type?: string; values?: { name?: string; value?: string }[] }[] };
    eventDefinitions?: TimerLike[];
  };
}
type TimerParts = { [K in 'timeDuration' | 'timeDate' | 'timeCycle']?: { body?: string } };
type TimerLike = TimerParts & { type?: string; $type?: string; behaviour?: TimerParts };
interface FlowLike {
  id: string;
  behaviour?: { conditionExpression?: { body?: string; language?: string } };
}

/** The engine's own failure, as a message for the caller. */
export const engineMessage = (error: unknown) => engineFailed(firstLine((error as Error)?.message ?? String(error)));
