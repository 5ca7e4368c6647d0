import type { ConditionOperator } from '@tinkercloud/shared';

/** The condition picker's words for each operator ("When the variable …"). */
export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  CHANGED: 'changes (every new value)',
  GT: 'is above',
  GTE: 'is at least',
  LT: 'is below',
  LTE: 'is at most',
  EQ: 'equals',
  NE: 'differs from',
  CONTAINS: 'contains',
  TRUE: 'becomes true',
  FALSE: 'becomes false',
  CONNECTED: 'goes online',
  DISCONNECTED: 'goes offline',
};
