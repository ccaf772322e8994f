import { describe, expect, it } from 'vitest';
import type { UpdInvoice } from './upd.types.js';
import { resolveUpdContract, type UpdContractCandidate } from './upd-contract-match.js';

const doc = (over: Partial<UpdInvoice> = {}): UpdInvoice => ({
  kind: 'upd',
  function: 'СЧФДОП',
  fileId: 'ON_NSCHFDOPPR_x',
  formatVersion: '5.03',
  knd: '1115131',
  uid: null,
  number: '77',
  date: '2024-03-01',
  correction: null,
  currencyCode: '643',
  seller: { name: 'ООО «Поставщик»', inn: '7701234567', kpp: null, isIndividual: false },
  buyer: { name: 'АО «Энергосеть»', inn: '5003123458', kpp: null, isIndividual: false },
  govContractId: null,
  bases: [],
  warnings: [],
  shipper: null,
  consignee: null,
  shipmentDocs: [],
  paymentDocs: [],
  lines: [],
  totals: { withoutVat: null, vat: null, withVat: null },
  advance: false,
  ...over,
});
const contract = (id: number, over: Partial<UpdContractCandidate> = {}): UpdContractCandidate => ({
  id,
  number: `Д-${id}`,
  contractDate: '2024-02-01',
  eisRegistryNumber: null,
  supplierInn: '7701234567',
  customerInn: '5003123458',
  status: 'concluded',
  ...over,
});
const buyers = new Set(['5003123458']);

describe('finding the contract of an УПД', () => {
  it('refuses a buyer who is neither the company nor its заказчик', () => {
    const r = resolveUpdContract(
      doc({ buyer: { name: 'ООО «Чужой»', inn: '7707083893', kpp: null, isIndividual: false } }),
      [contract(1)],
      buyers,
      null,
    );
    expect(r.error).toBe(
      'Не удалось обработать УПД № 77 от 01.03.2024: покупатель «ООО «Чужой»» (ИНН 7707083893) не является компанией или её заказчиком',
    );
  });

  it('ИдГосКон names the registry number', () => {
    const c = contract(2, { eisRegistryNumber: '12345678901234567890123' });
    const r = resolveUpdContract(
      doc({ govContractId: '12345678901234567890123' }),
      [contract(1), c],
      buyers,
      null,
    );
    expect(r).toMatchObject({ contractId: 2, error: null });
  });

  it('the basis number and date pick one contract; a wrong date is not the contract', () => {
    const list = [
      contract(1, { number: '15/2024', contractDate: '2024-02-01' }),
      contract(2, { number: '15/2024', contractDate: '2023-02-01' }),
    ];
    const basis = (date: string) => doc({ bases: [{ name: 'Договор', number: '№ 15/2024', date }] });
    expect(resolveUpdContract(basis('2024-02-01'), list, buyers, null)).toMatchObject({ contractId: 1 });
    expect(resolveUpdContract(basis('2022-02-01'), list, buyers, null).error).toBe(
      'Не удалось обработать УПД № 77 от 01.03.2024: не найден договор № 15/2024 от 01.02.2022 с поставщиком ИНН 7701234567',
    );
    const undated = doc({ bases: [{ name: 'Договор', number: '15/2024', date: null }] });
    expect(resolveUpdContract(undated, list, buyers, null).error).toContain('несколько договоров');
  });

  it('without a basis: the only contract with the supplier, else a request to choose', () => {
    expect(resolveUpdContract(doc(), [contract(1)], buyers, null)).toMatchObject({ contractId: 1 });
    expect(resolveUpdContract(doc(), [contract(1), contract(2)], buyers, null).error).toContain(
      '2 договоров: выберите договор вручную',
    );
    expect(resolveUpdContract(doc(), [contract(1, { status: 'draft' })], buyers, null).error).toContain(
      '«проект» или «отменён»',
    );
    expect(resolveUpdContract(doc(), [], buyers, null).error).toContain(
      'в реестре нет договоров с поставщиком «ООО «Поставщик»» (ИНН 7701234567)',
    );
  });

  it('an УКД follows the contract of the invoice it corrects', () => {
    const ukd = {
      ...doc(),
      kind: 'ukd' as const,
      function: 'КСЧФДИС' as const,
      invoices: [],
      totals: { increase: null, decrease: null },
      lines: [],
    };
    expect(resolveUpdContract(ukd, [contract(1), contract(2)], buyers, 2)).toMatchObject({
      contractId: 2,
      error: null,
    });
    expect(resolveUpdContract(ukd, [contract(1), contract(2)], buyers, null).error).toMatch(
      /^Не удалось обработать УПД \(УКД № 77 от 01\.03\.2024\): /,
    );
  });
});
