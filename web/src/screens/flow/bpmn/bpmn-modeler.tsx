import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import './bpmn.css';
import Modeler from 'bpmn-js/lib/Modeler';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, CamundaPlatformPropertiesProviderModule } from 'bpmn-js-properties-panel';
import CamundaBehaviorsModule from 'camunda-bpmn-js-behaviors/lib/camunda-platform';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { fitDiagram, fitOnResize } from './bpmn-fit.js';
import { bpmnTranslate } from './bpmn-zh.js';

/**
 * The properties panel's groups the designer shows: what the engine reads (name and id, the user
 * task's assignee, candidate users and candidate groups, the form key, a sequence flow's condition,
 * the start's initiator variable, timers). The Camunda provider offers far more (listeners,
 * input/output, scripts, jobs) that the platform's engine does not run.
 */
export const PANEL_GROUPS = new Set([
  'general',
  'CamundaPlatform__UserAssignment',
  'CamundaPlatform__Form',
  'CamundaPlatform__Condition',
  'condition',
  'CamundaPlatform__StartInitiator',
  'timer',
]);

/** Pixels the palette covers on the canvas's left: the diagram is fitted beside it. */
const PALETTE_CLEARANCE = 130;

interface Group {
  id: string;
}

/** A properties provider run after the others that keeps only PANEL_GROUPS. */
class EngineGroupsOnly {
  static $inject = ['propertiesPanel'];
  constructor(propertiesPanel: { registerProvider(priority: number, provider: EngineGroupsOnly): void }) {
    propertiesPanel.registerProvider(1, this);
  }
  getGroups() {
    return (groups: Group[]) => groups.filter((group) => PANEL_GROUPS.has(group.id));
  }
}

/** What the screen asks of the designer. */
export interface ModelerHandle {
  /** The diagram as BPMN 2.0 XML, formatted. */
  xml(): Promise<string>;
}

interface Props {
  /** The diagram opened (a new model's template or a stored model). */
  xml: string;
  /** The designer's labels: Chinese for zh-CN, English otherwise. */
  language: string;
  handle: RefObject<ModelerHandle | null>;
  /** The diagram could not be opened (the importer's message). */
  onError?: (message: string) => void;
}

/**
 * bpmn-js's modeler with the Camunda properties panel beside it (below it on a phone). A new
 * language or diagram builds a new modeler from the current XML, as bpmn-js translates its labels
 * when it draws them.
 */
export default function BpmnModeler({ xml, language, handle, onError }: Props) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The diagram as last edited: a language change keeps the user's work.
  const latest = useRef(xml);
  // Edits made since it opened, on the container (data-edits) for the browser stories to wait on.
  const [edits, setEdits] = useState(0);
  useEffect(() => {
    latest.current = xml;
  }, [xml]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new diagram or language builds the modeler again (xml is read through latest); onError and handle are the screen's and may change without that
  useEffect(() => {
    if (!canvasRef.current || !panelRef.current) return;
    const modeler = new Modeler({
      container: canvasRef.current,
      propertiesPanel: { parent: panelRef.current },
      additionalModules: [
        BpmnPropertiesPanelModule,
        BpmnPropertiesProviderModule,
        CamundaPlatformPropertiesProviderModule,
        CamundaBehaviorsModule,
        { __init__: ['engineGroupsOnly'], engineGroupsOnly: ['type', EngineGroupsOnly] },
        { translate: ['value', bpmnTranslate(language)] },
      ],
      moddleExtensions: { camunda: camundaModdle },
      // Each keystroke in the panel is applied at once: a save right after typing keeps it.
      debounceInput: false,
    });
    let alive = true;
    const save = async () => (await modeler.saveXML({ format: true })).xml ?? '';
    modeler.on('commandStack.changed', () => {
      setEdits((n) => n + 1);
      void save().then((text) => {
        if (alive) latest.current = text;
      });
    });
    modeler.importXML(latest.current).then(
      () => {
        if (alive) fitDiagram(modeler, PALETTE_CLEARANCE);
      },
      (error: unknown) => {
        if (alive) onError?.(error instanceof Error ? error.message : String(error));
      },
    );
    handle.current = { xml: save };
    const refit = fitOnResize(canvasRef.current, modeler, PALETTE_CLEARANCE);
    return () => {
      refit.disconnect();
      alive = false;
      handle.current = null;
      modeler.destroy();
    };
  }, [language, xml]);

  return (
    <div className="sso-bpmn-modeler" data-testid="bpmn-modeler" data-edits={edits}>
      <div className="sso-bpmn-canvas" ref={canvasRef} />
      <div className="sso-bpmn-panel" ref={panelRef} data-testid="bpmn-properties" />
    </div>
  );
}
