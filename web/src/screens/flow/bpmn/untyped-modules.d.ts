// The designer's packages that ship no type declarations: modules of bpmn-js's injector.
declare module 'bpmn-js-properties-panel' {
  type InjectorModule = Record<string, unknown>;
  export const BpmnPropertiesPanelModule: InjectorModule;
  export const BpmnPropertiesProviderModule: InjectorModule;
  export const CamundaPlatformPropertiesProviderModule: InjectorModule;
}

declare module 'camunda-bpmn-js-behaviors/lib/camunda-platform' {
  const module: Record<string, unknown>;
  export default module;
}
