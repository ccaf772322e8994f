import { BidInput } from '@zakupki/shared/api/bids-model';
import { describe, expect, it } from 'vitest';
import { bid, results } from '../test/fixtures';
import { bidBody, bidValues, moscowLocal, priceMissing } from './bid-form';

const lot = results().lots[0];
const withItems = {
  ...lot,
  items: [
    { id: 1, line_no: 1, name: 'Бумага А4', quantity: '100', unit_price: '500.00' },
    { id: 2, line_no: 2, name: 'Бумага А3', quantity: '10', unit_price: '900.00' },
  ],
};

describe('bid form', () => {
  it('shows the received time in Moscow time', () => {
    expect(moscowLocal('2026-03-02T07:15:00.000Z')).toBe('2026-03-02 10:15');
  });

  it('turns a stored bid into the body the shared schema accepts', () => {
    const body = bidBody(bidValues(lot, bid()));
    expect(body).toMatchObject({
      lot_id: 70,
      participant_inn: '7707083893',
      participant_kpp: '773601001',
      received_at: '2026-03-02T10:15',
      price: '900000.00',
      items: [],
      country_code: '643',
    });
    expect(BidInput.safeParse(body).success).toBe(true);
  });

  it('a new bid on a lot with items lists every item; the price may be left for the server to sum', () => {
    const v = bidValues(withItems, null);
    expect(v.items.map((i) => i.item_id)).toEqual([1, 2]);
    v.items[0].unit_price = 480;
    v.items[1].unit_price = '850,5';
    expect(bidBody(v).items).toEqual([
      { item_id: 1, unit_price: '480' },
      { item_id: 2, unit_price: '850,5' },
    ]);
    expect(bidBody(v).price).toBeNull();
    expect(priceMissing(v)).toBeNull();
  });

  it('a lot without items needs the price; a wrong ИНН is refused by the shared schema', () => {
    const v = { ...bidValues(lot, null), participant_inn: '7707083894', price: '' };
    expect(priceMissing(v)).toBe('Укажите цену заявки');
    const parsed = BidInput.safeParse(bidBody(v));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('participant_inn');
  });
});
