import { describe, expect, it } from 'vitest';
import { type CandidatePool, type MatchLine, type OpenInvoice, exactCombinations, scoreLine } from './scoring';
import { NameIndex, nameSimilarity, numberCandidates, numberKey, stableDescription } from './text-similarity';

function pool(invoices: OpenInvoice[], customers: Record<string, string> = {}): CandidatePool {
  const customerIndex = new NameIndex();
  for (const [id, name] of Object.entries(customers)) customerIndex.add(id, name);
  const byBalance = new Map<number, OpenInvoice[]>();
  const byCustomer = new Map<string, OpenInvoice[]>();
  for (const invoice of invoices) {
    byBalance.set(invoice.balance, [...(byBalance.get(invoice.balance) ?? []), invoice]);
    byCustomer.set(invoice.customerId, [...(byCustomer.get(invoice.customerId) ?? []), invoice]);
  }
  return {
    customers: customerIndex,
    vendors: new NameIndex(),
    invoicesByBalance: byBalance,
    invoicesByNumber: new Map(invoices.map((invoice) => [invoice.numberKey, invoice])),
    invoicesByCustomer: byCustomer,
    recordedByAmount: new Map(),
    runsByTotal: new Map(),
    billPaymentsByAmount: new Map(),
    returnableByAmount: new Map(),
    customerReturnsByAmount: new Map(),
    openBillsByBalance: new Map(),
    rules: new Map(),
    money: (cents) => `$${(cents / 100).toFixed(2)}`,
  };
}

function invoice(id: string, number: string, balance: number, customerId = 'c1', dueDate = '2026-11-15'): OpenInvoice {
  return { id, number, numberKey: numberKey(number), customerId, dueDate, balance };
}

function line(amount: number, description: string, extra: Partial<MatchLine> = {}): MatchLine {
  return { id: 'l1', postedOn: '2026-11-20', amount, description, reference: null, counterparty: null, returnCode: null, ruleId: null, ...extra };
}

describe('names and numbers in bank text', () => {
  it('tolerates a typo and ignores case, punctuation and legal suffixes', () => {
    expect(nameSimilarity('Acme Supply, Inc.', 'ACH CREDIT ACME SUPPY')).toBeGreaterThan(0.85);
    expect(nameSimilarity('Acme Supply', 'ACH CREDIT BETA LOGISTICS')).toBeLessThan(0.6);
    const index = new NameIndex();
    index.add('a', 'Harbor Freight Partners');
    index.add('b', 'Northwind Traders');
    expect(index.find('DEPOSIT HARBOUR FREIGHT PARTNRS').map((hit) => hit.id)).toEqual(['a']);
  });

  it('reads document numbers however the payer wrote them', () => {
    expect(numberCandidates('PAYMENT INV 1001 AND inv-1002')).toEqual(expect.arrayContaining(['INV1001', 'INV1002']));
    expect(numberCandidates('NO NUMBERS HERE')).toEqual([]);
    expect(stableDescription('ACH DEBIT AWS 88412 #2231')).toBe('ach debit aws');
  });

  it('finds exact combinations, bounded in size and count', () => {
    const items = [100, 250, 400, 650, 75].map((balance, index) => ({ id: String(index), balance }));
    const combos = exactCombinations(items, 650);
    expect(combos.map((combo) => combo.map((item) => item.balance).sort((a, b) => a - b))).toEqual(expect.arrayContaining([[250, 400]]));
    expect(combos.every((combo) => combo.length >= 2 && combo.length <= 4)).toBe(true);
    const many = Array.from({ length: 40 }, (_, index) => ({ id: String(index), balance: 100 }));
    expect(exactCombinations(many, 200, 10)).toHaveLength(10);
  });
});

describe('scoring a deposit', () => {
  it('puts the named invoice with the exact amount at the top band', () => {
    const [top] = scoreLine(line(50000, 'ACH CREDIT INV-7'), pool([invoice('i7', 'INV-7', 50000), invoice('i8', 'INV-8', 50000)]));
    expect(top).toMatchObject({ key: 'inv:i7=50000', confidence: 98 });
  });

  it('keeps an amount shared by several invoices, with no name, well below the auto-match band', () => {
    const suggestions = scoreLine(line(50000, 'DEPOSIT'), pool([invoice('a', 'A-1', 50000, 'c1'), invoice('b', 'B-1', 50000, 'c2')]));
    expect(suggestions).toHaveLength(2);
    expect(Math.max(...suggestions.map((s) => s.confidence))).toBeLessThan(70);
    expect(suggestions[0]?.reason).toContain('2 open invoices of this amount');
  });

  it('prefers the invoice of the customer the line names', () => {
    const suggestions = scoreLine(
      line(50000, 'ACH CREDIT NORTHWND TRADERS'),
      pool([invoice('a', 'A-1', 50000, 'c1'), invoice('b', 'B-1', 50000, 'c2')], { c1: 'Acme Supply', c2: 'Northwind Traders' }),
    );
    expect(suggestions[0]?.key).toBe('inv:b=50000');
    expect(suggestions[0]?.confidence).toBeGreaterThanOrEqual(85);
    expect(suggestions[0]?.confidence).toBeLessThan(95);
  });

  it('lowers two different answers that tie at the top, so neither is taken for certain', () => {
    const suggestions = scoreLine(
      line(50000, 'ACH CREDIT ACME SUPPLY'),
      pool([invoice('a', 'A-1', 50000, 'c1', '2026-11-18'), invoice('b', 'B-1', 50000, 'c1', '2026-11-18')], { c1: 'Acme Supply' }),
    );
    expect(suggestions[0]?.confidence).toBe(suggestions[1]?.confidence);
    expect(suggestions[0]?.confidence).toBeLessThan(80);
  });

  it('offers a part payment when the named invoice owes more than the line', () => {
    const [top] = scoreLine(line(20000, 'WIRE', { reference: 'INV-9' }), pool([invoice('i9', 'INV-9', 50000)]));
    expect(top).toMatchObject({ key: 'inv:i9=20000', confidence: 86 });
    expect(top?.action).toContain('$300.00 stays open');
  });
});

describe('scoring debits and returns', () => {
  it('gives a run whose total is exact and recent the top band, and several such runs much less', () => {
    const base = pool([]);
    base.runsByTotal.set(20025, [{ id: 'r1', total: 20025, count: 2, scheduledDate: '2026-11-18', method: 'ach' }]);
    expect(scoreLine(line(-20025, 'ACH BATCH'), base)[0]).toMatchObject({ key: 'run:r1', confidence: 96 });
    base.runsByTotal.set(20025, [
      { id: 'r1', total: 20025, count: 2, scheduledDate: '2026-11-18', method: 'ach' },
      { id: 'r2', total: 20025, count: 3, scheduledDate: '2026-11-19', method: 'ach' },
    ]);
    expect(scoreLine(line(-20025, 'ACH BATCH'), base)[0]?.confidence).toBeLessThan(80);
  });

  it('reads the return code from the description and only suggests earlier payments of that amount', () => {
    const base = pool([]);
    const payment = { id: 'p1', billId: 'b1', billNumber: 'B-1', billNumberKey: 'B1', vendorId: 'v1', amount: 64000, status: 'completed' as const, day: '2026-11-18', paymentRunId: null };
    base.returnableByAmount.set(64000, [payment, { ...payment, id: 'p2', day: '2026-11-25' }]);
    const suggestions = scoreLine(line(64000, 'ACH RETURN R01 VENDOR'), base);
    expect(suggestions.map((s) => s.key)).toEqual(['ret:p1']);
    expect(suggestions[0]).toMatchObject({ kind: 'ach_return', confidence: 95 });
    expect(suggestions[0]?.reason).toContain('R01');
    // A camt return reason the parser read into returnCode counts as well as one in the text.
    const fromParser = scoreLine(line(64000, 'RETURNED ITEM', { returnCode: 'R29' }), base);
    expect(fromParser[0]).toMatchObject({ key: 'ret:p1', kind: 'ach_return' });
    expect(fromParser[0]?.action).toContain('R29');
  });
  it('suggests a debit naming a return code against the customer payment it bounces, preferring the one deposited or named', () => {
    const base = pool([], { c1: 'Bright Dental LLC', c2: 'Harbor Freight Co' });
    const payment = { id: 'q1', invoiceId: 'i1', invoiceNumber: 'INV-1002', invoiceNumberKey: 'INV1002', customerId: 'c1', amount: 80000, day: '2026-11-10', deposited: false };
    base.customerReturnsByAmount.set(80000, [payment, { ...payment, id: 'q2', invoiceId: 'i2', invoiceNumber: 'INV-1003', invoiceNumberKey: 'INV1003', customerId: 'c2', deposited: true }, { ...payment, id: 'q3', day: '2026-11-25' }]);
    const [top, second] = scoreLine(line(-80000, 'ACH RETURN R01'), base);
    expect(top).toMatchObject({ key: 'ret:q2', kind: 'ach_return' });
    expect(top?.reason).toContain('Return of the $800.00 payment on INV-1003');
    expect(top?.reason).toContain('the invoice is open again');
    expect(second?.key).toBe('ret:q1');
    const named = scoreLine(line(-80000, 'RETURNED ITEM BRIGHT DENTAL', { returnCode: 'R01' }), base);
    expect(named[0]).toMatchObject({ key: 'ret:q1', confidence: 85 });
    expect(scoreLine(line(-80000, 'RETURN INV-1002 R09'), base)[0]).toMatchObject({ key: 'ret:q1', confidence: 97 });
    // No code, no return: "RETURNED ITEM" alone is not enough, and a deposit never reverses a customer payment.
    expect(scoreLine(line(-80000, 'RETURNED ITEM BRIGHT DENTAL'), base).some((s) => s.kind === 'ach_return')).toBe(false);
    expect(scoreLine(line(80000, 'ACH RETURN R01 BRIGHT DENTAL'), base).some((s) => s.key.startsWith('ret:q'))).toBe(false);
  });
});
