/**
 * ABA routing transit numbers: 9 digits whose weighted sum (weights 3, 7, 1 repeated) is a
 * multiple of 10. The messages are the contract's, shared by vendors and bank accounts.
 */
export const ROUTING_LENGTH_MESSAGE = 'Routing number must be 9 digits';
export const ROUTING_CHECK_MESSAGE = 'Invalid routing number';

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function hasRoutingFormat(value: string): boolean {
  return /^\d{9}$/.test(value);
}

/** True for a 9-digit number with a valid check digit (the all-zero number is refused). */
export function isValidRoutingNumber(value: string): boolean {
  if (!hasRoutingFormat(value) || value === '000000000') return false;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) {
    sum += Number(value[index]) * (WEIGHTS[index] ?? 0);
  }
  return sum % 10 === 0;
}

/** The message for a routing number, or null when it is valid. */
export function routingNumberProblem(value: string): string | null {
  if (!hasRoutingFormat(value)) return ROUTING_LENGTH_MESSAGE;
  if (!isValidRoutingNumber(value)) return ROUTING_CHECK_MESSAGE;
  return null;
}
