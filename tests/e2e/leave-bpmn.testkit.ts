/**
 * A leave process as a modeller saves it with Camunda's attributes, for the workflow browser story:
 * apply → the approver chosen in the form (`${taskUser}`) → HR (its candidate groups left empty:
 * the story types them in the designer's properties panel) → end; a rejection goes back to the
 * applicant (`${applyUser}`), who resubmits or withdraws.
 */
export const LEAVE_E2E_KEY = 'leave_e2e';

export const LEAVE_E2E_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  id="Definitions_leave_e2e" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${LEAVE_E2E_KEY}" name="Leave (designer)" isExecutable="true">
    <bpmn:startEvent id="start" name="Apply" camunda:initiator="applyUser" />
    <bpmn:userTask id="approverTask" name="Leader approves" camunda:assignee="\${taskUser}" />
    <bpmn:exclusiveGateway id="approverGateway" />
    <bpmn:userTask id="hrTask" name="HR approves" />
    <bpmn:exclusiveGateway id="hrGateway" />
    <bpmn:userTask id="adjustTask" name="Applicant adjusts" camunda:assignee="\${applyUser}" />
    <bpmn:exclusiveGateway id="adjustGateway" />
    <bpmn:endEvent id="end" name="Approved" />
    <bpmn:endEvent id="withdrawn" name="Withdrawn" />
    <bpmn:sequenceFlow id="toApprover" sourceRef="start" targetRef="approverTask" />
    <bpmn:sequenceFlow id="approverDecides" sourceRef="approverTask" targetRef="approverGateway" />
    <bpmn:sequenceFlow id="approverPass" sourceRef="approverGateway" targetRef="hrTask">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="approverReject" sourceRef="approverGateway" targetRef="adjustTask">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="hrDecides" sourceRef="hrTask" targetRef="hrGateway" />
    <bpmn:sequenceFlow id="hrPass" sourceRef="hrGateway" targetRef="end">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="hrReject" sourceRef="hrGateway" targetRef="adjustTask">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="adjustDecides" sourceRef="adjustTask" targetRef="adjustGateway" />
    <bpmn:sequenceFlow id="resubmit" sourceRef="adjustGateway" targetRef="approverTask">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="withdraw" sourceRef="adjustGateway" targetRef="withdrawn">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!pass}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${LEAVE_E2E_KEY}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="62" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverTask_di" bpmnElement="approverTask"><dc:Bounds x="140" y="120" width="110" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approverGateway_di" bpmnElement="approverGateway" isMarkerVisible="true"><dc:Bounds x="295" y="135" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrTask_di" bpmnElement="hrTask"><dc:Bounds x="390" y="120" width="110" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrGateway_di" bpmnElement="hrGateway" isMarkerVisible="true"><dc:Bounds x="545" y="135" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="642" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustTask_di" bpmnElement="adjustTask"><dc:Bounds x="265" y="270" width="110" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="adjustGateway_di" bpmnElement="adjustGateway" isMarkerVisible="true"><dc:Bounds x="170" y="285" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="withdrawn_di" bpmnElement="withdrawn"><dc:Bounds x="62" y="292" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toApprover_di" bpmnElement="toApprover"><di:waypoint x="98" y="160" /><di:waypoint x="140" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverDecides_di" bpmnElement="approverDecides"><di:waypoint x="250" y="160" /><di:waypoint x="295" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverPass_di" bpmnElement="approverPass"><di:waypoint x="345" y="160" /><di:waypoint x="390" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approverReject_di" bpmnElement="approverReject"><di:waypoint x="320" y="185" /><di:waypoint x="320" y="270" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrDecides_di" bpmnElement="hrDecides"><di:waypoint x="500" y="160" /><di:waypoint x="545" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrPass_di" bpmnElement="hrPass"><di:waypoint x="595" y="160" /><di:waypoint x="642" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="hrReject_di" bpmnElement="hrReject"><di:waypoint x="570" y="185" /><di:waypoint x="570" y="310" /><di:waypoint x="375" y="310" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="adjustDecides_di" bpmnElement="adjustDecides"><di:waypoint x="265" y="310" /><di:waypoint x="220" y="310" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="resubmit_di" bpmnElement="resubmit"><di:waypoint x="195" y="285" /><di:waypoint x="195" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="withdraw_di" bpmnElement="withdraw"><di:waypoint x="170" y="310" /><di:waypoint x="98" y="310" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/** A process with a script task: the server refuses to store it, and the designer shows why. */
export const SCRIPT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="scripted" name="Scripted" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:scriptTask id="run" scriptFormat="javascript"><bpmn:script>process.exit(1)</bpmn:script></bpmn:scriptTask>
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="run" />
    <bpmn:sequenceFlow id="f2" sourceRef="run" targetRef="e" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="g">
    <bpmndi:BPMNPlane id="p" bpmnElement="scripted">
      <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="run_di" bpmnElement="run"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="350" y="100" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="350" y="118" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
