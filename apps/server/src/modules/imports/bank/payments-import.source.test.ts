import { describe, expect, it } from 'vitest';
import { StatementsSource } from './payments-import.source.js';

/** A UTF-8 statement of `n` outgoing orders of the account 12312312312312312 (ten lines each). */
function statement(n: number): Buffer {
  const lines = ['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=UTF-8'];
  for (let i = 1; i <= n; i++)
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${i}`,
      'Дата=11.01.2016',
      `Сумма=${i}.00`,
      'ПлательщикСчет=12312312312312312',
      'ПлательщикИНН=123123123123',
      'ПолучательСчет=40702810900000000099',
      'ПолучательИНН=7704123450',
      `НазначениеПлатежа=Оплата по счёту ${i}`,
      'КонецДокумента',
    );
  lines.push('КонецФайла');
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

describe('StatementsSource', () => {
  it('hands the orders over a part at a time and estimates how many are left', async () => {
    const data = statement(4000);
    const shares: number[] = [];
    const source = new StatementsSource(
      [{ name: 'big.txt', data, sha256: '' }],
      { accounts: new Set(['12312312312312312']), inns: new Set() },
      [],
      async (share) => {
        shares.push(share);
      },
    );
    expect(source.left()).toBe(Number.POSITIVE_INFINITY);
    // a part is read 20 000 lines at a time: half of this statement
    const first = await source.next(100);
    expect(first!.length).toBeGreaterThan(1900);
    expect(first!.length).toBeLessThan(2100);
    expect(Math.abs(source.left() - (4000 - first!.length))).toBeLessThan(100);
    const rest = await source.next(10_000);
    expect(first!.length + rest!.length).toBe(4000);
    expect(source.left()).toBe(0);
    expect(await source.next(10_000)).toBeNull();
    expect(source).toMatchObject({ documents: 4000, outgoing: 4000, incoming: 0 });
    expect(shares[0]).toBeGreaterThan(0.45);
    expect(shares[0]).toBeLessThan(0.55);
  });
});
