/** 2 x 50.00 + 1.5 x 20.00 = 130.00, tax 10.40, discount 5.00: 135.40 a month from Jan 31 2027. */
export function schedulePayload(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerId,
    frequency: 'monthly',
    startDate: '2027-01-31',
    taxAmount: '10.40',
    discountAmount: '5.00',
    paymentTerms: 'Net 15',
    items: [
      { description: 'Bookkeeping', quantity: 2, unitPrice: 50 },
      { description: 'Payroll hours', quantity: '1.5', unitPrice: '20.00' },
    ],
    ...overrides,
  };
}
