import { describe, expect, it } from 'vitest';
import { attributeBomb, nestingBomb } from '../../test/xml-bombs.js';
import { ParseError } from './parse-error.js';
import { parseXml } from './xml.js';
import { checkXmlLimits, XML_LIMITS } from './xml-limits.js';

function refusal(text: string): ParseError {
  try {
    parseXml(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ParseError);
    return err as ParseError;
  }
  throw new Error('not refused');
}

describe('XML limits', () => {
  it('900 000 attributes on one element: refused at once, naming the limit, the element and the line', () => {
    const bomb = attributeBomb();
    const message = `У элемента больше ${XML_LIMITS.maxAttributesPerElement} атрибутов — такой файл не принимается (строка 3, элемент <Документ>)`;
    expect(refusal(bomb).message).toBe(message);
    // refused as the attributes are counted, not once the element is read: the same element cut
    // off long before its end (no `/>`, no closing tags) is refused the same way
    expect(refusal(bomb.slice(0, 100_000)).message).toBe(message);
  });

  it('900 000 attributes spread over elements: refused by the total', () => {
    const lines = Array.from(
      { length: 90_000 },
      (_, i) => `<r a="${i}" b="1" c="1" d="1" e="1" f="1" g="1" h="1" i="1" j="1" k="1" l="1"/>`,
    );
    const err = refusal(`<root>\n${lines.join('\n')}\n</root>`);
    expect(err.message).toMatch(
      /^В XML больше 1000000 атрибутов — такой файл не принимается \(строка \d+, элемент <r>\)$/,
    );
  });

  it('500 000 nested elements: refused by the depth, not a stack overflow', () => {
    const err = refusal(nestingBomb());
    expect(err.message).toBe(
      `Вложенность элементов XML глубже ${XML_LIMITS.maxDepth} уровней — такой файл не принимается (строка 2, элемент <a>)`,
    );
  });

  it('too many elements', () => {
    expect(() => checkXmlLimits('<r><x/><x/><x/></r>', { ...XML_LIMITS, maxElements: 3 })).toThrow(
      /^В XML больше 3 элементов — такой файл не принимается \(строка 1, элемент <x>\)$/,
    );
  });

  it('comments, CDATA, declarations and quoted `>` or `=` do not count', () => {
    expect(() =>
      checkXmlLimits('<?xml version="1.0"?><!-- <a b="1"> --><r x="a=b>c"><![CDATA[<y z="1">]]></r>', {
        ...XML_LIMITS,
        maxElements: 1,
        maxAttributesPerElement: 1,
        maxDepth: 1,
      }),
    ).not.toThrow();
  });

  it('malformed XML is named in Russian with its line and position', () => {
    expect(refusal('<a>\n<b>\n</a>').message).toBe(
      'Повреждённый XML: ожидался закрывающий тег </b> (элемент открыт в строке 2, позиция 1), а стоит </a> (строка 3, позиция 1)',
    );
    expect(refusal('<a>\n<b x="1" x="2"/></a>').message).toMatch(
      /^Повреждённый XML: атрибут «x» повторяется \(строка 2/,
    );
    expect(refusal('<a></a><b></b>').message).toMatch(
      /^Повреждённый XML: в файле несколько корневых элементов/,
    );
    expect(refusal('<a>').message).toMatch(/^Повреждённый XML: элемент <a> не закрыт/);
    expect(refusal('<a>&</a>').message).toMatch(/^Повреждённый XML: недопустимый символ «&»/);
    expect(refusal('<a x=1></a>').message).toMatch(/^Повреждённый XML: у атрибута «x» нет значения/);
    expect(refusal('<a>x</a>y').message).toMatch(/^Повреждённый XML: лишний текст после корневого элемента/);
  });
});
