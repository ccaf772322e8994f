import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainXsdError, validateEis223, xsdFailureMessage } from './eis-validate.js';

const EIS223 = path.resolve(import.meta.dirname, '../../../../..', '../shared/fixtures/real/eis223');
const XSD_COPY = path.resolve(import.meta.dirname, 'xsd');
const C = '{http://zakupki.gov.ru/223fz/contract/1}';

describe('validation against the shipped EIS schemas', () => {
  it('ships the public EIS 223-ФЗ schemas byte for byte', async () => {
    for (const name of ['contract.xsd', 'Types.xsd']) {
      const [copy, source] = await Promise.all([
        readFile(path.join(XSD_COPY, name)),
        readFile(path.join(EIS223, 'xsd', name)),
      ]);
      expect(copy.equals(source)).toBe(true);
    }
  });

  it('refuses a real TFF-7.5 sample (urlOOS is not in schema 12.2) with the reason in Russian', async () => {
    const xml = await readFile(path.join(EIS223, 'homyakin__contractCompleting_test.xml'), 'utf8');
    const r = await validateEis223(xml);
    expect(r.valid).toBe(false);
    expect(r.errors[0]).toMatch(
      /^строка 13: элемент urlOOS здесь не ожидается; ожидается: urlEIS, termination, /,
    );
  });

  it('refuses what is not XML at all', async () => {
    const r = await validateEis223('<contract><unclosed></contract>');
    expect(r.valid).toBe(false);
    expect(r.errors.length).toBeGreaterThan(0);
  });
});

describe('xmllint messages in Russian', () => {
  const e = (message: string) =>
    explainXsdError({ message, loc: { fileName: 'document.xml', lineNumber: 7 } });

  it('explains missing and unexpected elements with local names', () => {
    expect(e(`Element '${C}contractData': Missing child element(s). Expected is ( ${C}contractDate ).`)).toBe(
      'строка 7: в элементе contractData не хватает обязательного элемента: contractDate',
    );
    expect(
      e(
        `Element '${C}foo': This element is not expected. Expected is one of ( ${C}name, ${C}contractDate ).`,
      ),
    ).toBe('строка 7: элемент foo здесь не ожидается; ожидается: name, contractDate');
  });

  it('explains facets and wrong values', () => {
    expect(
      e(
        `Element '{x}inn': [facet 'pattern'] The value '123' is not accepted by the pattern '\\d{10}|\\d{12}'.`,
      ),
    ).toBe('строка 7: значение «123» элемента inn не соответствует шаблону \\d{10}|\\d{12}');
    expect(
      e(`Element '${C}status': [facet 'enumeration'] The value 'X' is not an element of the set {'F', 'P'}.`),
    ).toBe('строка 7: значение «X» элемента status не входит в перечень допустимых: F, P');
    expect(e(`Element '${C}price': 'abc' is not a valid value of the atomic type '{t}unsignedMoney2'.`)).toBe(
      'строка 7: значение «abc» элемента price не соответствует типу unsignedMoney2',
    );
  });

  it('names the document and the first errors', () => {
    expect(xsdFailureMessage('Сведения о договоре', ['a', 'b', 'c', 'd', 'e'])).toBe(
      'Сведения о договоре не прошли проверку по схеме ЕИС contract.xsd, файл не выдан: a; b; c (и ещё ошибок: 2)',
    );
  });
});
