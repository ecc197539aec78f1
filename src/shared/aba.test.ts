import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber, routingNumberProblem } from './aba';

describe('ABA routing numbers', () => {
  it.each(['011000015', '021000021', '026009593', '111000025', '121000358', '322271627'])(
    'accepts the real routing number %s',
    (value) => {
      expect(isValidRoutingNumber(value)).toBe(true);
      expect(routingNumberProblem(value)).toBeNull();
    },
  );

  it.each(['021000022', '123456789', '111111111', '000000000'])('refuses %s with a wrong check digit', (value) => {
    expect(isValidRoutingNumber(value)).toBe(false);
    expect(routingNumberProblem(value)).toBe('Invalid routing number');
  });

  it.each(['', '12345678', '0210000210', '02100002a', ' 21000021', '021-00002'])('refuses %j as not 9 digits', (value) => {
    expect(isValidRoutingNumber(value)).toBe(false);
    expect(routingNumberProblem(value)).toBe('Routing number must be 9 digits');
  });
});
