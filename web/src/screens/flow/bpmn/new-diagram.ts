/** Text for an XML attribute value: the five characters XML gives a meaning, escaped. */
export function xmlAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Whether `key` can be a process id (an XML NCName: a letter or _ first, then letters, digits, _ - .). */
export function isProcessKey(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key);
}

/**
 * A new model: a process whose id is the model's key and whose name is its name, with one start
 * event, ready for the designer. Camunda's namespace is declared so that the properties panel's
 * attributes (assignee, candidate users and groups, form key) are written as `camunda:…`.
 */
export function newDiagram(key: string, name: string): string {
  const id = isProcessKey(key) ? key : 'process';
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${id}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${id}" name="${xmlAttribute(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${id}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The id and name of the first process of a BPMN document, read without a BPMN library (the list's import reads them). */
export function processOf(xml: string): { id: string; name: string } | undefined {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return undefined;
  const process = doc.getElementsByTagNameNS('http://www.omg.org/spec/BPMN/20100524/MODEL', 'process')[0];
  if (!process) return undefined;
  return { id: process.getAttribute('id') ?? '', name: process.getAttribute('name') ?? '' };
}

const CAMUNDA_URI = 'http://camunda.org/schema/1.0/bpmn';

/**
 * The diagram with Flowable's and Activiti's namespaces read as Camunda's (Saber's models and the
 * shipped leave process write `flowable:assignee`): the properties panel then shows and edits those
 * attributes. Only the namespace's address changes; the server reads all three the same way.
 */
export function camundaAliased(xml: string): string {
  return xml.replace(
    /(xmlns:[A-Za-z_][\w.-]*\s*=\s*["'])(?:http:\/\/flowable\.org\/bpmn|http:\/\/activiti\.org\/bpmn)(["'])/g,
    `$1${CAMUNDA_URI}$2`,
  );
}

/**
 * The diagram with its first process keyed and named as the form says: the key is the process id
 * the engine deploys under, so the two never differ.
 */
export function withProcess(xml: string, fields: { modelKey: string; name: string }): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const process = doc.getElementsByTagNameNS('http://www.omg.org/spec/BPMN/20100524/MODEL', 'process')[0];
  if (!process || doc.getElementsByTagName('parsererror').length) return xml;
  const oldId = process.getAttribute('id') ?? '';
  if (oldId === fields.modelKey && process.getAttribute('name') === fields.name) return xml;
  process.setAttribute('id', fields.modelKey);
  process.setAttribute('name', fields.name);
  // A pool and the diagram's plane point at the process by id.
  for (const participant of doc.getElementsByTagNameNS('http://www.omg.org/spec/BPMN/20100524/MODEL', 'participant')) {
    if (participant.getAttribute('processRef') === oldId) participant.setAttribute('processRef', fields.modelKey);
  }
  for (const plane of doc.getElementsByTagNameNS('http://www.omg.org/spec/BPMN/20100524/DI', 'BPMNPlane')) {
    if (plane.getAttribute('bpmnElement') === oldId) plane.setAttribute('bpmnElement', fields.modelKey);
  }
  return new XMLSerializer().serializeToString(doc);
}
