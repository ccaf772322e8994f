import { describe, expect, it } from 'vitest';
import { methodKindByName, procurementMethod } from './eis223-method.js';

/** Reading an EIS notice's method name is parsing (the law's kind comes from catalogue flags). */
describe('the method named in an EIS file', () => {
  it.each([
    ['Открытый конкурс', 'competition'],
    ['Конкурс в электронной форме', 'competition'],
    ['Аукцион в электронной форме, участниками которого могут являться только субъекты МСП', 'auction'],
    ['Запрос котировок в электронной форме', 'quotation_request'],
    ['Закрытый запрос предложений', 'proposal_request'],
    ['Закупка у единственного поставщика (исполнителя, подрядчика)', 'single_supplier'],
    ['Конкурентные переговоры', 'other'],
  ])('%s is %s', (title, kind) => {
    expect(methodKindByName(title)).toBe(kind);
  });

  it('reads the form of the root element before the name', () => {
    expect(procurementMethod('purchaseNoticeZK', 'purchaseNotice', 'Иной', false)).toEqual({
      kind: 'quotation_request',
      electronic: false,
    });
    expect(procurementMethod('purchaseNoticeIS', 'purchaseNotice', 'Запрос цен', true)).toEqual({
      kind: 'quotation_request',
      electronic: true,
    });
  });
});
