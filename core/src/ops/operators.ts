/** Whether `userId` is one of OPERATOR_IDS: the people who may use the operator's desk. */
export function isOperator(operatorIds: readonly number[], userId: number | null): boolean {
  return userId !== null && operatorIds.includes(userId);
}
