import { z } from 'zod';
import { formNumber, optionalId, optionalText, requiredText } from '../../common.js';
import { defineResource } from '../../resource.js';
import { ledgerEntry } from './ledger-entry.js';
import { dayText, flag } from './ledger-fields.js';
import { ledgerMessages as m } from './ledger-messages.js';

export const ledgerNetworkEntity = z.object({
  systemName: requiredText(m.say.systemName, 255),
  appParameterId: optionalId,
  networkZone: optionalText(64),
  /** 1: reachable from the internet; 0: internal only. */
  exposure: flag.optional(),
  protectionLevel: formNumber(m.say.level).pipe(z.number().min(1, m.say.level).max(5, m.say.level)).optional(),
  lastAssessment: dayText,
  findings: optionalText(2000),
  status: flag.optional(),
});

/**
 * Network-security records of the group's systems (blade-ledger/appnetwork): the zone a system
 * sits in, whether it is exposed to the internet, its protection level, the last assessment and
 * its findings. Enabled records (status 1) are shown on the market's network page.
 */
export const ledgerNetwork = defineResource({
  service: 'blade-ledger',
  name: 'appnetwork',
  table: 'blade_app_network',
  tenantScoped: true,
  permission: 'appnetwork',
  entity: ledgerNetworkEntity,
  references: { appParameterId: { to: () => ledgerEntry, label: 'appName', missing: m.say.entryMissing, choose: m.say.entryChoose } },
  names: { appName: { field: 'appParameterId', table: 'blade_app_parameter', column: 'appName', sameTenant: true } },
  filters: { systemName: 'like', networkZone: 'like', exposure: 'eq', protectionLevel: 'eq' },
  sorts: ['systemName', 'protectionLevel', 'lastAssessment'],
  defaultSort: { column: 'systemName' },
  hidden: ['nameInitials', 'namePinyin'],
  view: {
    title: ['网络安全', 'Network security'],
    dialogWidth: 760,
    columns: [
      { prop: 'systemName', label: ['系统名称', 'System'], search: true },
      { prop: 'appParameterId', label: ['台账条目', 'Ledger entry'], type: 'tree', hideInTable: true },
      { prop: 'networkZone', label: ['网络区域', 'Network zone'], search: true },
      { prop: 'exposure', label: ['互联网暴露', 'Internet-facing'], type: 'select', dict: 'yes_no', width: 110 },
      { prop: 'protectionLevel', label: ['等保级别', 'Protection level'], type: 'number', width: 100 },
      { prop: 'lastAssessment', label: ['最近测评', 'Last assessment'], type: 'date', width: 120 },
      { prop: 'findings', label: ['测评发现', 'Findings'], type: 'textarea', hideInTable: true },
      { prop: 'status', label: ['状态', 'Status'], type: 'select', dict: 'account_status', width: 90 },
    ],
  },
});
