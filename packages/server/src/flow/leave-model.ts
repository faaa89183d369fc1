/**
 * The leave process the platform ships (seeded and deployed for the default tenant), as a Flowable
 * `.bpmn20.xml` with its diagram: apply → the approver the applicant chose (`taskUser`) → a member
 * of the role with alias `hr` claims and approves → end. A rejection at either step returns the
 * request to the applicant, who resubmits it (back to the approver) or withdraws it.
 */
export const LEAVE_PROCESS_KEY = 'Leave';
export const LEAVE_CATEGORY = 'flow_1';

export const LEAVE_MODEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC" xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI"
  typeLanguage="http://www.w3.org/2001/XMLSchema" expressionLanguage="http://www.w3.org/1999/XPath"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="Leave" name="请假流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"></startEvent>
    <userTask id="approverTask" name="审批人审批" flowable:assignee="\${taskUser}"></userTask>
    <exclusiveGateway id="approverGateway" name="审批人是否同意"></exclusiveGateway>
    <userTask id="hrTask" name="人事审批" flowable:candidateGroups="hr"></userTask>
    <exclusiveGateway id="hrGateway" name="人事是否同意"></exclusiveGateway>
    <userTask id="adjustTask" name="调整申请" flowable:assignee="\${applyUser}"></userTask>
    <exclusiveGateway id="adjustGateway" name="重新申请或撤回"></exclusiveGateway>
    <endEvent id="end" name="结束"></endEvent>
    <endEvent id="withdrawn" name="撤回"></endEvent>
    <sequenceFlow id="toApprover" sourceRef="start" targetRef="approverTask"></sequenceFlow>
    <sequenceFlow id="approverDecides" sourceRef="approverTask" targetRef="approverGateway"></sequenceFlow>
    <sequenceFlow id="approverPass" name="同意" sourceRef="approverGateway" targetRef="hrTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="approverReject" name="驳回" sourceRef="approverGateway" targetRef="adjustTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${!pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="hrDecides" sourceRef="hrTask" targetRef="hrGateway"></sequenceFlow>
    <sequenceFlow id="hrPass" name="同意" sourceRef="hrGateway" targetRef="end">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="hrReject" name="驳回" sourceRef="hrGateway" targetRef="adjustTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${!pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="adjustDecides" sourceRef="adjustTask" targetRef="adjustGateway"></sequenceFlow>
    <sequenceFlow id="resubmit" name="重新申请" sourceRef="adjustGateway" targetRef="approverTask">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${pass}]]></conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="withdraw" name="撤回" sourceRef="adjustGateway" targetRef="withdrawn">
      <conditionExpression xsi:type="tFormalExpression"><![CDATA[\${!pass}]]></conditionExpression>
    </sequenceFlow>
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_Leave">
    <bpmndi:BPMNPlane bpmnElement="Leave" id="BPMNPlane_Leave">
      <bpmndi:BPMNShape bpmnElement="start" id="BPMNShape_start"><omgdc:Bounds height="30" width="30" x="60" y="145"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="approverTask" id="BPMNShape_approverTask"><omgdc:Bounds height="60" width="110" x="140" y="130"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="approverGateway" id="BPMNShape_approverGateway"><omgdc:Bounds height="40" width="40" x="300" y="140"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="hrTask" id="BPMNShape_hrTask"><omgdc:Bounds height="60" width="110" x="390" y="130"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="hrGateway" id="BPMNShape_hrGateway"><omgdc:Bounds height="40" width="40" x="550" y="140"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="end" id="BPMNShape_end"><omgdc:Bounds height="28" width="28" x="640" y="146"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="adjustTask" id="BPMNShape_adjustTask"><omgdc:Bounds height="60" width="110" x="265" y="270"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="adjustGateway" id="BPMNShape_adjustGateway"><omgdc:Bounds height="40" width="40" x="175" y="280"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="withdrawn" id="BPMNShape_withdrawn"><omgdc:Bounds height="28" width="28" x="61" y="286"></omgdc:Bounds></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge bpmnElement="toApprover" id="BPMNEdge_toApprover"><omgdi:waypoint x="90" y="160"></omgdi:waypoint><omgdi:waypoint x="140" y="160"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="approverDecides" id="BPMNEdge_approverDecides"><omgdi:waypoint x="250" y="160"></omgdi:waypoint><omgdi:waypoint x="300" y="160"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="approverPass" id="BPMNEdge_approverPass"><omgdi:waypoint x="340" y="160"></omgdi:waypoint><omgdi:waypoint x="390" y="160"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="approverReject" id="BPMNEdge_approverReject"><omgdi:waypoint x="320" y="180"></omgdi:waypoint><omgdi:waypoint x="320" y="270"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="hrDecides" id="BPMNEdge_hrDecides"><omgdi:waypoint x="500" y="160"></omgdi:waypoint><omgdi:waypoint x="550" y="160"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="hrPass" id="BPMNEdge_hrPass"><omgdi:waypoint x="590" y="160"></omgdi:waypoint><omgdi:waypoint x="640" y="160"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="hrReject" id="BPMNEdge_hrReject"><omgdi:waypoint x="570" y="180"></omgdi:waypoint><omgdi:waypoint x="570" y="300"></omgdi:waypoint><omgdi:waypoint x="375" y="300"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="adjustDecides" id="BPMNEdge_adjustDecides"><omgdi:waypoint x="265" y="300"></omgdi:waypoint><omgdi:waypoint x="215" y="300"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="resubmit" id="BPMNEdge_resubmit"><omgdi:waypoint x="195" y="280"></omgdi:waypoint><omgdi:waypoint x="195" y="190"></omgdi:waypoint></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="withdraw" id="BPMNEdge_withdraw"><omgdi:waypoint x="175" y="300"></omgdi:waypoint><omgdi:waypoint x="89" y="300"></omgdi:waypoint></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
